import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Standard page frame: a width, padding, the page's h1 and the tab title. */
export function Page({
  title,
  lead,
  className,
  children,
  width = 'default',
}: {
  title: string;
  lead?: ReactNode;
  className?: string;
  children?: ReactNode;
  width?: 'default' | 'narrow' | 'wide';
}) {
  useDocumentTitle(title);
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 py-8 sm:px-6 sm:py-12',
        width === 'narrow' && 'max-w-2xl',
        width === 'default' && 'max-w-4xl',
        width === 'wide' && 'max-w-6xl',
        className,
      )}
    >
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
      {lead ? <p className="mt-3 text-base text-muted-foreground sm:text-lg">{lead}</p> : null}
      {children}
    </div>
  );
}

export function Prose({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'mt-8 space-y-8 leading-relaxed [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline',
        className,
      )}
      {...props}
    />
  );
}
