// The invoices page's filters in the URL: event and status (hand-written: validators ship in the
// entry chunk, decision 006; the statuses are those of packages/shared/src/schemas/invoices.ts).
import { searchEnum, searchPositiveInt, searchSchema } from '@/lib/search-params';

export const invoiceSearch = searchSchema({
  event: searchPositiveInt,
  status: searchEnum(['draft', 'issued', 'paid', 'overdue', 'cancelled'] as const),
});
