// Pictures made once and kept (decision 089): a round's proof and an approved round's PNG and PDF
// variants live in the blob store under keys named by the round (and the placement of a proof), so
// each is rendered once per round, not per request; a second request at the same time in this
// process waits for the first rendering instead of starting its own. Approved rounds are locked and
// their originals content-addressed, so a kept picture never goes stale.
import { Readable } from 'node:stream';
import type { AssetPlacement } from '@sp/shared';
import type { BlobStore } from '../../ports/blobs/index.ts';
import { pdfOf, rasterOf, renderProof } from './render.ts';

type Store = Pick<BlobStore, 'read' | 'put'>;
export type Picture = { body: Readable; size: number | null };

async function bytesOf(store: Store, key: string): Promise<Buffer> {
  const blob = await store.read(key);
  if (!blob) throw new Error(`Blob missing: ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** How many pictures this process rendered (for tests and metrics: once per round). */
export const renders = { count: 0 };

export function createPictures(store: Store) {
  const running = new Map<string, Promise<Buffer | null>>();

  /** The kept picture at `key`, made (once) by `make` when there is none; null when none can be made. */
  async function kept(key: string, contentType: string, make: () => Promise<Buffer | null>): Promise<Picture | null> {
    const hit = await store.read(key);
    if (hit) return hit;
    let job = running.get(key);
    if (!job) {
      job = (async () => {
        renders.count++;
        const made = await make();
        if (made) await store.put(key, made, contentType);
        return made;
      })().finally(() => running.delete(key));
      running.set(key, job);
    }
    const made = await job;
    return made ? { body: Readable.from([made]), size: made.length } : null;
  }

  /** A PNG original is its own PNG variant; anything else (not a PDF) is rendered once. */
  const pngOf = async (round: Round): Promise<Picture | null> =>
    round.fileType === 'png'
      ? store.read(round.blobKey)
      : kept(`deliverable-variants/${round.deliverableId}/${round.round}.png`, 'image/png', async () =>
          rasterOf(await bytesOf(store, round.blobKey), round.fileType, round.minWidth ?? 0),
        );

  return {
    proof(round: Round, placement: AssetPlacement, eventTitle: string) {
      return kept(`deliverable-proofs/${round.deliverableId}/${round.round}-${placement}.png`, 'image/png', async () =>
        renderProof(await bytesOf(store, round.blobKey), round.fileType, placement, eventTitle),
      );
    },
    /** The PNG variant (null for a PDF original, which is not rasterised here). */
    png: pngOf,
    /** The PDF variant: the original when it is a PDF, else one page holding the PNG variant. */
    async pdf(round: Round): Promise<Picture | null> {
      if (round.fileType === 'pdf') return store.read(round.blobKey);
      return kept(`deliverable-variants/${round.deliverableId}/${round.round}.pdf`, 'application/pdf', async () => {
        const png = await pngOf(round);
        if (!png) return null;
        const chunks: Buffer[] = [];
        for await (const chunk of png.body) chunks.push(chunk as Buffer);
        return pdfOf(Buffer.concat(chunks));
      });
    },
  };
}

type Round = { deliverableId: number; round: number; blobKey: string; fileType: string; minWidth: number | null };
export type Pictures = ReturnType<typeof createPictures>;
