import { z } from 'zod';

export const ZGetHealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});
export type GetHealthResponse = z.infer<typeof ZGetHealthResponse>;

/** GET /api/ready: 200 when every check holds, else 503 with the same body (decision 076). */
export const ZGetReadyResponse = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    listener: z.boolean(),
    accepting: z.boolean(),
  }),
});
