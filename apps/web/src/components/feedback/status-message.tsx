import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A centred full-page message (not found, no access, errors). */
export function StatusMessage({
  icon: Icon,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {children ? <div className="mt-3 text-muted-foreground">{children}</div> : null}
      {actions ? <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}
