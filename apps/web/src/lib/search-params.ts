// Validators for URL search params, for the routes' `validateSearch`. The router hands values over
// as strings (see routerDefaults in src/app/router.tsx); in-app navigation may pass numbers or
// booleans. Invalid values become undefined instead of failing the route. Hand-written rather than
// zod because every route's validateSearch ships in the entry chunk (docs/decisions/006-bundle-budget.md).

/** Reads one search value; `undefined` when it is missing or invalid. */
export type SearchField<T> = (value: unknown) => T | undefined;

export type SearchValues<Fields extends Record<string, SearchField<unknown>>> = {
  [K in keyof Fields]?: Exclude<ReturnType<Fields[K]>, undefined>;
};

/** A `validateSearch` for the given fields; fields that are missing or invalid are left out. */
export function searchSchema<Fields extends Record<string, SearchField<unknown>>>(fields: Fields) {
  return (search: Record<string, unknown>): SearchValues<Fields> => {
    const values: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(fields)) {
      const value = read(search[key]);
      if (value !== undefined) values[key] = value;
    }
    return values as SearchValues<Fields>;
  };
}

/** A string, or a finite number as written in the URL. */
export const searchString: SearchField<string> = (value) =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

/** `true`/`false`, also as the strings 'true'/'false'. */
export const searchBoolean: SearchField<boolean> = (value) =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;

/** A positive whole number, also as a string ('4'), e.g. an id. */
export const searchPositiveInt: SearchField<number> = (value) => {
  if (value === undefined) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/** One of the given values. */
export function searchEnum<const Values extends readonly string[]>(values: Values): SearchField<Values[number]> {
  return (value) => ((values as readonly unknown[]).includes(value) ? (value as Values[number]) : undefined);
}
