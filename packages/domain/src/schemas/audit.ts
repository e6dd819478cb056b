import { z } from 'zod';

/** GET /Audit/Verify: the result of walking the whole audit chain (docs/audit-trail.md). */
export const auditBreak = z.object({
  seq: z.number(),
  id: z.string(),
  /** The record's chain: `global` or `subject:<subject id>`. */
  chain: z.string(),
  /** 1-based place in its chain. */
  position: z.number(),
  at: z.string(),
  action: z.string(),
  /** `link`: does not follow the record before it; `hash`: its content does not give its hash under the key. */
  problems: z.array(z.enum(['link', 'hash'])),
});

/**
 * The newest record (`seq`, `at`) and the heads digest `hash` over every chain's newest record, to write
 * down elsewhere (docs/audit-trail.md, "The head and checkpoints").
 */
export const auditHead = z.object({ seq: z.number(), hash: z.string(), at: z.string(), chains: z.number() });

export const auditVerification = z.object({
  ok: z.boolean(),
  checked: z.number(),
  chains: z.number(),
  breakCount: z.number(),
  breaks: z.array(auditBreak),
  breaksTruncated: z.boolean(),
  brokenAt: z.number().nullable(),
  head: auditHead.nullable(),
  /** The head as it stood at an asked seq (the CLI's --as-of), else null. */
  asOf: auditHead.nullable(),
  keyFingerprint: z.string(),
  verifiedAt: z.string(),
  durationMs: z.number(),
});

export type AuditBreakDto = z.infer<typeof auditBreak>;
export type AuditVerificationDto = z.infer<typeof auditVerification>;

/**
 * A verification run in the background (POST /Audit/Verifications): Queued → Running → Done | Failed, its
 * progress while it walks, and the verification it found once Done.
 */
export const AUDIT_VERIFICATION_STATUSES = ['Queued', 'Running', 'Done', 'Failed'] as const;
export type AuditVerificationStatus = (typeof AUDIT_VERIFICATION_STATUSES)[number];

export const auditVerificationRun = z.object({
  id: z.string(),
  status: z.enum(AUDIT_VERIFICATION_STATUSES),
  /** 0–100: the share of the trail's record numbers walked. */
  progress: z.number().int(),
  /** Records checked so far. */
  processed: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Who asked; null for a run the server started itself. */
  requestedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** What a Done run found; in the list (GET /Audit/Verifications) without its breaks, which the run itself has. */
  result: auditVerification.nullable(),
  /** Why a Failed run stopped, in the caller's language. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type AuditVerificationRunDto = z.infer<typeof auditVerificationRun>;
