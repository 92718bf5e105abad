// The rules of assets (decision 084): the organisation sets a deliverable's spec; the sponsor (signed
// in or by the invitation link) uploads a file for it, which is read, checked against the spec and
// kept as it came (the original, by its SHA-256) as the next round; the organisation approves a round
// or asks for a change with a comment. An approved round is locked: it never changes, and a later
// upload starts a new round beside it. Every step is in the deliverable's activity log.
import { createHash } from 'node:crypto';
import type {
  AssetFileType,
  AssetPlacement,
  AssetSpec,
  DecideAssetRequest,
  DeliverableAssetResponse,
} from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import type { ActivityEntry, DeliverableRecord, FulfilmentApi } from '../fulfilment/index.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import type { BlobStore } from '../../ports/blobs/index.ts';
import type { EventAccess } from '../access/index.ts';
import { printBundle } from './bundle.ts';
import { assertMeetsSpec, readAsset } from './check.ts';
import type { AssetsRepository } from './repository.ts';

const EXTENSIONS: Record<AssetFileType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', svg: 'svg', pdf: 'pdf' };
export const CONTENT_TYPES: Record<AssetFileType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

export function createAssetsService(deps: {
  repo: AssetsRepository;
  fulfilment: Pick<FulfilmentApi, 'reach'>;
  events: Pick<EventAccess, 'organiserEvent'>;
  store: BlobStore;
  clock?: () => Date;
}) {
  const { repo, fulfilment, store } = deps;
  const now = deps.clock ?? (() => new Date());

  const actorOf = (caller: SponsorshipCaller, d: DeliverableRecord, side: 'organisation' | 'sponsor') =>
    side === 'sponsor' || caller.kind === 'guest' ? d.sponsorEmail : (caller.email ?? '');

  const entry = (
    d: DeliverableRecord,
    side: 'organisation' | 'sponsor',
    actor: string,
    kind: ActivityEntry['kind'],
    detail: string | null,
  ): ActivityEntry => ({
    sponsorship_id: d.sponsorshipId,
    deliverable_id: d.id,
    at: now(),
    side,
    actor,
    kind,
    title: d.title,
    detail,
  });

  const view = async (d: DeliverableRecord): Promise<DeliverableAssetResponse> => {
    const deliverableId = d.id;
    const [spec, rounds] = await Promise.all([repo.spec(deliverableId), repo.rounds(deliverableId)]);
    return {
      deliverable_id: deliverableId,
      sponsorship_id: d.sponsorshipId,
      spec,
      rounds: rounds.map((r) => ({
        round: r.round,
        status: r.status,
        file_type: r.file_type as AssetFileType,
        width: r.width,
        height: r.height,
        bytes: r.bytes,
        alt_text: r.alt_text,
        uploaded_at: r.uploaded_at.toISOString(),
        decided_at: r.decided_at?.toISOString() ?? null,
        comment: r.comment,
      })),
      locked: rounds.some((r) => r.status === 'approved'),
    };
  };

  const organiser = async (caller: SponsorshipCaller, id: number) => {
    const { deliverable, side } = await fulfilment.reach(caller, id);
    if (side !== 'organisation') throw fail('deliverable.organisers-decide', 'Only the organisation decides this');
    return deliverable;
  };

  return {
    async get(caller: SponsorshipCaller, id: number) {
      return view((await fulfilment.reach(caller, id)).deliverable);
    },

    async saveSpec(caller: SponsorshipCaller, id: number, spec: AssetSpec | null) {
      const d = await organiser(caller, id);
      const detail = spec ? spec.file_types.join(', ') : null;
      await repo.saveSpec(
        id,
        spec,
        now(),
        entry(d, 'organisation', actorOf(caller, d, 'organisation'), 'asset_spec_set', detail),
      );
      return view(d);
    },

    async upload(caller: SponsorshipCaller, id: number, bytes: Buffer, altText: string | undefined) {
      const { deliverable: d, side } = await fulfilment.reach(caller, id);
      if (side !== 'sponsor') throw fail('deliverable.organisers-decide', 'The sponsor uploads the asset');
      const spec = await repo.spec(id);
      if (!spec) throw fail('asset.no-spec', 'This deliverable asks for no file');
      const facts = await readAsset(bytes);
      assertMeetsSpec(spec, facts, altText || undefined);
      const sha = createHash('sha256').update(bytes).digest('hex');
      const key = `deliverable-assets/${id}/${sha}.${EXTENSIONS[facts.type]}`;
      await store.put(key, bytes, CONTENT_TYPES[facts.type]);
      const actor = actorOf(caller, d, 'sponsor');
      await repo.addRound(
        {
          deliverable_id: id,
          blob_key: key,
          file_type: facts.type,
          width: facts.width,
          height: facts.height,
          bytes: bytes.length,
          alt_text: altText || null,
          uploaded_by: actor,
        },
        now(),
        (round) => entry(d, 'sponsor', actor, 'asset_uploaded', String(round)),
      );
      return view(d);
    },

    async decide(caller: SponsorshipCaller, id: number, request: Required<DecideAssetRequest>) {
      const d = await organiser(caller, id);
      const by = actorOf(caller, d, 'organisation');
      const comment = request.comment || null;
      const approve = request.decision === 'approve';
      const decided = await repo.decide(
        id,
        request.round,
        { status: approve ? 'approved' : 'changes_requested', by, comment },
        now(),
        entry(
          d,
          'organisation',
          by,
          approve ? 'asset_approved' : 'asset_change_requested',
          comment ? `${request.round}: ${comment}` : String(request.round),
        ),
      );
      if (!decided) throw fail('asset.round-decided', 'This round is decided or replaced by a newer upload');
      return view(d);
    },

    /** The event's approved assets as a streamed ZIP (organisers of its organisation only). */
    async printBundle(caller: { sub: string }, eventId: number, placement: AssetPlacement | undefined) {
      const event = await deps.events.organiserEvent(caller, eventId);
      const entries = (await repo.approvedOfEvent(eventId)).filter((e) => !placement || e.placement === placement);
      return { event, stream: printBundle(entries, store) };
    },

    /** The original file of a round, for both parties. */
    async file(caller: SponsorshipCaller, id: number, round: number) {
      await fulfilment.reach(caller, id);
      const found = (await repo.rounds(id)).find((r) => r.round === round);
      const blob = found ? await store.read(found.blob_key) : null;
      if (!found || !blob) throw fail('deliverable.not-found', 'No such round');
      return { ...blob, type: found.file_type as AssetFileType };
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
