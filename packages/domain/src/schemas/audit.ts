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
