/** GET /search?q=: the header's search (a lib module because the header may not import features). */
import { queryOptions } from '@tanstack/react-query';
import { SEARCH_QUERY_MIN, ZSearchResponse, type SearchResponse } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function searchAll(q: string, options: { signal?: AbortSignal } = {}): Promise<SearchResponse> {
  return api.get(`/search?${new URLSearchParams({ q }).toString()}`, {
    schema: ZSearchResponse,
    signal: options.signal,
  });
}

export function searchQueryOptions(q: string) {
  const query = q.trim();
  return queryOptions({
    queryKey: queryKeys.search(query),
    queryFn: ({ signal }) => searchAll(query, { signal }),
    enabled: query.length >= SEARCH_QUERY_MIN,
    staleTime: 30_000,
  });
}
