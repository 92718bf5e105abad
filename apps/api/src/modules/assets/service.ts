// The rules of assets (decision 084): the organisation sets a deliverable's spec; the sponsor (signed
// in or by the invitation link) uploads a file for it, which is read, checked against the spec and
// kept as it came (the original, by its SHA-256) as the next round; the organisation approves a round
// or asks for a change with a comment. An approved round is locked: it never changes, and a later
// upload starts a new round beside it. Every step is in the deliverable's activity log.
import { createHash } from 'node:crypto';
import { hasProof, textLength } from '@sp/shared';
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
import { assertMeetsSpec, readAsset, unmetRules } from './check.ts';
import { createPictures } from './proofs.ts';
import { isMonochrome } from './render.ts';
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
  const pictures = createPictures(store);

  /** Keeps the original under its content's hash; answers its key. */
  const keep = async (id: number, bytes: Buffer, type: AssetFileType) => {
    const sha = createHash('sha256').update(bytes).digest('hex');
    const key = `deliverable-assets/${id}/${sha}.${EXTENSIONS[type]}`;
    await store.put(key, bytes, CONTENT_TYPES[type]);
    return key;
  };

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
        sponsor_decision: r.sponsor_decision,
        monochrome: (r.mono_file_type as AssetFileType | null) ?? null,
      })),
      locked: rounds.some((r) => r.status === 'approved'),
    };
  };

  const organiser = async (caller: SponsorshipCaller, id: number) => {
    const { deliverable, side } = await fulfilment.reach(caller, id);
    if (side !== 'organisation') throw fail('deliverable.organisers-decide', 'Only the organisation decides this');
    return deliverable;
  };

  /** Why the organisation's decision changed nothing: the round is closed, or waits for the sponsor. */
  const whyNot = async (id: number, round: number, needs: { sponsor: boolean; monochrome: boolean }) => {
    const found = (await repo.rounds(id)).find((r) => r.round === round);
    if (found?.status === 'submitted') {
      if (needs.sponsor && found.sponsor_decision !== 'approved') {
        return fail('asset.awaiting-sponsor', 'The sponsor has not approved the proof yet');
      }
      if (needs.monochrome && !found.mono_blob_key) {
        return fail('asset.variant-missing', 'The monochrome variant is missing', { monochrome: 'missing' });
      }
    }
    return fail('asset.round-decided', 'This round is decided or replaced by a newer upload');
  };

  /** Makes an approved round's PNG and PDF variants now, so the print bundle only streams them. */
  const variantsOf = async (id: number, round: number, spec: AssetSpec | null) => {
    const found = (await repo.rounds(id)).find((r) => r.round === round);
    if (!found || found.file_type === 'pdf') return;
    const r = { deliverableId: id, round, blobKey: found.blob_key, fileType: found.file_type };
    const made = await pictures.pdf({ ...r, minWidth: spec?.min_width ?? null }).catch(() => null);
    made?.body.destroy();
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
      const key = await keep(id, bytes, facts.type);
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
      const spec = await repo.spec(id);
      const needs = { sponsor: hasProof(spec), monochrome: spec?.monochrome_variant ?? false };
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
        needs,
      );
      if (!decided) throw await whyNot(id, request.round, approve ? needs : { sponsor: false, monochrome: false });
      if (approve) await variantsOf(id, request.round, spec);
      return view(d);
    },

    /**
     * The sponsor's decision on the proof of the open round: approve (the organisation decides next)
     * or ask for a change with a comment (the round closes, the next upload is the next round).
     */
    async decideProof(caller: SponsorshipCaller, id: number, request: Required<DecideAssetRequest>) {
      const { deliverable: d, side } = await fulfilment.reach(caller, id);
      if (side !== 'sponsor') throw fail('deliverable.organisers-decide', 'The sponsor decides the proof');
      const spec = await repo.spec(id);
      if (!hasProof(spec)) throw fail('asset.no-spec', 'This deliverable has no proof to approve');
      const approve = request.decision === 'approve';
      const comment = request.comment || null;
      const actor = actorOf(caller, d, 'sponsor');
      const detail = comment ? `${request.round}: ${comment}` : String(request.round);
      const needsMonochrome = approve && (spec?.monochrome_variant ?? false);
      const decided = await repo.sponsorDecide(
        id,
        request.round,
        { approve, by: actor, comment },
        now(),
        entry(d, 'sponsor', actor, approve ? 'asset_approved' : 'asset_change_requested', detail),
        needsMonochrome,
      );
      if (!decided) {
        const round = (await repo.rounds(id)).find((r) => r.round === request.round);
        if (needsMonochrome && round?.status === 'submitted' && !round.sponsor_decision && !round.mono_blob_key) {
          throw fail('asset.variant-missing', 'The monochrome variant is missing', { monochrome: 'missing' });
        }
        throw fail('asset.round-decided', 'This round is decided or replaced by a newer upload');
      }
      return view(d);
    },

    /** The monochrome variant of the open round: checked (no colour, and the spec's type and size rules). */
    async uploadMonochrome(caller: SponsorshipCaller, id: number, bytes: Buffer) {
      const { deliverable: d, side } = await fulfilment.reach(caller, id);
      if (side !== 'sponsor') throw fail('deliverable.organisers-decide', 'The sponsor uploads the asset');
      const spec = await repo.spec(id);
      if (!spec?.monochrome_variant) throw fail('asset.no-spec', 'This deliverable asks for no monochrome variant');
      const facts = await readAsset(bytes);
      const unmet = unmetRules({ ...spec, alt_text_required: false }, facts, undefined);
      if ((await isMonochrome(bytes, facts.type)) === false) unmet.monochrome = 'colour';
      if (Object.keys(unmet).length > 0) {
        throw fail('asset.spec-unmet', `The file does not meet the spec: ${Object.keys(unmet).join(', ')}`, unmet);
      }
      const key = await keep(id, bytes, facts.type);
      const actor = actorOf(caller, d, 'sponsor');
      const attached = await repo.attachMonochrome(id, { key, type: facts.type }, (round) =>
        entry(d, 'sponsor', actor, 'asset_uploaded', `${round} (mono)`),
      );
      if (!attached) throw fail('asset.round-decided', 'There is no open round to add the variant to');
      return view(d);
    },

    /** The proof of a round: its file on the placement's mock-up, PNG, rendered once per round. */
    async proof(caller: SponsorshipCaller, id: number, round: number) {
      const { deliverable: d } = await fulfilment.reach(caller, id);
      const [spec, rounds] = await Promise.all([repo.spec(id), repo.rounds(id)]);
      const found = rounds.find((r) => r.round === round);
      if (!found || !spec?.placement) throw fail('deliverable.not-found', 'No proof for this round');
      const picture = await pictures.proof(
        { deliverableId: id, round, blobKey: found.blob_key, fileType: found.file_type, minWidth: null },
        spec.placement,
        d.eventTitle,
      );
      if (!picture) throw fail('deliverable.not-found', 'No proof for this round');
      return picture;
    },

    /** The spec's text limit on the sponsor's input (fulfilment asks before it keeps the text). */
    async checkText(id: number, text: string) {
      const limit = (await repo.spec(id))?.text_limit;
      if (!limit) return;
      const length = textLength(text, limit.unit);
      if (length > limit.max) {
        throw fail('asset.spec-unmet', `The text is ${length} ${limit.unit} long; ${limit.max} are allowed`, {
          text_length: String(length),
        });
      }
    },

    /** The event's approved assets as a streamed ZIP (organisers of its organisation only). */
    async printBundle(caller: { sub: string }, eventId: number, placement: AssetPlacement | undefined) {
      const event = await deps.events.organiserEvent(caller, eventId);
      const entries = (await repo.approvedOfEvent(eventId)).filter((e) => !placement || e.placement === placement);
      return { event, stream: printBundle(entries, store, pictures) };
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
