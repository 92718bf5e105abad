// How a sponsor pays an issued invoice from the invoice's page, often on a phone: the bank details
// frozen with the invoice (as printed on it), the number as the reference, what is still open after
// the payments recorded, and the GiroCode of that amount for a banking app on another device.
import type { InvoicePaymentDetailsWire } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import { girocodePayload, qrMatrix } from './girocode.ts';
import type { InvoiceRecord } from './repository.ts';
import { outstandingOf } from './wire.ts';

/**
 * The QR matrix as one SVG path of unit squares, a row's dark runs merged (`M x y h n v 1 h -n z`):
 * a few kilobytes, drawn by the browser at any size without a QR library in the bundle.
 */
export function matrixPath(matrix: boolean[][]): string {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let run = 1;
      while (row[x + run]) run++;
      parts.push(`M${x} ${y}h${run}v1h-${run}z`);
      x += run - 1;
    }
  });
  return parts.join('');
}

export function paymentDetailsOf(invoice: InvoiceRecord): InvoicePaymentDetailsWire {
  if (invoice.kind !== 'invoice' || (invoice.status !== 'issued' && invoice.status !== 'paid') || !invoice.number)
    throw fail('invoice.not-issued', 'Only an issued invoice that is not cancelled is paid');
  const { bank, seller } = invoice.snapshot;
  const open = Math.max(0, outstandingOf(invoice));
  const matrix =
    open > 0
      ? qrMatrix(
          girocodePayload({ bic: bank.bic, name: seller.name, iban: bank.iban, cents: open, text: invoice.number }),
        )
      : null;
  return {
    account_holder: seller.name,
    iban: bank.iban,
    bic: bank.bic,
    bank_name: bank.bankName,
    reference: invoice.number,
    amount_cents: open,
    due_date: invoice.due_date,
    girocode: matrix ? { size: matrix.length, path: matrixPath(matrix) } : null,
  };
}
