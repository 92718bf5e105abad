import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The centred card every authentication screen sits in. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-1 items-start justify-center bg-muted/40 px-4 py-8 sm:items-center sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="gap-2 pb-4 text-center">
          <h1 className="text-xl font-bold tracking-tight text-balance sm:text-2xl">{title}</h1>
          {lead ? <CardDescription className="text-pretty">{lead}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? (
          <CardFooter className="flex-col gap-3 border-t border-border pt-5 text-center text-sm text-muted-foreground">
            {footer}
          </CardFooter>
        ) : null}
      </Card>
    </div>
  );
}
