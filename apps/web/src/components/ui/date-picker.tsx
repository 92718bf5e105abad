import * as PopoverPrimitive from '@radix-ui/react-popover';
import { CalendarDaysIcon } from 'lucide-react';
import { lazy, Suspense, useMemo, useState, type Ref } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { datePattern, formatDateInput, maskDateInput, parseDateInput, partsFromIso } from './date-input-format';
import { Input } from './input';
import { PopoverContent } from './popover';

// react-day-picker and date-fns load when a calendar is about to open (the pointer on its button, or
// the button focused), not with the form's page.
const loadCalendar = () => import('./calendar');
const Calendar = lazy(loadCalendar);

export type DatePickerLabels = {
  openCalendar: string;
  /** The calendar popup's name (a dialog needs one: axe aria-dialog-name). */
  calendar: string;
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
 * (react-day-picker, calendar.tsx) that works with the keyboard (arrows, Home/End, PageUp/PageDown,
 * Shift+PageUp/PageDown for years, Enter to choose, Escape to close).
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

  const choose = (iso: string) => {
    setText(formatDateInput(iso, pattern));
    onChange(iso);
    setOpen(false);
  };

  const selected = parseDateInput(text, pattern) ?? (partsFromIso(value) ? value : null);

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
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
              onPointerEnter={() => void loadCalendar()}
              onFocus={() => void loadCalendar()}
            >
              <CalendarDaysIcon aria-hidden="true" />
            </Button>
          </PopoverPrimitive.Trigger>
        </div>
      </PopoverPrimitive.Anchor>
      <PopoverContent
        align="start"
        className="w-auto p-3"
        aria-label={labels.calendar}
        // The calendar focuses the chosen day (else today) itself once it is there.
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        <Suspense fallback={<div className="size-72" aria-busy="true" />}>
          <Calendar
            selected={selected}
            onSelect={choose}
            locale={locale}
            labels={{ previousMonth: labels.previousMonth, nextMonth: labels.nextMonth }}
          />
        </Suspense>
      </PopoverContent>
    </PopoverPrimitive.Root>
  );
}
