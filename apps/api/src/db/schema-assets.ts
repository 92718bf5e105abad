// Table types of the assets module (migration 0040), beside schema.ts to keep each file short.
import type { Generated } from 'kysely';
import type { DbTime } from './schema.ts';

export type AssetSpecsTable = {
  deliverable_id: number;
  /** The spec as JSON (ZAssetSpec). */
  spec: string;
  updated_at: DbTime;
};

export type AssetRoundsTable = {
  id: Generated<number>;
  deliverable_id: number;
  round: number;
  status: 'submitted' | 'approved' | 'changes_requested' | 'superseded';
  blob_key: string;
  file_type: string;
  width: number | null;
  height: number | null;
  bytes: number;
  alt_text: string | null;
  uploaded_at: DbTime;
  uploaded_by: string;
  decided_at: DbTime | null;
  decided_by: string | null;
  comment: string | null;
  /** The sponsor's decision on the round's proof (0044): null until they decide. */
  sponsor_decision: 'approved' | 'changes_requested' | null;
  sponsor_decided_at: DbTime | null;
  /** The monochrome variant's original, when the spec asks for one (0044). */
  mono_blob_key: string | null;
  mono_file_type: string | null;
};

export type AssetTables = { asset_specs: AssetSpecsTable; asset_rounds: AssetRoundsTable };
