import { describe, expect, it } from 'vitest';
import { datePattern, datePlaceholder, formatDateInput, maskDateInput, parseDateInput } from './date-input-format';

const de = datePattern('de-DE');
const en = datePattern('en-GB');

describe('date input format', () => {
  it('reads order and separator from the locale', () => {
    expect(de).toEqual({ order: ['day', 'month', 'year'], separator: '.' });
    expect(en).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
    expect(datePattern('en-US').order).toEqual(['month', 'day', 'year']);
    expect(datePlaceholder(de, { day: 'T', month: 'M', year: 'J' })).toBe('TT.MM.JJJJ');
  });

  it('shows ISO dates as dd.MM.yyyy in German and dd/MM/yyyy in English', () => {
    expect(formatDateInput('2025-03-05', de)).toBe('05.03.2025');
    expect(formatDateInput('2025-03-05', en)).toBe('05/03/2025');
    expect(formatDateInput('2025-02-30', de)).toBe('');
    expect(formatDateInput('', de)).toBe('');
  });

  it('reads complete, real dates only', () => {
    expect(parseDateInput('05.03.2025', de)).toBe('2025-03-05');
    expect(parseDateInput('5.3.2025', de)).toBe('2025-03-05');
    expect(parseDateInput('29.02.2024', de)).toBe('2024-02-29');
    expect(parseDateInput('29.02.2025', de)).toBeNull();
    expect(parseDateInput('31.04.2025', de)).toBeNull();
    expect(parseDateInput('05.03.25', de)).toBeNull();
    expect(parseDateInput('05.03.', de)).toBeNull();
    expect(parseDateInput('05/03/2025', en)).toBe('2025-03-05');
  });

  it('puts typed digits in shape and lets Backspace remove a separator', () => {
    let text = '';
    for (const char of '24122025') text = maskDateInput(text + char, text, de);
    expect(text).toBe('24.12.2025');
    expect(maskDateInput('24.', '24.1', de)).toBe('24.');
    expect(maskDateInput('24', '24.', de)).toBe('24');
    expect(maskDateInput('1.', '1', de)).toBe('1.');
    expect(maskDateInput('1.3.2025x', '1.3.2025', de)).toBe('1.3.2025');
    expect(maskDateInput('24-12-2025', '', de)).toBe('24.12.2025');
    expect(maskDateInput('24.12.20251', '24.12.2025', de)).toBe('24.12.2025');
  });
});
