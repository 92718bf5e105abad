// An issued invoice's delivery: its documents (made once, documents.ts) and its mail to the buyer,
// then the record (`sent_at`). The mail carries its intent as an idempotency key (decision 097):
// the invoice's first mail is `invoice:<id>:first`, a bulk job's item `job:<job>:invoice:<id>`, a
// single "send again" a fresh one. A kill between the mail and its record leaves the invoice
// unrecorded; delivering it again (the job's restart rule) sends under the same key, which the
// outbox keeps once. Over SMTP the key is the Message-ID, and that retry is a second copy.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MailPort } from '../../ports/mail/index.ts';
import type { DocumentStore } from './documents.ts';
import { invoiceMail } from './mail.ts';
import type { InvoicesRepository } from './repository.ts';

export const firstMailKey = (id: number) => `invoice:${id}:first`;
export const resendKey = (id: number) => `invoice:${id}:send:${randomUUID()}`;
export const jobMailKey = (jobId: number, id: number) => `job:${jobId}:invoice:${id}`;

export function createDelivery(
  deps: { repo: InvoicesRepository; documents: DocumentStore; mail: MailPort; log: FastifyBaseLogger },
  now: () => Date,
) {
  /** Makes and stores the documents and mails them to the buyer; a failure is logged, the invoice stays issued. */
  const deliver = async (id: number, key: string) => {
    const invoice = (await deps.repo.find(id))!;
    try {
      const docs = await deps.documents.ensure(invoice);
      const to = invoice.snapshot.buyer.email ?? invoice.sponsor_email;
      await deps.mail.send({
        ...invoiceMail({
          to,
          language: invoice.language,
          kind: invoice.kind,
          number: invoice.number!,
          seller: invoice.snapshot.seller.name,
          event: invoice.event_title,
          grossCents: invoice.gross_cents,
          dueDate: invoice.due_date,
          bank: invoice.snapshot.bank,
          attachments: [
            { filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: docs.zugferd },
            { filename: `${invoice.number}-xrechnung.xml`, contentType: 'application/xml', content: docs.xml },
          ],
        }),
        idempotencyKey: key,
      });
      await deps.repo.markSent(id, now());
    } catch (error) {
      deps.log.error({ err: error, invoice: id }, 'could not make or mail the invoice documents');
    }
  };
  return { deliver };
}
