import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { COMBOBOX_WINDOW, Combobox, filterOptions, type ComboboxOption } from './combobox';

const options: ComboboxOption[] = [
  { value: 'DE', label: 'Deutschland' },
  { value: 'DK', label: 'Dänemark' },
  { value: 'AT', label: 'Österreich' },
  { value: 'CH', label: 'Schweiz' },
  { value: 'US', label: 'Vereinigte Staaten' },
];

function Harness({ onChange, all = options }: { onChange?: (value: string) => void; all?: ComboboxOption[] }) {
  const [value, setValue] = useState('DE');
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="country">Land</label>
      <Combobox
        id="country"
        options={all}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        listLabel="Länder"
        toggleLabel="Liste öffnen"
        noResultsText="Kein Land gefunden."
        locale="de"
      />
      <output data-testid="value">{value}</output>
    </form>
  );
}

function visibleOptions(): string[] {
  return screen.queryAllByRole('option').map((option) => option.textContent ?? '');
}

describe('filterOptions', () => {
  it('puts labels starting with the text first and ignores case and accents', () => {
    expect(filterOptions(options, 'st').map((o) => o.value)).toEqual(['AT', 'US']);
    expect(filterOptions(options, 'oster').map((o) => o.value)).toEqual(['AT']);
    expect(filterOptions(options, 'DÄN').map((o) => o.value)).toEqual(['DK']);
    expect(filterOptions(options, 'ch').map((o) => o.value)).toEqual(['CH', 'DE', 'AT']);
    expect(filterOptions(options, '  ')).toBe(options);
    const withOman = [{ value: 'OM', label: 'Oman' }, ...options];
    expect(filterOptions(withOman, 'ö').map((o) => o.value)).toEqual(['AT', 'OM']);
    expect(filterOptions(withOman, 'o').map((o) => o.value)).toEqual(['OM', 'AT']);
  });
});

describe('Combobox', () => {
  it('follows the ARIA combobox pattern', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Land' });
    expect(input).toHaveValue('Deutschland');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');

    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Länder' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    const selected = screen.getByRole('option', { name: 'Deutschland' });
    expect(selected).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', selected.id);
  });

  it('filters while typing and chooses with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Land' });

    await user.click(input);
    await user.clear(input);
    await user.type(input, 'st');
    expect(visibleOptions()).toEqual(['Österreich', 'Vereinigte Staaten']);
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Österreich' }).id);

    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Vereinigte Staaten' }).id,
    );
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('US');
    expect(input).toHaveValue('Vereinigte Staaten');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('value')).toHaveTextContent('US');
  });

  it('opens with ArrowDown, closes with Escape and keeps the chosen value', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Land' });
    input.focus();

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(visibleOptions()).toHaveLength(options.length);
    await user.type(input, 'xyz');
    expect(visibleOptions()).toEqual([]);
    expect(screen.getByText('Kein Land gefunden.')).toBeVisible();

    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Deutschland');
    expect(screen.getByTestId('value')).toHaveTextContent('DE');
  });

  it('chooses an option by mouse and takes a fully typed name on leaving the field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Land' });

    await user.click(screen.getByRole('button', { name: 'Liste öffnen' }));
    await user.click(screen.getByRole('option', { name: 'Schweiz' }));
    expect(screen.getByTestId('value')).toHaveTextContent('CH');
    expect(input).toHaveFocus();

    await user.clear(input);
    await user.type(input, 'dänemark');
    await user.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('DK');
    expect(input).toHaveValue('Dänemark');
  });

  it('renders a window of a long list, with its size told, and more as it scrolls or the highlight moves', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 80 }, (_, i) => ({
      value: `C${i}`,
      label: `Land ${String(i).padStart(3, '0')}`,
    }));
    render(<Harness all={[{ value: 'DE', label: 'Deutschland' }, ...many]} />);
    const input = screen.getByRole('combobox', { name: 'Land' });
    input.focus();
    await user.keyboard('{ArrowDown}');
    expect(visibleOptions()).toHaveLength(COMBOBOX_WINDOW);
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-setsize', '81');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-posinset', '2');
    // Scrolled to the end of the window: the next ones are there.
    fireEvent.scroll(screen.getByRole('listbox').parentElement!);
    expect(visibleOptions()).toHaveLength(2 * COMBOBOX_WINDOW);
    // End reaches the last option, which is rendered and highlighted.
    await user.keyboard('{End}');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Land 079' }).id);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('C79');
    // Typing starts from a window again.
    await user.type(input, '{Control>}a{/Control}Land');
    expect(visibleOptions()).toHaveLength(COMBOBOX_WINDOW);
  }, 20_000);
});
