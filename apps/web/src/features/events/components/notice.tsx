import { CircleAlertIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A message box above a form or list: a warning that needs action, or an error. */
export function Notice({
  tone,
  title,
  children,
  className,
}: {
  tone: 'warning' | 'error';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = tone === 'warning' ? TriangleAlertIcon : CircleAlertIcon;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 rounded-lg border px-4 py-3 text-sm',
        tone === 'warning'
          ? 'border-amber-200 bg-amber-50 text-amber-950'
          : 'border-red-200 bg-red-50 text-destructive',
        className,
      )}
    >
      <Icon
        className={cn('mt-0.5 size-4 shrink-0', tone === 'warning' ? 'text-warning' : 'text-destructive')}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1 space-y-1 break-words">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
