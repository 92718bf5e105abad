import { CalendarDaysIcon, HandCoinsIcon, HandshakeIcon, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { ROLES, type Role } from '@sp/shared';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const ICONS: Record<Role, LucideIcon> = {
  sponsor: HandCoinsIcon,
  veranstalter: CalendarDaysIcon,
  beides: HandshakeIcon,
};

/** The three roles as a radio group of cards (arrow keys move between them, as in any radio group). */
export function RoleOptions({
  value,
  onChange,
  legend,
  hideLegend = false,
  disabled = false,
  columns = 3,
}: {
  value: Role | null;
  onChange: (role: Role) => void;
  legend: string;
  hideLegend?: boolean;
  disabled?: boolean;
  /** 3 side by side from the small breakpoint on; 1 stacks them (narrow panels). */
  columns?: 1 | 3;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className={cn('mb-3 text-sm font-medium', hideLegend && 'sr-only')}>{legend}</legend>
      <div className={cn('grid gap-3', columns === 3 && 'sm:grid-cols-3')}>
        {ROLES.map((role) => {
          const Icon = ICONS[role];
          const labelId = `${name}-${role}-label`;
          const descriptionId = `${name}-${role}-description`;
          return (
            <label
              key={role}
              className="group relative flex cursor-pointer flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm transition-colors hover:border-primary/50 has-checked:border-primary has-checked:bg-secondary has-checked:ring-1 has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring has-disabled:cursor-not-allowed has-disabled:opacity-60"
            >
              <input
                type="radio"
                name={name}
                value={role}
                checked={value === role}
                onChange={() => onChange(role)}
                aria-labelledby={labelId}
                aria-describedby={descriptionId}
                className="sr-only"
              />
              <span className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary group-has-checked:bg-primary group-has-checked:text-primary-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span id={labelId} className="font-semibold">
                  {t(`roles.${role}`)}
                </span>
              </span>
              <span id={descriptionId} className="text-sm text-muted-foreground">
                {t(`profile.roleOptions.${role}`)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
