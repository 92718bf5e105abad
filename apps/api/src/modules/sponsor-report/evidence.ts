// The photos and screenshots of each deliverable that the report shows as thumbnails: the fulfilment
// module's delivery evidence (issue 60 point 1, decision 107), read through its API. Links and notes
// have no picture; a picture whose bytes are gone is left out. render.ts lays out any number per
// deliverable (tested with generated photos, benchmarked with 40).
import type { DeliverableEvidence } from '../fulfilment/index.ts';
import type { EvidenceImage } from './report-input.ts';

/** A sponsorship's pictures per deliverable id. */
export type EvidenceSource = (sponsorshipId: number) => Promise<Map<number, EvidenceImage[]>>;

export function evidenceFrom(read: (sponsorshipId: number) => Promise<DeliverableEvidence[]>): EvidenceSource {
  return async (sponsorshipId) => {
    const deliverables = await read(sponsorshipId);
    const pictures = new Map<number, EvidenceImage[]>();
    for (const deliverable of deliverables) {
      const images: EvidenceImage[] = [];
      for (const item of deliverable.evidence) {
        if (item.kind !== 'photo' && item.kind !== 'screenshot') continue;
        const bytes = await item.image('thumb');
        if (bytes) images.push({ bytes, caption: item.note, takenAt: item.addedAt.toISOString() });
      }
      pictures.set(deliverable.deliverableId, images);
    }
    return pictures;
  };
}
