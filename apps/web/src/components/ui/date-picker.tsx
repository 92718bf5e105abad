import * as PopoverPrimitive from '@radix-ui/react-popover';
import { CalendarDaysIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import {
  addDays,
  addMonths,
  datePattern,
  formatDateInput,
  maskDateInput,
  monthGrid,
  parseDateInput,
  partsFromIso,
  todayIso,
  weekdayNames,
} from './date-input-format';
import { Input } from './input';
import { PopoverContent } from './popover';

export type DatePickerLabels = {
  openCalendar: string;
  previousMonth: string;
  nextMonth: string;
};

export type DatePickerProps = {
  /** An ISO date (YYYY-MM-DD) when the text is a real date, else the typed text ('' when empty). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** BCP 47 locale that decides order, separator and names (de-DE: 05.03.2025). */
  locale: string;
  labels: DatePickerLabels;
  placeholder?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  className?: string;
};

/**
 * A date field: type the date (digits are put in shape as you type) or pick it from a calendar
 * that works with the keyboard (arrows, Home/End, PageUp/PageDown, Shift+PageUp/PageDown for years,
 * Enter to choose, Escape to close).
 */
export function DatePicker({
  value,
  onChange,
  onBlur,
  locale,
  labels,
  placeholder,
  id,
  name,
  disabled,
  ref,
  className,
  ...aria
}: DatePickerProps) {
  const pattern = useMemo(() => datePattern(locale), [locale]);
  const [text, setText] = useState(() => formatDateInput(value, pattern) || value);
  const [synced, setSynced] = useState({ value, pattern });
  if (synced.value !== value || synced.pattern !== pattern) {
    // The value changed from outside (a reset, the calendar) or the language changed.
    setSynced({ value, pattern });
    const typedAlready = parseDateInput(text, pattern) === value || text.trim() === value;
    if (!typedAlready || synced.pattern !== pattern) setText(formatDateInput(value, pattern) || value);
  }

  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(() => (partsFromIso(value) ? value : todayIso()));
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocusToDay = useRef(false);

  useEffect(() => {
    if (!moveFocusToDay.current) return;
    moveFocusToDay.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const change = (next: string) => {
    const masked = maskDateInput(next, text, pattern);
    setText(masked);
    onChange(parseDateInput(masked, pattern) ?? masked.trim());
  };

  const blur = () => {
    const iso = parseDateInput(text, pattern);
    if (iso) setText(formatDateInput(iso, pattern));
    onBlur?.();
  };

  const openChange = (next: boolean) => {
    if (next) setFocused(parseDateInput(text, pattern) ?? todayIso());
    setOpen(next);
  };

  const choose = (iso: string) => {
    setText(formatDateInput(iso, pattern));
    onChange(iso);
    setOpen(false);
  };

  const moveTo = (iso: string) => {
    moveFocusToDay.current = true;
    setFocused(iso);
  };

  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const parts = partsFromIso(focused);
    if (!parts) return;
    const weekday = (new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay() + 6) % 7;
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -weekday),
      End: () => addDays(focused, 6 - weekday),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  };

  const focusedParts = partsFromIso(focused);
  const selected = partsFromIso(value) ? value : null;
  const today = todayIso();
  const monthLabel = focusedParts
    ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(focusedParts.year, focusedParts.month - 1, 1)),
      )
    : '';
  const fullDate = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const shortNames = weekdayNames(locale, 'short');
  const longNames = weekdayNames(locale, 'long');
  const headingId = id ? `${id}-calendar-heading` : undefined;

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={openChange}>
      <PopoverPrimitive.Anchor asChild>
        <div className={cn('relative', className)}>
          <Input
            ref={ref}
            id={id}
            name={name}
            value={text}
            onChange={(event) => change(event.target.value)}
            onBlur={blur}
            disabled={disabled}
            placeholder={placeholder}
            inputMode="numeric"
            autoComplete="off"
            className="pr-11"
            {...aria}
          />
          <PopoverPrimitive.Trigger asChild>
            <Button
              variant="ghost"
              size="icon"
              disabled={disabled}
              className="absolute top-0 right-0 text-muted-foreground hover:text-foreground"
              aria-label={labels.openCalendar}
            >
              <CalendarDaysIcon aria-hidden="true" />
            </Button>
          </PopoverPrimitive.Trigger>
        </div>
      </PopoverPrimitive.Anchor>
      <PopoverContent
        align="start"
        className="w-auto p-3"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
        }}
      >
        <div className="flex items-center justify-between gap-2 pb-2">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={labels.previousMonth}
            onClick={() => setFocused(addMonths(focused, -1))}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <p id={headingId} aria-live="polite" className="text-sm font-semibold">
            {monthLabel}
          </p>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={labels.nextMonth}
            onClick={() => setFocused(addMonths(focused, 1))}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
        <table ref={gridRef} role="grid" aria-labelledby={headingId} className="border-collapse">
          <thead>
            <tr>
              {shortNames.map((short, index) => (
                <th
                  key={short}
                  scope="col"
                  abbr={longNames[index]}
                  className="size-9 text-center text-xs font-medium text-muted-foreground"
                >
                  {short.replace(/\.$/, '')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(focused).map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const parts = partsFromIso(day);
                  const outside = parts?.month !== focusedParts?.month;
                  const isSelected = day === selected;
                  return (
                    <td key={day} role="gridcell" aria-selected={isSelected} className="p-0.5 text-center">
                      <button
                        type="button"
                        data-date={day}
                        tabIndex={day === focused ? 0 : -1}
                        aria-label={fullDate.format(new Date(`${day}T00:00:00Z`))}
                        aria-current={day === today ? 'date' : undefined}
                        onClick={() => choose(day)}
                        onKeyDown={keyDown}
                        className={cn(
                          'inline-flex size-9 items-center justify-center rounded-md text-sm tabular-nums transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                          outside && 'text-muted-foreground/60',
                          day === today && !isSelected && 'font-semibold text-primary ring-1 ring-primary/40',
                          isSelected && 'bg-primary text-primary-foreground hover:bg-primary-hover',
                        )}
                      >
                        {parts?.day}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </PopoverContent>
    </PopoverPrimitive.Root>
  );
}
