import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { refreshSponsorshipViews } from './sponsorship-views';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('refreshSponsorshipViews', () => {
  it('refetches at once when the tab changes nothing itself', () => {
    const client = new QueryClient();
    client.setQueryData([...queryKeys.sponsorships.all, 'x'], 1);
    refreshSponsorshipViews(client);
    expect(client.getQueryState([...queryKeys.sponsorships.all, 'x'])?.isInvalidated).toBe(true);
  });

  it('waits for the tab’s own change to settle, so the form that made it keeps its success', async () => {
    const client = new QueryClient();
    client.setQueryData([...queryKeys.invoices.all, 'x'], 1);
    let answer: () => void = () => undefined;
    const running = client
      .getMutationCache()
      .build(client, { mutationFn: () => new Promise<void>((resolve) => (answer = resolve)) })
      .execute(undefined);
    await settle();
    refreshSponsorshipViews(client);
    refreshSponsorshipViews(client);
    await settle();
    expect(client.getQueryState([...queryKeys.invoices.all, 'x'])?.isInvalidated).toBe(false);
    answer();
    await running;
    await settle();
    expect(client.getQueryState([...queryKeys.invoices.all, 'x'])?.isInvalidated).toBe(true);
  });
});
