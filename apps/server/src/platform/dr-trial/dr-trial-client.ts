import { z } from 'zod';
import type { Config } from '../../config.js';

/**
 * The external trial system DrTrial, behind one interface (docs/external-trial.md "Contract"). The server
 * calls it for two things: the visits of a research, and a signed visit's PDF. `httpDrTrialClient` speaks
 * its HTTP API; tests start a real HTTP server that plays DrTrial.
 */
export interface DrTrialClient {
  /** The visits of the DrTrial research `drTrialResearchId`, as DrTrial describes them. */
  listVisits(drTrialResearchId: string): Promise<DrTrialVisit[]>;
  /**
   * Hands a PDF to DrTrial. The address names our document, so sending it again (a retry after a lost
   * answer) replaces the same document there rather than adding a second.
   */
  sendVisitDocument(doc: DrTrialDocument): Promise<void>;
}

export const drTrialVisit = z.object({
  id: z.union([z.string().trim().min(1).max(100), z.number().int().transform(String)]),
  title: z.string().trim().min(1).max(500),
  description: z.string().max(4000).nullish(),
  key: z.string().trim().max(100).nullish(),
  type: z.enum(['Screening', 'Randomisation', 'Period', 'End']).nullish(),
  dayNumber: z.number().int().min(-100000).max(100000).nullish(),
  dayPlus: z.number().int().min(0).max(100000).nullish(),
  dayMinus: z.number().int().min(0).max(100000).nullish(),
  repeating: z.boolean().nullish(),
  isRequired: z.boolean().nullish(),
});
export type DrTrialVisit = z.infer<typeof drTrialVisit>;

const visitsReply = z.object({ visits: z.array(drTrialVisit).max(1000) });

export interface DrTrialDocument {
  drTrialResearchId: string;
  drTrialSubjectId: string;
  drTrialVisitId: string;
  /** Our document's id: DrTrial keeps one document per id. */
  documentId: string;
  name: string;
  subjectVisitId: string;
  bytes: Buffer;
}

/**
 * Why a call failed. `retryable`: DrTrial could not be reached, did not answer in time, or answered that it
 * is unavailable (5xx, 408, 429) — trying later may succeed. Otherwise it refused the call (a wrong token,
 * an unknown research) or answered something that is not its contract, and trying again would end the same.
 */
export class DrTrialError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'status' | 'reply',
    readonly status: number | null,
    detail: string,
  ) {
    super(`DrTrial: ${detail}`);
  }
  get retryable(): boolean {
    if (this.reason === 'unreachable') return true;
    if (this.reason === 'reply') return false;
    return this.status! >= 500 || this.status === 408 || this.status === 429;
  }
}

export function httpDrTrialClient(opts: { baseUrl: string; token: string; timeoutMs: number }): DrTrialClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const seg = encodeURIComponent;
  async function call(method: string, path: string, body?: { bytes: Buffer; headers: Record<string, string> }) {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${opts.token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/pdf', ...body.headers } : {}),
        },
        body: body ? new Uint8Array(body.bytes) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs),
        redirect: 'error',
      });
    } catch (e) {
      throw new DrTrialError('unreachable', null, `${method} ${path}: ${(e as Error).message}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new DrTrialError('status', res.status, `${method} ${path} answered ${res.status}`);
    }
    return res;
  }
  return {
    async listVisits(drTrialResearchId) {
      const res = await call('GET', `/researches/${seg(drTrialResearchId)}/visits`);
      let json: unknown;
      try {
        json = await res.json();
      } catch {
        throw new DrTrialError('reply', res.status, 'the visits reply is not JSON');
      }
      const parsed = visitsReply.safeParse(json);
      if (!parsed.success) throw new DrTrialError('reply', res.status, `the visits reply: ${parsed.error.issues[0]?.message}`);
      return parsed.data.visits;
    },
    async sendVisitDocument(doc) {
      const path =
        `/researches/${seg(doc.drTrialResearchId)}/subjects/${seg(doc.drTrialSubjectId)}` +
        `/visits/${seg(doc.drTrialVisitId)}/documents/${seg(doc.documentId)}`;
      const res = await call('PUT', path, {
        bytes: doc.bytes,
        headers: { 'x-document-name': seg(doc.name), 'x-subject-visit-id': doc.subjectVisitId },
      });
      await res.body?.cancel();
    },
  };
}

/** The configured client, or null when DRTRIAL_URL and DRTRIAL_TOKEN are not both set (the link is off). */
export function drTrialFromConfig(config: Pick<Config, 'DRTRIAL_URL' | 'DRTRIAL_TOKEN' | 'DRTRIAL_TIMEOUT_SECONDS'>) {
  if (!config.DRTRIAL_URL || !config.DRTRIAL_TOKEN) return null;
  return httpDrTrialClient({
    baseUrl: config.DRTRIAL_URL,
    token: config.DRTRIAL_TOKEN,
    timeoutMs: config.DRTRIAL_TIMEOUT_SECONDS * 1000,
  });
}
