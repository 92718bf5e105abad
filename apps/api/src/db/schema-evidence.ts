// Table types of delivery evidence (migration 0059, decision 107), beside schema.ts to keep each file short.
import type { Generated } from 'kysely';
import type { DbTime } from './schema.ts';

export type DeliverableEvidenceTable = {
  id: Generated<number>;
  deliverable_id: number;
  sponsorship_id: number;
  kind: 'photo' | 'screenshot' | 'link' | 'note';
  /** SHA-256 of what was given (upload bytes, link, note): one piece per deliverable for the same thing. */
  content_key: string;
  note: string | null;
  url: string | null;
  /** The re-encoded JPEG and its thumbnail in the blob store (photos and screenshots). */
  blob_key: string | null;
  thumb_key: string | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
  added_at: DbTime;
  added_by: string;
  thumbs_up_at: DbTime | null;
  thumbs_up_by: string | null;
};

export type DeliverableEvidenceCommentsTable = {
  id: Generated<number>;
  evidence_id: number;
  at: DbTime;
  actor: string;
  text: string;
  text_key: string;
};

export type EvidenceTables = {
  deliverable_evidence: DeliverableEvidenceTable;
  deliverable_evidence_comments: DeliverableEvidenceCommentsTable;
};
