// The month grid of the date picker: react-day-picker (keyboard: arrows, Home/End, PageUp/PageDown,
// Shift+PageUp/PageDown for years, Enter to choose), in the user's language (date-fns locales), with
// the app's styles. Loaded only when a calendar is first opened (date-picker.tsx), so the pages with
// a date field do not carry it until then.
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { DayPicker } from 'react-day-picker';
import { de } from 'date-fns/locale/de';
import { enGB } from 'date-fns/locale/en-GB';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';
import { isoFromParts, partsFromIso, todayIso } from './date-input-format';

export type CalendarProps = {
  /** An ISO date (YYYY-MM-DD) or null. */
  selected: string | null;
  onSelect: (iso: string) => void;
  /** BCP 47 locale (de-DE, en-GB). */
  locale: string;
  labels: { previousMonth: string; nextMonth: string };
};

/** The user's calendar day as a local Date (react-day-picker counts in local time). */
const localDate = (iso: string): Date | undefined => {
  const parts = partsFromIso(iso);
  return parts ? new Date(parts.year, parts.month - 1, parts.day) : undefined;
};

const isoOf = (date: Date): string | null => isoFromParts(date.getFullYear(), date.getMonth() + 1, date.getDate());

export default function Calendar({ selected, onSelect, locale, labels }: CalendarProps) {
  const day = selected ? localDate(selected) : undefined;
  const fullDate = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
  return (
    <DayPicker
      mode="single"
      required
      autoFocus
      showOutsideDays
      locale={locale.toLowerCase().startsWith('de') ? de : enGB}
      weekStartsOn={1}
      selected={day}
      defaultMonth={day ?? localDate(todayIso())}
      onSelect={(date: Date) => {
        const iso = isoOf(date);
        if (iso) onSelect(iso);
      }}
      labels={{
        labelDayButton: (date: Date) => fullDate.format(date),
        labelPrevious: () => labels.previousMonth,
        labelNext: () => labels.nextMonth,
      }}
      components={{
        Chevron: ({ orientation }) =>
          orientation === 'left' ? (
            <ChevronLeftIcon className="size-4" aria-hidden="true" />
          ) : (
            <ChevronRightIcon className="size-4" aria-hidden="true" />
          ),
      }}
      classNames={{
        root: 'relative',
        months: 'flex flex-col',
        month: 'flex flex-col gap-2',
        month_caption: 'flex h-8 items-center justify-center',
        caption_label: 'text-sm font-semibold',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8'),
        button_next: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8'),
        month_grid: 'border-collapse',
        weekdays: '',
        weekday: 'size-9 text-center text-xs font-medium text-muted-foreground',
        week: '',
        day: 'group p-0.5 text-center',
        day_button:
          'inline-flex size-9 items-center justify-center rounded-md text-sm tabular-nums transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring group-data-[outside]:text-muted-foreground group-data-[today]:font-semibold group-data-[today]:text-primary group-data-[today]:ring-1 group-data-[today]:ring-primary/40 group-data-[selected]:bg-primary group-data-[selected]:text-primary-foreground group-data-[selected]:ring-0 group-data-[selected]:hover:bg-primary-hover',
        today: '',
        selected: '',
        outside: '',
        hidden: 'invisible',
      }}
    />
  );
}
