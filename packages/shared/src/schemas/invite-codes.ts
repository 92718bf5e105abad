import { z } from 'zod';

/** GET /invite/{code}: the registration form's convenience check; only ok / not ok is used. */
export const ZCheckInviteCodeResponse = z.object({ valid: z.literal(true) });
export type CheckInviteCodeResponse = z.infer<typeof ZCheckInviteCodeResponse>;
