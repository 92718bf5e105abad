// The EPC "GiroCode" (EPC069-12, version 002): a QR code a banking app scans to fill in a SEPA credit
// transfer. Payload lines: BCD, 002, 1 (UTF-8), SCT, BIC, name (≤ 70), IBAN, EUR amount, purpose,
// structured reference, remittance text (≤ 140). Rendered as a module matrix with uqr (ECC level M as
// the EPC asks).
import { encode } from 'uqr';
import { decimal } from './money.ts';

export function girocodePayload(input: { bic: string; name: string; iban: string; cents: number; text: string }) {
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    input.bic,
    input.name.slice(0, 70),
    input.iban,
    `EUR${decimal(input.cents)}`,
    '',
    '',
    input.text.slice(0, 140),
  ].join('\n');
}

/** The QR matrix (true: dark), with a quiet zone of `border` modules. */
export function qrMatrix(payload: string, border = 2): boolean[][] {
  return encode(payload, { ecc: 'M', border }).data;
}
