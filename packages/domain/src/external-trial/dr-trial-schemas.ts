import { z } from 'zod';

const id = z.string().uuid();
const drTrialResearchId = z.string().trim().min(1).max(100);

/** GET /Visits/FromDrTrial: the research (default: the caller's current one) and its DrTrial id. */
export const drTrialVisitsQuery = z.object({ drTrialResearchId, researchId: id.optional() });

/** POST /Visits/FromDrTrial: as the preview; new visits join the given versions (default: the last one). */
export const drTrialVisitsLoad = z.object({
  drTrialResearchId,
  researchId: id.optional(),
  researchVersionIdList: z.array(id).max(100).optional(),
});

/** What loading does with one DrTrial visit. */
export const DR_TRIAL_VISIT_ACTIONS = ['create', 'update', 'unchanged', 'skipped'] as const;
export type DrTrialVisitAction = (typeof DR_TRIAL_VISIT_ACTIONS)[number];

/** One DrTrial visit as it would be (preview) or has been (load) taken into the research. */
export const drTrialVisitItem = z.object({
  drTrialId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  visitKey: z.string(),
  visitTypeString: z.enum(['Screening', 'Randomisation', 'Period', 'End']),
  dayNumber: z.number(),
  dayPlus: z.number(),
  dayMinus: z.number(),
  repeating: z.boolean(),
  isRequired: z.boolean(),
  /** The research's visit it matches (by drTrialId), or null for a new one. */
  visitId: z.string().nullable(),
  /** skipped: the matching visit is complete, so it is left as it is. */
  action: z.enum(DR_TRIAL_VISIT_ACTIONS),
});
export type DrTrialVisitItem = z.infer<typeof drTrialVisitItem>;

export const drTrialVisitsReply = z.object({
  items: z.array(drTrialVisitItem),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
});
export type DrTrialVisitsReply = z.infer<typeof drTrialVisitsReply>;

/** GET /ExternalTrial/Settings: whether the link is on (the buttons are hidden when not). */
export const externalTrialSettings = z.object({ enabled: z.boolean() });

/** Where a document stands with DrTrial: null never asked; Queued waiting or retrying; Sent; Failed. */
export const DR_TRIAL_SEND_STATUSES = ['Queued', 'Sent', 'Failed'] as const;
export type DrTrialSendStatus = (typeof DR_TRIAL_SEND_STATUSES)[number];
