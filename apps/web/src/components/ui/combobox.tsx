import { Command } from 'cmdk';
import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { COMBOBOX_MAX_HEIGHT_PX } from '@sp/shared';
import { cn } from '@/lib/utils';

/**
 * A searchable single-choice field (WAI-ARIA combobox with a listbox popup and list
 * autocomplete) on cmdk, which keeps the highlight (arrow keys, Home/End, Enter chooses, scrolling
 * the highlighted option into view): typing filters (filterOptions, not cmdk's fuzzy score, so a
 * typed start comes first), PageUp/PageDown move by ten, Escape closes and restores the chosen
 * value. Focus stays in the input throughout (aria-activedescendant). The input is the app's own,
 * not cmdk's, so that it keeps the id its label points to and says whether the list is open.
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

/**
 * Options rendered at first; more follow as the list is scrolled or the highlight moves down. cmdk
 * registers, marks and looks up every rendered option on each change of the list (a query over the
 * list per option removed), so the 250 countries cost 1.6 s to open and up to 2.5 s per keystroke
 * in jsdom (issue 58); a window of 24 (the popup shows 8) costs a fraction of that. The options' set size and positions are
 * told (aria-setsize, aria-posinset), so a screen reader still hears "1 of 250".
 */
export const COMBOBOX_WINDOW = 24;

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
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  /** The typed text while the user searches; null shows the chosen option's label. */
  const [query, setQuery] = useState<string | null>(null);
  /** The highlighted option's value ('' for none), kept by cmdk. */
  const [active, setActive] = useState('');
  /** How many of the filtered options are rendered at least (COMBOBOX_WINDOW, more once scrolled). */
  const [shown, setShown] = useState(COMBOBOX_WINDOW);
  /** cmdk names the list and its options; the input points to them. */
  const [ids, setIds] = useState<{ list?: string; active?: string }>({});

  const selected = options.find((option) => option.value === value) ?? null;
  const filtered = useMemo(
    () => (query === null ? options : filterOptions(options, query, locale)),
    [options, query, locale],
  );

  // The window reaches past the highlight, so that the arrow keys (cmdk's, which move through the
  // rendered options) always find a next one.
  const activeIndex = active ? filtered.findIndex((option) => option.value === active) : -1;
  const rendered = filtered.slice(0, Math.max(shown, activeIndex + 1 + COMBOBOX_WINDOW / 2));

  useLayoutEffect(() => {
    // cmdk marks each option with its value (data-value) in its own layout effect, before this one.
    const list = listRef.current;
    const option = open && active ? list?.querySelector(`[cmdk-item][data-value="${CSS.escape(active)}"]`) : null;
    const next = { list: list?.id, active: option?.id };
    setIds((now) => (now.list === next.list && now.active === next.active ? now : next));
  }, [open, active, filtered]);

  function setRefs(element: HTMLInputElement | null): void {
    inputRef.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  }

  /** Opens with the chosen option highlighted, else the first (or, going up, the last). */
  function openList(fallback: 'first' | 'last' = 'first'): void {
    const chosen = selected && filtered.some((option) => option.value === selected.value) ? selected : null;
    setActive(chosen?.value ?? (fallback === 'last' ? filtered.at(-1) : filtered[0])?.value ?? '');
    setOpen(true);
  }

  function close(): void {
    setOpen(false);
    setQuery(null);
    setActive('');
    setShown(COMBOBOX_WINDOW);
  }

  function choose(option: ComboboxOption): void {
    onChange(option.value);
    close();
  }

  function moveBy(step: number): void {
    const index = filtered.findIndex((option) => option.value === active);
    const next = filtered[Math.min(Math.max(index + step, 0), filtered.length - 1)];
    if (next) setActive(next.value);
  }

  /** Runs before cmdk's own keys (on the element around): preventDefault keeps cmdk out of it. */
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (!open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        openList(event.key === 'ArrowUp' ? 'last' : 'first');
      } else if (event.key === 'Escape' && query !== null) {
        event.preventDefault();
        close();
      }
      // A closed list leaves Enter (submitting the form), Home and End to the input.
      if (['Enter', 'Home', 'End'].includes(event.key)) event.stopPropagation();
      return;
    }
    switch (event.key) {
      case 'PageDown':
      case 'PageUp':
        event.preventDefault();
        moveBy(event.key === 'PageDown' ? 10 : -10);
        break;
      case 'End':
        // The last option may not be rendered yet: cmdk's End would stop at the window's end.
        event.preventDefault();
        moveBy(filtered.length);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      default:
        // Arrows, Home/End and Enter (which chooses, never submits) are cmdk's.
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
    <Command
      shouldFilter={false}
      loop={false}
      value={active}
      onValueChange={setActive}
      className={cn('relative', className)}
      tabIndex={undefined}
    >
      <input
        ref={setRefs}
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={ids.list}
        aria-activedescendant={open ? ids.active : undefined}
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
          setShown(COMBOBOX_WINDOW);
          setActive(filterOptions(options, text, locale)[0]?.value ?? '');
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
        aria-controls={ids.list}
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
        onScroll={(event) => {
          const box = event.currentTarget;
          if (box.scrollTop + box.clientHeight >= box.scrollHeight - COMBOBOX_MAX_HEIGHT_PX && shown < filtered.length)
            setShown((now) => now + COMBOBOX_WINDOW);
        }}
        style={{ maxHeight: COMBOBOX_MAX_HEIGHT_PX }}
        className="absolute inset-x-0 top-full z-50 mt-1 overflow-y-auto rounded-md border border-border bg-background p-1 shadow-lg"
      >
        <Command.List ref={listRef} label={listLabel}>
          {open
            ? rendered.map((option, index) => (
                <Command.Item
                  key={option.value}
                  value={option.value}
                  aria-setsize={filtered.length}
                  aria-posinset={index + 1}
                  onMouseDown={(event) => event.preventDefault()}
                  onSelect={() => choose(option)}
                  className="flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
                >
                  <CheckIcon
                    className={cn('size-4 shrink-0', option.value === value ? 'opacity-100' : 'opacity-0')}
                    aria-hidden="true"
                  />
                  <span className={cn(option.value === value && 'font-medium')}>{option.label}</span>
                </Command.Item>
              ))
            : null}
        </Command.List>
        {open && filtered.length === 0 ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">{noResultsText}</p>
        ) : null}
      </div>
    </Command>
  );
}
