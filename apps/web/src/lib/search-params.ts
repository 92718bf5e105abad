// zod pieces for URL search params. The router hands values over as strings (see routerDefaults
// in src/app/router.tsx); in-app navigation may pass numbers or booleans. Invalid values become
// undefined instead of failing the route.
import { z } from 'zod';

export const searchString = z
  .union([z.string(), z.number()])
  .transform((value) => String(value))
  .optional()
  .catch(undefined);

export const searchBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true')
  .optional()
  .catch(undefined);
