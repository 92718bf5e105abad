import { z } from 'zod';

export const ZGetHealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});
export type GetHealthResponse = z.infer<typeof ZGetHealthResponse>;
