// What the owner of an organisation does with its webhooks (decision 111): endpoints made, changed,
// switched off and removed, secrets rotated (the old one signs beside the new one for a day), a test
// message sent, the deliveries read and a failed one sent again. Only the owner: the secrets sign
// messages that other systems act on.
import type { WebhookDelivery, WebhookEndpoint } from '@sp/shared';
import { WEBHOOK_EVENT_TYPES } from '@sp/shared';
import { fromDbBool, fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';
import { fail } from '../../lib/errors.ts';
import type { SecretBox } from '../../identity/secret-box.ts';
import type { Caller, EventAccess } from '../access/index.ts';
import { refusedLiteral } from './address-guard.ts';
import { enqueueTestMessage, type DeliveryRow, type EndpointRow, type WebhooksRepository } from './repository.ts';
import { newWebhookSecret } from './signing.ts';
import type { Db } from '../../db/index.ts';

export const MAX_ENDPOINTS = 20;
/** How long a rotated secret still signs beside the new one. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;
const DELIVERIES_SHOWN = 50;

export const bindingOf = (endpointId: number) => `webhook-endpoint:${endpointId}`;

type Owner = Caller & { email: string };

export function createWebhooksService(deps: {
  db: Db;
  repo: WebhooksRepository;
  access: Pick<EventAccess, 'organiserOrganisation' | 'isOwnerOf'>;
  secrets: SecretBox;
  allowPrivate: boolean;
  clock: (() => Date) | undefined;
}) {
  const now = () => deps.clock?.() ?? new Date();
  const ownOrganisation = async (caller: Owner): Promise<number> => {
    const organisationId = await deps.access.organiserOrganisation(caller);
    if (!(await deps.access.isOwnerOf(caller, organisationId)))
      throw fail('organisation.owner-only', "Only the organisation's owner manages its webhooks");
    return organisationId;
  };
  const checkedUrl = (value: string): string => {
    if (refusedLiteral(new URL(value), deps.allowPrivate))
      throw fail('webhook.address-refused', 'This address is in a private network', { url: 'private address' });
    return value;
  };
  const found = async (organisationId: number, id: number): Promise<EndpointRow> => {
    const endpoint = await deps.repo.endpoint(organisationId, id);
    if (!endpoint) throw fail('webhook.not-found', 'No such webhook');
    return endpoint;
  };
  const wire = (
    endpoint: EndpointRow,
    counts?: { delivered: number; failed: number; pending: number },
  ): WebhookEndpoint => {
    const until = fromDbTimeOrNull(endpoint.previous_until);
    return {
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      event_types: endpoint.event_types
        .split(',')
        .filter((type): type is (typeof WEBHOOK_EVENT_TYPES)[number] =>
          (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type),
        ),
      enabled: fromDbBool(endpoint.enabled),
      created_at: fromDbTime(endpoint.created_at).toISOString(),
      previous_secret_until: endpoint.previous_secret && until && until > now() ? until.toISOString() : null,
      recent: counts ?? { delivered: 0, failed: 0, pending: 0 },
    };
  };

  return {
    async list(caller: Owner) {
      const organisationId = await ownOrganisation(caller);
      const [endpoints, counts] = await Promise.all([
        deps.repo.endpointsOf(organisationId),
        deps.repo.recentCounts(organisationId, new Date(now().getTime() - 24 * 60 * 60 * 1000)),
      ]);
      return { endpoints: endpoints.map((endpoint) => wire(endpoint, counts.get(endpoint.id))) };
    },

    async create(caller: Owner, body: { url: string; description: string; event_types: readonly string[] }) {
      const organisationId = await ownOrganisation(caller);
      const secret = newWebhookSecret();
      const endpoint = await deps.repo.create(
        {
          organisation_id: organisationId,
          url: checkedUrl(body.url),
          description: body.description,
          event_types: [...new Set(body.event_types)].join(','),
          secret: '',
          created_by: caller.email,
          created_at: toDbTime(now()),
        },
        MAX_ENDPOINTS,
        (id) => deps.secrets.seal(secret, bindingOf(id)),
      );
      if (!endpoint) throw fail('webhook.too-many', `At most ${MAX_ENDPOINTS} webhooks per organisation`);
      return { endpoint: wire(endpoint), secret };
    },

    async update(
      caller: Owner,
      id: number,
      patch: { url?: string; description?: string; event_types?: readonly string[]; enabled?: boolean },
    ) {
      const organisationId = await ownOrganisation(caller);
      const updated = await deps.repo.update(organisationId, id, {
        ...(patch.url !== undefined ? { url: checkedUrl(patch.url) } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.event_types ? { event_types: [...new Set(patch.event_types)].join(',') } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      });
      if (!updated) throw fail('webhook.not-found', 'No such webhook');
      return wire(updated);
    },

    async remove(caller: Owner, id: number) {
      const organisationId = await ownOrganisation(caller);
      if (!(await deps.repo.remove(organisationId, id))) throw fail('webhook.not-found', 'No such webhook');
    },

    async rotate(caller: Owner, id: number) {
      const organisationId = await ownOrganisation(caller);
      const endpoint = await found(organisationId, id);
      const secret = newWebhookSecret();
      const rotated = await deps.repo.rotate(organisationId, id, {
        from: endpoint.secret,
        secret: deps.secrets.seal(secret, bindingOf(id)),
        previous: endpoint.secret,
        previousUntil: new Date(now().getTime() + PREVIOUS_SECRET_MS),
      });
      // Another rotation came first: its secret is the one shown to whoever made it.
      if (!rotated) throw fail('request.conflict', 'The secret was rotated at the same moment; try again');
      return { endpoint: wire(rotated), secret };
    },

    async test(caller: Owner, id: number) {
      const organisationId = await ownOrganisation(caller);
      const endpoint = await found(organisationId, id);
      const at = now();
      const queued = await deps.db.transaction().execute(async (trx) => {
        await enqueueTestMessage(trx, organisationId, endpoint.id, at);
        return trx
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('endpoint_id', '=', endpoint.id)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
      });
      return { delivery: deliveryWire(queued) };
    },

    async deliveries(caller: Owner, id: number) {
      const organisationId = await ownOrganisation(caller);
      await found(organisationId, id);
      return { deliveries: (await deps.repo.deliveriesOf(organisationId, id, DELIVERIES_SHOWN)).map(deliveryWire) };
    },

    async retry(caller: Owner, deliveryId: number) {
      const organisationId = await ownOrganisation(caller);
      const again = await deps.repo.retry(organisationId, deliveryId, now());
      if (again) return { delivery: deliveryWire(again) };
      const delivery = await deps.repo.delivery(organisationId, deliveryId);
      if (!delivery) throw fail('webhook.not-found', 'No such delivery');
      throw fail('request.conflict', 'Only a delivery that failed for good is sent again');
    },

    /** The secrets that sign for the endpoint at `at`. */
    signingSecrets(endpoint: EndpointRow, at: Date): string[] {
      const current = deps.secrets.open(endpoint.secret, bindingOf(endpoint.id));
      const until = fromDbTimeOrNull(endpoint.previous_until);
      if (!endpoint.previous_secret || !until || until <= at) return [current];
      return [current, deps.secrets.open(endpoint.previous_secret, bindingOf(endpoint.id))];
    },

    /** After a change of the secrets key: every sealed secret sealed again with the new key. */
    async sealAgain(): Promise<void> {
      const all = await deps.db.selectFrom('webhook_endpoints').select(['id', 'secret', 'previous_secret']).execute();
      for (const row of all) {
        const binding = bindingOf(row.id);
        await deps.repo.reseal(
          row.id,
          'secret',
          row.secret,
          deps.secrets.seal(deps.secrets.open(row.secret, binding), binding),
        );
        if (row.previous_secret)
          await deps.repo.reseal(
            row.id,
            'previous_secret',
            row.previous_secret,
            deps.secrets.seal(deps.secrets.open(row.previous_secret, binding), binding),
          );
      }
    },
  };
}

export function deliveryWire(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.message_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    created_at: fromDbTime(row.created_at).toISOString(),
    last_attempt_at: fromDbTimeOrNull(row.last_attempt_at)?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? fromDbTime(row.next_attempt_at).toISOString() : null,
    last_status: row.last_status,
    last_error: row.last_error,
    last_response: row.last_response,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
