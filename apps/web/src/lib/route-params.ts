import { notFound } from '@tanstack/react-router';

/** Path ids are positive integers; anything else is a page that does not exist. */
export function parseIdParam(value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw notFound();
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}
