import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { refreshSponsorshipViews, viewsOf } from './sponsorship-views';

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

describe('the live views of a change', () => {
  const mark = (client: QueryClient) => {
    for (const key of [
      queryKeys.sponsorships.mine,
      queryKeys.fulfilment.list({}),
      queryKeys.invoices.numbers(1),
      queryKeys.sponsorProfile('me'),
      queryKeys.sponsorLegalDetails('guest:a@b.de'),
      queryKeys.organiserTasks(1),
      queryKeys.conversations.list('me'),
    ])
      client.setQueryData(key, 1);
  };
  const refetched = (client: QueryClient) =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[0]);

  it('refetches only the families of the parts that changed', () => {
    const client = new QueryClient();
    mark(client);
    refreshSponsorshipViews(client, ['invoices']);
    expect(refetched(client).sort()).toEqual(['invoices', 'organiser-tasks']);
  });

  it('refetches the sponsor’s details wherever they are shown when the profile changed', () => {
    const client = new QueryClient();
    mark(client);
    refreshSponsorshipViews(client, ['profile']);
    expect(refetched(client)).toEqual(
      expect.arrayContaining([
        'sponsor-profile',
        'sponsor-legal-details',
        'sponsorships',
        'fulfilment',
        'conversations',
      ]),
    );
  });

  it('refetches every family after a gap, and each family once', () => {
    const client = new QueryClient();
    mark(client);
    refreshSponsorshipViews(client);
    expect(refetched(client).length).toBe(7);
    const families = viewsOf(['sponsorship', 'deliverables', 'invoices', 'profile']);
    expect(new Set(families.map((k) => JSON.stringify(k))).size).toBe(families.length);
  });
});
