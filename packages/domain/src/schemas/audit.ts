import { z } from 'zod';

/** GET /Audit/Verify: the result of walking the whole audit chain (docs/audit-trail.md). */
export const auditBreak = z.object({
  seq: z.number(),
  id: z.string(),
  /** 1-based place in the chain. */
  position: z.number(),
  at: z.string(),
  action: z.string(),
  /** `link`: does not follow the record before it; `hash`: its content does not give its hash under the key. */
  problems: z.array(z.enum(['link', 'hash'])),
});

export const auditVerification = z.object({
  ok: z.boolean(),
  checked: z.number(),
  breakCount: z.number(),
  breaks: z.array(auditBreak),
  breaksTruncated: z.boolean(),
  brokenAt: z.number().nullable(),
  head: z.object({ seq: z.number(), hash: z.string(), at: z.string() }).nullable(),
  keyFingerprint: z.string(),
  verifiedAt: z.string(),
  durationMs: z.number(),
});

export type AuditBreakDto = z.infer<typeof auditBreak>;
export type AuditVerificationDto = z.infer<typeof auditVerification>;
