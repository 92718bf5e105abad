import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/file-transfer';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { sponsorsCsvFileName } from '../api/export-sponsors';
import { ExportSponsorsButton } from './export-sponsors-button';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
vi.mock('@/lib/file-transfer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/file-transfer')>()),
  saveBlobAs: vi.fn(),
}));

let asked: Array<{ url: string; authorization: string | null }>;
let status: number;

beforeEach(() => {
  vi.clearAllMocks();
  asked = [];
  status = 200;
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      asked.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      return Promise.resolve(
        status === 200
          ? new Response('\uFEFFsponsor_email;status\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
          : new Response(JSON.stringify({ status, title: 'Not Found', code: 'event.not-found' }), {
              status,
              headers: { 'Content-Type': 'application/problem+json' },
            }),
      );
    },
  });
});

describe('ExportSponsorsButton', () => {
  it("saves the event's sponsors as a CSV file named after the event and the day", async () => {
    await renderWithApp(<ExportSponsorsButton eventId={7} />);
    await userEvent.click(screen.getByRole('button', { name: 'Als CSV exportieren' }));
    await waitFor(() => expect(saveBlobAs).toHaveBeenCalledTimes(1));
    expect(asked).toEqual([{ url: '/api/event/7/sponsorships.csv', authorization: 'Bearer token' }]);
    const [blob, name] = vi.mocked(saveBlobAs).mock.calls[0]!;
    expect(await blob.text()).toContain('sponsor_email;status');
    expect(name).toBe(sponsorsCsvFileName(7, new Date()));
    expect(sponsorsCsvFileName(7, new Date('2030-06-01T08:00:00Z'))).toBe('sponsors-event-7-2030-06-01.csv');
    expect(screen.getByRole('button', { name: 'Als CSV exportieren' })).toBeEnabled();
  });

  it('says so when the export fails, in English too', async () => {
    status = 404;
    await changeLanguage('en');
    await renderWithApp(<ExportSponsorsButton eventId={7} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export as CSV' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(vi.mocked(toast.error).mock.calls[0]![0]).toMatch(/^The export failed: /);
    expect(saveBlobAs).not.toHaveBeenCalled();
  });
});
