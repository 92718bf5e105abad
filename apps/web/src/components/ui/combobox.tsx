import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { COMBOBOX_MAX_HEIGHT_PX } from '@sp/shared';
import { cn } from '@/lib/utils';

/**
 * A searchable single-choice field (WAI-ARIA combobox with a listbox popup and list
 * autocomplete): typing filters, arrow keys move the highlight, Enter chooses, Escape closes
 * and restores the chosen value. Focus stays in the input throughout (aria-activedescendant).
 */
export type ComboboxOption = { value: string; label: string };

export type ComboboxProps = {
  id?: string;
  name?: string;
  options: readonly ComboboxOption[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
  placeholder?: string;
  /** Accessible name of the popup list. */
  listLabel: string;
  /** Accessible name of the button that opens the list. */
  toggleLabel: string;
  /** Shown in the popup when nothing matches the typed text. */
  noResultsText: string;
  /** Used to compare typed text with labels. */
  locale?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

function normalise(text: string, locale: string | undefined): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale).trim();
}

/**
 * Labels starting with the text as typed first ("Ö" finds Österreich before Oman), then those
 * starting with it when accents and case are ignored, then those containing it; a typed code
 * ("DE") counts as a start.
 */
export function filterOptions(
  options: readonly ComboboxOption[],
  text: string,
  locale?: string,
): readonly ComboboxOption[] {
  const needle = normalise(text, locale);
  if (!needle) return options;
  const typed = text.trim().toLocaleLowerCase(locale);
  const startsAsTyped: ComboboxOption[] = [];
  const starts: ComboboxOption[] = [];
  const contains: ComboboxOption[] = [];
  for (const option of options) {
    const label = normalise(option.label, locale);
    if (option.label.toLocaleLowerCase(locale).startsWith(typed) || option.value.toLowerCase() === needle) {
      startsAsTyped.push(option);
    } else if (label.startsWith(needle)) starts.push(option);
    else if (label.includes(needle)) contains.push(option);
  }
  return [...startsAsTyped, ...starts, ...contains];
}

export function Combobox({
  id,
  name,
  options,
  value,
  onChange,
  onBlur,
  ref,
  disabled,
  placeholder,
  listLabel,
  toggleLabel,
  noResultsText,
  locale,
  className,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: ComboboxProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const listId = `${generatedId}-list`;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  /** The typed text while the user searches; null shows the chosen option's label. */
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);

  const selected = options.find((option) => option.value === value) ?? null;
  const filtered = useMemo(
    () => (query === null ? options : filterOptions(options, query, locale)),
    [options, query, locale],
  );
  const active = open ? filtered[activeIndex] : undefined;
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex]);

  function setRefs(element: HTMLInputElement | null): void {
    inputRef.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  }

  /** Opens with the chosen option highlighted, else the first (or, going up, the last). */
  function openList(fallback: 'first' | 'last' = 'first'): void {
    const selectedIndex = selected ? filtered.findIndex((option) => option.value === selected.value) : -1;
    const index = selectedIndex >= 0 ? selectedIndex : fallback === 'last' ? filtered.length - 1 : 0;
    setActiveIndex(filtered.length > 0 ? index : -1);
    setOpen(true);
  }

  function close(): void {
    setOpen(false);
    setQuery(null);
    setActiveIndex(-1);
  }

  function choose(option: ComboboxOption): void {
    onChange(option.value);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((index) => Math.min(index + 1, filtered.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList('last');
        else setActiveIndex((index) => Math.max(index - 1, 0));
        break;
      case 'PageDown':
        if (!open) return;
        event.preventDefault();
        setActiveIndex((index) => Math.min(index + 10, filtered.length - 1));
        break;
      case 'PageUp':
        if (!open) return;
        event.preventDefault();
        setActiveIndex((index) => Math.max(index - 10, 0));
        break;
      case 'Enter':
        if (!open) return;
        // Choosing from the list must not submit the form around it.
        event.preventDefault();
        if (active) choose(active);
        break;
      case 'Escape':
        if (!open && query === null) return;
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      default:
        break;
    }
  }

  function onInputBlur(): void {
    if (query !== null) {
      // Leaving with a complete name (typed or pasted) counts as choosing it.
      const exact = options.find((option) => normalise(option.label, locale) === normalise(query, locale));
      if (exact && exact.value !== value) onChange(exact.value);
    }
    close();
    onBlur?.();
  }

  return (
    <div className={cn('relative', className)}>
      <input
        ref={setRefs}
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={active ? optionId(activeIndex) : undefined}
        aria-invalid={ariaInvalid || undefined}
        aria-describedby={ariaDescribedBy}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        value={query ?? selected?.label ?? ''}
        onChange={(event) => {
          const text = event.target.value;
          setQuery(text);
          setOpen(true);
          setActiveIndex(filterOptions(options, text, locale).length > 0 ? 0 : -1);
        }}
        onKeyDown={onKeyDown}
        onClick={() => {
          if (!open) openList();
        }}
        onBlur={onInputBlur}
        className="flex h-10 w-full min-w-0 rounded-md border border-input bg-background py-2 pr-10 pl-3 text-base shadow-sm transition-colors placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm"
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={toggleLabel}
        aria-controls={listId}
        aria-expanded={open}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          inputRef.current?.focus();
          if (open) close();
          else openList();
        }}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground disabled:opacity-50"
      >
        <ChevronsUpDownIcon className="size-4" aria-hidden="true" />
      </button>
      <div
        hidden={!open}
        style={{ maxHeight: COMBOBOX_MAX_HEIGHT_PX }}
        className="absolute inset-x-0 top-full z-50 mt-1 overflow-y-auto rounded-md border border-border bg-background p-1 shadow-lg"
      >
        <ul ref={listRef} id={listId} role="listbox" aria-label={listLabel}>
          {open
            ? filtered.map((option, index) => (
                <li
                  key={option.value}
                  id={optionId(index)}
                  data-index={index}
                  role="option"
                  aria-selected={option.value === value}
                  data-active={index === activeIndex || undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActiveIndex(index)}
                  onClick={() => choose(option)}
                  className="flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm select-none data-active:bg-accent data-active:text-accent-foreground aria-selected:font-medium"
                >
                  <CheckIcon
                    className={cn('size-4 shrink-0', option.value === value ? 'opacity-100' : 'opacity-0')}
                    aria-hidden="true"
                  />
                  {option.label}
                </li>
              ))
            : null}
        </ul>
        {open && filtered.length === 0 ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">{noResultsText}</p>
        ) : null}
      </div>
    </div>
  );
}
