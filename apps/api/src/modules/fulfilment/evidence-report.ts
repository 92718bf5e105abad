// A sponsorship's evidence per deliverable for the sponsor report (issue 60, point 3): read once, with
// each picture's bytes read only when the report asks for them (40 photos are not held in memory).
import { buffer } from 'node:stream/consumers';
import type { BlobStore } from '../../ports/blobs/index.ts';
import type { EvidenceRepository } from './evidence-repository.ts';
import type { DeliverableEvidence } from './index.ts';
import type { FulfilmentRepository } from './repository.ts';

export async function evidenceOfSponsorship(
  repo: FulfilmentRepository,
  evidenceRepo: EvidenceRepository,
  store: BlobStore,
  sponsorshipId: number,
): Promise<DeliverableEvidence[]> {
  const [deliverables, pieces] = await Promise.all([
    repo.list({ sponsorshipId }),
    evidenceRepo.ofSponsorship(sponsorshipId),
  ]);
  const read = async (key: string | null) => {
    const blob = key ? await store.read(key) : null;
    return blob ? buffer(blob.body) : null;
  };
  return deliverables.map((d) => ({
    deliverableId: d.id,
    title: d.title,
    status: d.status,
    evidence: pieces
      .filter((p) => p.deliverableId === d.id)
      .map((p) => ({
        id: p.id,
        kind: p.kind,
        note: p.note,
        url: p.url,
        width: p.width,
        height: p.height,
        addedAt: p.addedAt,
        thumbsUp: p.thumbsUpAt !== null,
        comments: p.comments.length,
        image: (size: 'thumb' | 'full') => read(size === 'thumb' ? p.thumbKey : p.blobKey),
      })),
  }));
}
