import { describe, expect, it } from 'vitest';
import { centsToInput, formatCents, formatRate, parseAmount } from './money';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatCents', () => {
  it('prints German money as 1.234,56 € and English as €1,234.56', () => {
    expect(plain(formatCents(123_456, 'de'))).toBe('1.234,56 €');
    expect(formatCents(123_456, 'en')).toBe('€1,234.56');
    expect(plain(formatCents(0, 'de'))).toBe('0,00 €');
    expect(plain(formatCents(-2_500, 'de'))).toBe('-25,00 €');
  });
});

describe('parseAmount', () => {
  it('reads either decimal mark and thousands groups', () => {
    expect(parseAmount('1.234,56')).toBe(123_456);
    expect(parseAmount('1,234.56')).toBe(123_456);
    expect(parseAmount('1234,5')).toBe(123_450);
    expect(parseAmount('2500')).toBe(250_000);
    expect(parseAmount(' 2.500 € ')).toBe(250_000);
    expect(parseAmount('0,01')).toBe(1);
  });

  it('refuses what is not an amount', () => {
    for (const input of ['', 'abc', '-5', '1,234,5678', '12.34.56', '1,2345', '1234567890']) {
      expect(parseAmount(input), input).toBeNull();
    }
  });

  it('reads back what centsToInput wrote', () => {
    expect(centsToInput(123_456, 'de')).toBe('1234,56');
    expect(centsToInput(123_456, 'en')).toBe('1234.56');
    expect(parseAmount(centsToInput(99_999_999, 'de'))).toBe(99_999_999);
  });
});

describe('formatRate', () => {
  it('prints basis points as a percentage in the language', () => {
    expect(formatRate(1900, 'de')).toBe('19\u00a0%');
    expect(formatRate(700, 'en')).toBe('7%');
    expect(formatRate(1050, 'de')).toBe('10,5\u00a0%');
  });
});
