import { describe, expect, it } from 'vitest';
import { exampleNumber, numberFormatProblem } from './number-format';

const march = new Date(2026, 2, 5);

describe('exampleNumber', () => {
  it('fills year, month and the padded counter', () => {
    expect(exampleNumber('RE-{YYYY}-{NNNN}', 1, march)).toBe('RE-2026-0001');
    expect(exampleNumber('{YY}{MM}/{NN}', 7, march)).toBe('2603/07');
    expect(exampleNumber('R{N}', 123, march)).toBe('R123');
  });

  it('gives nothing for a format that cannot number invoices', () => {
    expect(exampleNumber('RE-{YYYY}', 1, march)).toBeNull();
  });
});

describe('numberFormatProblem', () => {
  it('names what is wrong', () => {
    expect(numberFormatProblem('  ')).toBe('empty');
    expect(numberFormatProblem('RE-{YYYY}')).toBe('counter-missing');
    expect(numberFormatProblem('{NNN}-{NN}')).toBe('counter-twice');
    expect(numberFormatProblem('RE-{DD}-{NNN}')).toBe('unknown-placeholder');
    expect(numberFormatProblem('RE-{NNN')).toBe('counter-missing');
    expect(numberFormatProblem('RE-{YYYY}-{NNNN}')).toBeNull();
  });
});
