// The fulfilment filters in the URL (the organisation's view and the event page's card).
import { searchSchema, searchString } from '@/lib/search-params';

const STATUSES = ['open', 'in_progress', 'done', 'waived'] as const;
type Status = (typeof STATUSES)[number];

const searchStatus = (value: unknown): Status | undefined =>
  typeof value === 'string' && (STATUSES as readonly string[]).includes(value) ? (value as Status) : undefined;
const searchDay = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

export const fulfilmentSearch = searchSchema({
  status: searchStatus,
  assignee: searchString,
  due_before: searchDay,
  sponsor: searchString,
});
