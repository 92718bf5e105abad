import { cn } from '@/lib/utils';

/** Classes for links inside the auth cards' running text. */
export const textLinkClass = cn(
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
);
