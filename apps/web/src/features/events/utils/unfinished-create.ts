/**
 * Hands a create that stopped half way to the edit page of the event it created: the event exists,
 * its PDF does not. The edit page shows why and keeps the chosen PDF, so saving again finishes the
 * job. Memory only: after a reload the edit page simply asks for the PDF again.
 */
import type { SaveStage } from '../hooks/use-save-event';

export type UnfinishedCreate = {
  stage: SaveStage;
  /** What went wrong (an ApiError, FileTooLargeError, ...). */
  cause: unknown;
  /** The chosen PDF, to retry with; null when the file itself was the problem. */
  pdf: File | null;
};

const unfinished = new Map<number, UnfinishedCreate>();

export function rememberUnfinishedCreate(eventId: number, value: UnfinishedCreate): void {
  unfinished.set(eventId, value);
}

export function readUnfinishedCreate(eventId: number): UnfinishedCreate | null {
  return unfinished.get(eventId) ?? null;
}

export function clearUnfinishedCreate(eventId: number): void {
  unfinished.delete(eventId);
}
