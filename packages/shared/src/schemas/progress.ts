// The organiser's first steps (step page /dashboard/organizer/step, issue 8), each done or not from
// the organisation's real state.
import { z } from 'zod';

/** GET /organisation/{organisationId}/progress */
export const ZOrganiserProgress = z.object({
  organisation_name: z.string(),
  steps: z.object({
    /** The organisation's master data is complete, the optional phone number included. */
    profile: z.boolean(),
    /** At least one event. */
    event: z.boolean(),
    /** At least one team or sponsor invitation sent, or a second member. */
    invite: z.boolean(),
  }),
  events: z.number().int().min(0),
  invitations: z.number().int().min(0),
  members: z.number().int().min(0),
});
export type OrganiserProgressWire = z.infer<typeof ZOrganiserProgress>;
