import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import config from 'virtual:tailwind-merge-config';

/** tailwind-merge with only the class groups the app uses (plugin sp:tailwind-merge-config). */
const twMerge = createTailwindMerge(() => config);

/** Joins class names and lets later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
