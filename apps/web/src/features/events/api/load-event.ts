import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isMissingEvent } from '../utils/event-errors';
import { eventQueryOptions } from './get-event';

/** Route loader of /edit-event/{id}: an event that does not exist or is not the user's is "not found". */
export async function loadEventForEdit(queryClient: QueryClient, eventId: number): Promise<void> {
  try {
    await queryClient.ensureQueryData(eventQueryOptions(eventId));
  } catch (error) {
    if (isMissingEvent(error)) throw notFound();
    throw error;
  }
}
