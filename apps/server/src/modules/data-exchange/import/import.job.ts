import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../platform/db/client.js';
import { researchOrganisations } from '../../../platform/db/schema/index.js';
import { OidRegistry } from '../../design/odm/odm-common.js';
import { common } from '@edc/domain';
import type { JobContext, JobHandler } from '../../../platform/jobs/jobs.js';
import { badRequest } from '../../../platform/http/errors.js';
import { dropRuleMails, sendRuleMails } from '../../rules/rule-mails.js';
import { loadImportDesign } from './clinical-design.js';
import { parseClinicalData } from './clinical-parse.js';
import { planImport } from './clinical-plan.js';
import { writeImport } from './clinical-write.js';
import { importCallerOf } from './import-actor.js';
import { ImportReport } from './import-report.js';

/**
 * The clinical_import job (docs/data-exchange.md "Import of clinical data"): reads the ODM file's
 * ClinicalData into the research in one transaction and reports what it did. A dry run runs exactly the same
 * code and rolls the transaction back once the report is made, so it reports what the real run would do.
 * An unreadable file, or an importer who lost the right meanwhile, fails the job at once (AppError).
 */

const { id } = common;

/** What the job reads of its params (data-exchange.requests.ts requestImport stored them). */
const importParams = z.object({
  researchId: id,
  fileName: z.string(),
  dryRun: z.boolean(),
  researchOrganisationId: id.optional(),
  centres: z.record(z.string(), id).optional(),
});

/**
 * The research's centres by the LocationOID the clinical data export gives them (`LOC.<number>`, export/
 * odm-admin-data.ts) and by their plain number, so that a file of this system finds its sites by itself.
 */
async function knownSitesOf(db: Db, researchId: string): Promise<Record<string, string>> {
  const centres = await db
    .select({ id: researchOrganisations.id, number: researchOrganisations.number })
    .from(researchOrganisations)
    .where(and(eq(researchOrganisations.researchId, researchId), isNull(researchOrganisations.deletedAt)));
  const known: Record<string, string> = {};
  for (const c of centres) {
    known[c.number] = c.id;
    known[new OidRegistry().make('LOC', c.number)] = c.id;
  }
  return known;
}

/** Thrown after a dry run's report is made, to roll its transaction back. */
class DryRunRollback extends Error {}

export const importJob: JobHandler = async (ctx) => {
  const parsed = importParams.safeParse(ctx.job.params);
  if (!parsed.success)
    throw badRequest('validation', 'params', { field: 'params', detail: parsed.error.issues[0]?.message ?? '' });
  const params = parsed.data;
  const caller = await importCallerOf(ctx.db, ctx.job.actor, params.researchId);
  const file = parseClinicalData((await ctx.input()).toString('utf8'));
  const design = await loadImportDesign(ctx.db, params.researchId);
  const report = new ImportReport(params.dryRun, ctx.job.actor.language);
  const plan = planImport(file, design, { ...params, knownSites: await knownSitesOf(ctx.db, params.researchId) }, report);
  // By the file's subjects: those refused by the plan are done before the writing starts.
  const progress = progressOf(ctx, file.subjects.length, file.subjects.length - plan.length);
  try {
    await ctx.db.transaction(async (tx) => {
      await writeImport(tx, plan, {
        caller,
        report,
        researchId: params.researchId,
        job: { id: ctx.job.id, fileName: params.fileName },
        progress: progress.update,
      });
      if (params.dryRun) throw new DryRunRollback();
    });
    // Committed: the mails of the rules the values fired go out now (rules module).
    sendRuleMails(ctx.deps, caller.actor);
  } catch (e) {
    dropRuleMails(caller.actor);
    if (!(e instanceof DryRunRollback)) throw e;
  } finally {
    await progress.done();
  }
  return { result: report.toReply() };
};

/**
 * Progress by subjects, written beside the transaction and never awaited inside it: on the embedded
 * database a write outside the open transaction waits for it to end, so it lands after the import (and
 * one write at a time, the latest figures winning).
 */
function progressOf(ctx: JobContext, total: number, skipped: number) {
  let pending: Promise<void> = ctx.progress(skipped, total).catch(() => {});
  let busy = true;
  pending = pending.finally(() => (busy = false));
  return {
    update(done: number) {
      if (busy) return;
      busy = true;
      pending = ctx
        .progress(skipped + done, total)
        .catch(() => {})
        .finally(() => (busy = false));
    },
    done: () => pending,
  };
}
