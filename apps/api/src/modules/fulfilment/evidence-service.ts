// The rules of delivery evidence (issue 60, point 1; decision 107): the organisation's team (members
// of the event's organisation) adds a photo, screenshot, link or note to a deliverable and removes it;
// the sponsor of the sponsorship (signed in or by the invitation link) sees it and reacts with a
// thumbs up or a comment; anyone else gets 404 as for the deliverable. Pictures are re-encoded on the
// worker pool before anything is kept (evidence-image.ts). Every change is in the activity log.
import { createHash } from 'node:crypto';
import type { AddEvidenceRequest, EvidenceWire, SponsorshipEvidenceResponse } from '@sp/shared';
import { EVIDENCE_LIMITS } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import type { BlobStore } from '../../ports/blobs/index.ts';
import {
  authorFor,
  type SponsorshipCaller,
  type SponsorshipParties,
  type SponsorshipSide,
} from '../sponsorships/index.ts';
import { reencodeEvidence } from './evidence-image.ts';
import type { EvidenceRecord, EvidenceRepository, NewEvidence } from './evidence-repository.ts';
import type { ActivityEntry, DeliverableRecord } from './repository.ts';

type Reach = (
  caller: SponsorshipCaller,
  id: number,
) => Promise<{ deliverable: DeliverableRecord; side: SponsorshipSide }>;

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const notFound = () => fail('deliverable.not-found', 'No such evidence');
/** What the log says of a piece: its kind and the start of its note, link or caption. */
const summaryOf = (kind: string, text: string | null) => (text ? `${kind}: ${text}`.slice(0, 200) : kind);

export function createEvidenceService(deps: {
  repo: EvidenceRepository;
  reach: Reach;
  sponsorships: Pick<SponsorshipParties, 'visible'>;
  store: BlobStore;
  clock?: () => Date;
}) {
  const { repo, reach, store } = deps;
  const now = deps.clock ?? (() => new Date());

  const entry = (
    d: DeliverableRecord,
    side: 'organisation' | 'sponsor',
    actor: string,
    kind: ActivityEntry['kind'],
    detail: string,
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

  const toWire = (r: EvidenceRecord, viewer: SponsorshipSide, organisationName: string): EvidenceWire => ({
    id: r.id,
    deliverable_id: r.deliverableId,
    sponsorship_id: r.sponsorshipId,
    kind: r.kind,
    note: r.note,
    url: r.url,
    width: r.width,
    height: r.height,
    added_at: r.addedAt.toISOString(),
    added_by: authorFor(viewer, { side: 'organisation', actor: r.addedBy }, organisationName),
    thumbs_up: r.thumbsUpAt !== null,
    thumbs_up_at: r.thumbsUpAt?.toISOString() ?? null,
    comments: r.comments.map((c) => ({ id: c.id, at: c.at.toISOString(), by: c.actor, text: c.text })),
  });

  /** The deliverable when the caller is of its organisation; 403 for its sponsor, 404 for others. */
  const teamDeliverable = async (caller: SponsorshipCaller, id: number) => {
    const { deliverable, side } = await reach(caller, id);
    if (side !== 'organisation' || caller.kind !== 'user') {
      throw fail('deliverable.organisers-decide', "Only the organisation's team adds or removes evidence");
    }
    return { deliverable, actor: caller.email ?? caller.sub };
  };

  /** The deliverable when the caller is its sponsor; 403 for the organisation, 404 for others. */
  const sponsorDeliverable = async (caller: SponsorshipCaller, id: number) => {
    const { deliverable, side } = await reach(caller, id);
    if (side !== 'sponsor') throw fail('deliverable.organisers-decide', 'Only the sponsor reacts to evidence');
    return deliverable;
  };

  /** A piece of this deliverable (a piece of another deliverable is not found). */
  const pieceOf = async (deliverableId: number, evidenceId: number) => {
    const piece = await repo.find(evidenceId);
    if (!piece || piece.deliverableId !== deliverableId) throw notFound();
    return piece;
  };

  const roomFor = async (deliverableId: number) => {
    if ((await repo.count(deliverableId)) >= EVIDENCE_LIMITS.perDeliverable) {
      throw fail(
        'request.conflict',
        `A deliverable takes at most ${EVIDENCE_LIMITS.perDeliverable} pieces of evidence`,
      );
    }
  };

  const added = async (caller: SponsorshipCaller, d: DeliverableRecord, piece: NewEvidence, detail: string) => {
    const { id } = await repo.add(piece, now(), entry(d, 'organisation', piece.added_by, 'evidence_added', detail));
    return toWire((await repo.find(id))!, 'organisation', d.organisationName);
  };

  return {
    /** All of a sponsorship's evidence, for both parties. */
    async forSponsorship(caller: SponsorshipCaller, sponsorshipId: number): Promise<SponsorshipEvidenceResponse> {
      const { sponsorship, side } = await deps.sponsorships.visible(caller, sponsorshipId);
      const records = await repo.ofSponsorship(sponsorship.id);
      return { evidence: records.map((r) => toWire(r, side, sponsorship.organisationName)) };
    },

    /** A link or a note, from the team. */
    async add(caller: SponsorshipCaller, deliverableId: number, body: AddEvidenceRequest) {
      const { deliverable: d, actor } = await teamDeliverable(caller, deliverableId);
      await roomFor(d.id);
      const note = body.note ? body.note : null;
      const url = body.kind === 'link' ? body.url : null;
      const piece: NewEvidence = {
        deliverable_id: d.id,
        sponsorship_id: d.sponsorshipId,
        kind: body.kind,
        content_key: sha256(`${body.kind}\n${url ?? ''}\n${note ?? ''}`),
        note,
        url,
        blob_key: null,
        thumb_key: null,
        width: null,
        height: null,
        bytes: null,
        added_by: actor,
      };
      return added(caller, d, piece, summaryOf(body.kind, url ?? note));
    },

    /** A photo or screenshot as its raw bytes, from the team: re-encoded before it is kept. */
    async addPicture(
      caller: SponsorshipCaller,
      deliverableId: number,
      bytes: Buffer,
      kind: 'photo' | 'screenshot',
      note: string | undefined,
    ) {
      const { deliverable: d, actor } = await teamDeliverable(caller, deliverableId);
      await roomFor(d.id);
      const picture = await reencodeEvidence(bytes);
      const base = `deliverable-evidence/${d.id}/${picture.sourceHash}`;
      await Promise.all([
        store.put(`${base}.jpg`, picture.full, 'image/jpeg'),
        store.put(`${base}-thumb.jpg`, picture.thumb, 'image/jpeg'),
      ]);
      const piece: NewEvidence = {
        deliverable_id: d.id,
        sponsorship_id: d.sponsorshipId,
        kind,
        content_key: picture.sourceHash,
        note: note || null,
        url: null,
        blob_key: `${base}.jpg`,
        thumb_key: `${base}-thumb.jpg`,
        width: picture.width,
        height: picture.height,
        bytes: picture.full.length,
        added_by: actor,
      };
      return added(caller, d, piece, summaryOf(kind, note || null));
    },

    /** Removes a piece (the team); its pictures leave the blob store. */
    async remove(caller: SponsorshipCaller, deliverableId: number, evidenceId: number) {
      const { deliverable: d, actor } = await teamDeliverable(caller, deliverableId);
      const piece = await pieceOf(d.id, evidenceId);
      const detail = summaryOf(piece.kind, piece.url ?? piece.note);
      const removed = await repo.remove(d.id, piece.id, entry(d, 'organisation', actor, 'evidence_removed', detail));
      if (!removed) throw notFound();
      // The same photo added again later is stored under the same key; a failed delete only leaves bytes behind.
      await Promise.all([piece.blobKey, piece.thumbKey].map((key) => (key ? store.delete(key).catch(() => {}) : null)));
      return { sponsorship_id: d.sponsorshipId };
    },

    /** The sponsor's thumbs up, or its withdrawal. */
    async react(caller: SponsorshipCaller, deliverableId: number, evidenceId: number, thumbsUp: boolean) {
      const d = await sponsorDeliverable(caller, deliverableId);
      const piece = await pieceOf(d.id, evidenceId);
      const detail = summaryOf(piece.kind, piece.url ?? piece.note);
      await repo.react(
        d.id,
        piece.id,
        { thumbsUp, by: d.sponsorEmail },
        now(),
        entry(d, 'sponsor', d.sponsorEmail, 'evidence_thumbs_up', detail),
      );
      return toWire(await pieceOf(d.id, evidenceId), 'sponsor', d.organisationName);
    },

    /** The sponsor's comment on a piece (the same text twice is one comment). */
    async comment(caller: SponsorshipCaller, deliverableId: number, evidenceId: number, text: string) {
      const d = await sponsorDeliverable(caller, deliverableId);
      const piece = await pieceOf(d.id, evidenceId);
      await repo.comment(
        piece.id,
        { actor: d.sponsorEmail, text, textKey: sha256(text) },
        now(),
        entry(d, 'sponsor', d.sponsorEmail, 'evidence_commented', text.slice(0, 200)),
      );
      return toWire(await pieceOf(d.id, evidenceId), 'sponsor', d.organisationName);
    },

    /** A piece's picture or thumbnail, for both parties. */
    async image(caller: SponsorshipCaller, deliverableId: number, evidenceId: number, size: 'thumb' | 'full') {
      const { deliverable: d } = await reach(caller, deliverableId);
      const piece = await pieceOf(d.id, evidenceId);
      const key = size === 'thumb' ? piece.thumbKey : piece.blobKey;
      const blob = key ? await store.read(key) : null;
      if (!blob) throw notFound();
      return blob;
    },
  };
}

export type EvidenceService = ReturnType<typeof createEvidenceService>;
