// The sealed report: the laid-out pages with the platform's PAdES seal (lib/pades-seal.ts, the same
// seal and key as the agreements'). Pure: what the worker pool runs.
import { sealPdf, type SealKeyBytes } from '../../lib/pades-seal.ts';
import { layoutReport } from './render.ts';
import type { ReportInput } from './report-input.ts';
import { REPORT_TEXTS } from './texts.ts';

export async function sealReport(input: { report: ReportInput; sealedAt: Date; key: SealKeyBytes }): Promise<Buffer> {
  const doc = await layoutReport(input.report, input.sealedAt);
  const t = REPORT_TEXTS[input.report.language];
  return sealPdf(doc, {
    reason: `${t.title} · ${t.reference(input.report.sponsorshipId)}`,
    signingTime: input.sealedAt,
    key: input.key,
  });
}
