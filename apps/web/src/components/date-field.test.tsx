// Issue 58: a German user saw mm/dd/yyyy in date fields, because a native date input follows the
// browser's locale, not the app's language. Every date field is the app's own picker (date-field.tsx).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { DateField } from './date-field';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function Harness() {
  const [value, setValue] = useState('2030-06-01');
  return (
    <>
      <label htmlFor="due">Fällig</label>
      <DateField control={{ id: 'due' }} value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('DateField', () => {
  it('is the only kind of date field: no native date input follows the browser locale', () => {
    const native = sourceFiles(SRC).filter((file) =>
      /type=["'{]+date["'}]+|type:\s*["']date["']/.test(readFileSync(file, 'utf8')),
    );
    expect(native.map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('shows TT.MM.JJJJ in German and hands on an ISO date', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Fällig' });
    expect(input).toHaveValue('01.06.2030');
    expect(input).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    await user.tripleClick(input);
    await user.keyboard('24122030');
    expect(screen.getByTestId('value')).toHaveTextContent('2030-12-24');
  });

  it('follows the app language in English, not the browser', async () => {
    await changeLanguage('en');
    await renderWithApp(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Fällig' });
    expect(input).toHaveValue('01/06/2030');
    expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  });
});
