// The header's search (issue 8): one box over what the caller may see.
import { z } from 'zod';

export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;

export const ZSearchQuery = z.object({ q: z.string().trim().min(SEARCH_QUERY_MIN).max(SEARCH_QUERY_MAX) });

/** GET /search?q=: a few hits of each kind, each with what its page needs. */
export const ZSearchResponse = z.object({
  events: z.array(z.object({ id: z.number().int(), title: z.string(), event_date: z.string(), own: z.boolean() })),
  conversations: z.array(z.object({ id: z.number().int(), other_name: z.string() })),
  team_members: z.array(z.object({ email: z.string() })),
});
export type SearchResponse = z.infer<typeof ZSearchResponse>;
