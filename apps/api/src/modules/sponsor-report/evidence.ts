// THE PLACE THE EVIDENCE MODULE PLUGS IN (issue 60 point 1, built in its own branch): the photos and
// screenshots of each deliverable that the report shows as thumbnails. Until that module exists it
// answers no evidence for every deliverable, and the report says "no evidence attached". When it
// lands, this function asks its API (per deliverable, the images as JPEG/PNG bytes, newest first)
// and nothing else in the report changes: render.ts already lays out any number of images per
// deliverable (tested with generated photos, and benchmarked with 40).
import type { EvidenceImage } from './report-input.ts';

export type EvidenceSource = (deliverableIds: readonly number[]) => Promise<Map<number, EvidenceImage[]>>;

export const evidenceForDeliverables: EvidenceSource = async (deliverableIds) =>
  new Map(deliverableIds.map((id) => [id, []]));
