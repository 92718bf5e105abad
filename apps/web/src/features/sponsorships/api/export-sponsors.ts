// The event's sponsors as a CSV file (through the API: a plain link cannot carry the token).
import { api } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/file-transfer';

/** The saved file's name: the event and the day, so two exports of a week do not overwrite each other. */
export const sponsorsCsvFileName = (eventId: number, today: Date) =>
  `sponsors-event-${eventId}-${today.toISOString().slice(0, 10)}.csv`;

export async function downloadSponsorsCsv(eventId: number): Promise<void> {
  const { data } = await api.getBlob(`/event/${eventId}/sponsorships.csv`);
  saveBlobAs(data, sponsorsCsvFileName(eventId, new Date()));
}
