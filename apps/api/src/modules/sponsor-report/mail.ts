// The mail that brings the sealed report to the sponsor, in the report's language, with the PDF attached.
import { composeMail, type MailMessage } from '../../ports/mail/index.ts';
import type { ReportLanguage } from './report-input.ts';

export function reportMail(m: {
  to: string;
  language: ReportLanguage;
  organisation: string;
  event: string;
  verifyUrl: string;
  pdf: Uint8Array;
  fileName: string;
  idempotencyKey?: string;
}): MailMessage {
  const attachments = [{ filename: m.fileName, contentType: 'application/pdf', content: m.pdf }];
  const message =
    m.language === 'en'
      ? composeMail({
          to: m.to,
          subject: `Your sponsor report for ${m.event}`,
          before: [
            'Hello,',
            `attached is the report of your sponsorship of "${m.event}": every benefit with its status and ` +
              'evidence, the sponsor wall figures, tickets used, and the agreement and invoice references.',
            `The PDF carries the platform's seal; anyone can check that it is unchanged at ${m.verifyUrl}.`,
            `Kind regards\n${m.organisation}`,
          ],
          attachments,
        })
      : composeMail({
          to: m.to,
          subject: `Ihr Sponsoring-Report zu ${m.event}`,
          before: [
            'Guten Tag,',
            `anbei der Report Ihres Sponsorings von „${m.event}“: jede Leistung mit Status und Nachweisen, ` +
              'die Zahlen der Sponsor-Wall, genutzte Tickets sowie die Angaben zu Vereinbarung und Rechnungen.',
            `Das PDF trägt das Siegel der Plattform; unter ${m.verifyUrl} lässt sich prüfen, dass es unverändert ist.`,
            `Mit freundlichen Grüßen\n${m.organisation}`,
          ],
          attachments,
        });
  return m.idempotencyKey ? { ...message, idempotencyKey: m.idempotencyKey } : message;
}
