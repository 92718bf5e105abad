import { describe, expect, it } from 'vitest';
import { girocodePayload, qrMatrix } from './girocode.ts';

describe('GiroCode', () => {
  it('writes the EPC069-12 payload', () => {
    const payload = girocodePayload({
      bic: 'COBADEFFXXX',
      name: 'Verein für Sport e.V.',
      iban: 'DE89370400440532013000',
      cents: 119000,
      text: 'RE-2026-0001',
    });
    expect(payload.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Verein für Sport e.V.',
      'DE89370400440532013000',
      'EUR1190.00',
      '',
      '',
      'RE-2026-0001',
    ]);
    const matrix = qrMatrix(payload);
    expect(matrix.length).toBeGreaterThan(25);
    expect(matrix.every((row) => row.length === matrix.length)).toBe(true);
  });
});
