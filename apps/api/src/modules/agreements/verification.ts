// The public verification of a sealed agreement, by SHA-256 or by the uploaded file's. The record
// decides: a PDF whose SHA-256 is recorded for a sealed agreement is that agreement, whatever became of
// the platform's stored copy. When the stored copy no longer hashes to the record (damaged or gone),
// the answer still names the agreement and says so (status stored_copy_damaged), and the operator is
// told in the log; it never answers "no such agreement" to the holder of the genuine copy.
// Other documents sealed with the platform's seal (the sponsor report) are found here too: their
// modules register a lookup by SHA-256 (`SealedLookup`), asked when no agreement has that hash.
import type { Readable } from 'node:stream';
import type { AgreementVerification } from '@sp/shared';
import type { BlobStore } from '../../ports/blobs/index.ts';
import { sha256Hex } from './render.ts';
import type { SignedRecord } from './repository.ts';

/** Another module's sealed documents by SHA-256: its verification answer, or null when it has none. */
export type SealedLookup = (sha256: string) => Promise<AgreementVerification | null>;

type VerificationDeps = {
  /** The other modules' lookups, asked in order when no agreement has the hash. */
  otherSealed?: () => readonly SealedLookup[];
  repo: { signedBySha(sha256: string): Promise<SignedRecord | null> };
  blobs: Pick<BlobStore, 'read'>;
  log: { error(details: object, message: string): void };
};

async function storedSha256(blobs: VerificationDeps['blobs'], key: string): Promise<string | null> {
  const blob = await blobs.read(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body as Readable)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return sha256Hex(Buffer.concat(chunks));
}

export function createVerification(deps: VerificationDeps) {
  const answer = async (sha256: string): Promise<AgreementVerification> => {
    const record = await deps.repo.signedBySha(sha256);
    if (!record) {
      for (const lookup of deps.otherSealed?.() ?? []) {
        const found = await lookup(sha256);
        if (found) return found;
      }
      return { found: false, status: 'not_found' };
    }
    const intact = (await storedSha256(deps.blobs, record.blobKey)) === record.sha256;
    if (!intact) {
      deps.log.error(
        { sponsorshipId: record.sponsorshipId, organisationId: record.organisationId, key: record.blobKey },
        'stored agreement fails its hash: the record still verifies the genuine copy; restore the stored copy',
      );
    }
    return {
      found: true,
      status: intact ? 'verified' : 'stored_copy_damaged',
      signed_at: record.completedAt.toISOString(),
      signers: record.signers,
    };
  };
  return {
    bySha: (sha256: string) => answer(sha256.toLowerCase()),
    byBytes: (bytes: Buffer) => answer(sha256Hex(bytes)),
  };
}
