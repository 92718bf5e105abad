import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLanguage } from '@/hooks/use-language';
import { sponsorshipQueryOptions } from '../api/get-sponsorship';
import { mySponsorshipsQueryOptions } from '../api/list-my-sponsorships';
import type { SponsorViewer } from '../api/sponsorship';
import { useTellSponsorLanguageMutation } from '../api/tell-sponsor-language';

const NO_GUEST = { kind: 'guest', token: '', email: '' } as const;

/**
 * Tells the server the sponsor's app language whenever it is not the one stored for their
 * sponsorships (the signed-in sponsor's all, a guest's one), so their agreement and new invoices
 * follow it (decision 074). This keeps the server in step with the UI's state, which is why it is an
 * effect; each language is told once per sponsorship and page, so a refused call is not repeated.
 */
export function useTellSponsorLanguage(viewer: SponsorViewer, sponsorshipId?: number): void {
  const [language] = useLanguage();
  const guest = viewer.kind === 'guest';
  const mine = useQuery({ ...mySponsorshipsQueryOptions(), enabled: !guest });
  const one = useQuery({
    ...sponsorshipQueryOptions(sponsorshipId ?? 0, guest ? viewer : NO_GUEST),
    enabled: guest && sponsorshipId !== undefined,
  });
  const tell = useTellSponsorLanguageMutation(viewer);
  const told = useRef(new Set<string>());
  const sponsorships = guest ? (one.data ? [one.data] : []) : (mine.data ?? []);
  const due = sponsorships.filter((s) => s.sponsorLanguage !== language).map((s) => s.id);
  const dueKey = due.join(',');
  const { mutate } = tell;

  useEffect(() => {
    for (const id of dueKey ? dueKey.split(',').map(Number) : []) {
      const key = `${id}:${language}`;
      if (told.current.has(key)) continue;
      told.current.add(key);
      mutate({ sponsorshipId: id, language });
    }
  }, [dueKey, language, mutate]);
}
