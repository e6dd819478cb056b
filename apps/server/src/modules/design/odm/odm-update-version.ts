import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { fillMessage, formatVersionIndex, type design, type Language } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Deps } from '../../../platform/deps.js';
import { researchVersions } from '../../../platform/db/schema/index.js';
import { badRequest, conflict } from '../../../platform/http/errors.js';
import type { DesignCaller } from '../shared/context.js';
import { lockOrder } from '../shared/order.js';
import type { ResearchRow } from '../shared/research.js';
import { versionDto } from '../research-versions/research-versions.queries.js';
import type { ImportPlan } from './odm-plan.js';
import { REPORT_TEXT } from './odm-report-texts.js';
import { applyOdmUpdate, type Refusal } from './odm-update.js';

type Input = z.infer<typeof design.odmImportRequest>;
type Reply = z.infer<typeof design.odmImportReply>;
type SameAs = z.infer<typeof design.odmSameAs>;

/** Only a version still in development is rewritten from a file: later ones are validated, tested or in use. */
const UPDATABLE_STATUS = 'Designed';
/** The refusal names at most this many elements: enough to find them, short enough to read. */
const REFUSALS_SHOWN = 20;

/** Thrown at the end of a dry run's transaction, so that it rolls back what it wrote. */
class DryRunDone extends Error {
  constructor(readonly reply: Reply) {
    super('dry run');
  }
}

const WHY: Record<Refusal['why'], Record<Language, string>> = {
  values: { ru: 'есть введённые значения', en: 'values have been entered' },
  complete: { ru: 'визит или форма завершены', en: 'its visit or form is complete' },
  type: { ru: 'тип поля изменён, а значения уже введены', en: 'the field type changes and values have been entered' },
  options: {
    ru: 'варианты ответа изменены (не только добавлены), а значения уже введены',
    en: 'the options change (not only new ones added) and values have been entered',
  },
};

function refusalText(refusals: Refusal[], lang: Language): string {
  const shown = refusals
    .slice(0, REFUSALS_SHOWN)
    .map((r) => `${r.element} ${r.oid} — ${WHY[r.why][lang]}`)
    .join('; ');
  const more = refusals.length - REFUSALS_SHOWN;
  return more > 0 ? `${shown}; ${lang === 'ru' ? `и ещё ${more}` : `and ${more} more`}` : shown;
}

/**
 * POST /ResearchVersions/ImportOdm with `updateResearchVersionId`: the recognised version (the one `sameAs` names,
 * nothing else) is brought in line with the file in place (odm-update.ts), while it is Designed, in one
 * transaction with an audit record per change and the import report. Any refusal (values entered where the file
 * removes or retypes, a complete visit or form) is a 409 naming every element concerned, and nothing is written.
 * A dry run goes through the same steps and rolls them back.
 */
export async function updateVersionFromOdm(
  deps: Deps,
  c: DesignCaller,
  args: { research: ResearchRow; plan: ImportPlan; sameAs: SameAs | null; input: Input },
): Promise<Reply> {
  const { research, plan, sameAs, input } = args;
  // The new version's settings have no meaning for an update: a client that sends them expects something else.
  for (const field of ['majorIndex', 'minorIndex', 'startedDate', 'description'] as const)
    if (input[field] !== undefined && input[field] !== null) throw badRequest('odm_update_field_unused', field, { field });
  if (!sameAs || sameAs.researchVersionId !== input.updateResearchVersionId)
    throw conflict('odm_update_not_same', 'updateResearchVersionId', {
      field: 'updateResearchVersionId',
      index: sameAs?.index ?? '—',
    });
  const versionId = sameAs.researchVersionId;
  // The file's rules and time points are not applied to an existing version: said once per element.
  const unmapped = [...plan.unmapped];
  const note = (element: string, oid: string, key: 'update_rules_kept' | 'update_time_points_kept') =>
    unmapped.push({ element, oid, message: fillMessage(REPORT_TEXT[key][c.lang], c.lang) });
  for (const r of plan.rules) note('Rule', r.oid, 'update_rules_kept');
  for (const oid of new Set(plan.timePoints.map((p) => p.itemOid))) note('ItemDef', oid, 'update_time_points_kept');
  try {
    const result = await deps.db.transaction(async (tx) => {
      // The research's visit order, then the version row, are held before the first audit record is written.
      await lockOrder(tx, research.id);
      const [version] = await tx
        .select()
        .from(researchVersions)
        .where(and(eq(researchVersions.id, versionId), isNull(researchVersions.deletedAt)))
        .for('update');
      const index = formatVersionIndex(version!);
      if (version!.status !== UPDATABLE_STATUS) throw conflict('odm_update_version_status', 'updateResearchVersionId', { index });
      const applied = await applyOdmUpdate(tx, c, { researchId: research.id, versionId }, plan);
      if (applied.refusals.length)
        throw conflict('odm_update_refused', 'xml', {
          index,
          detail: { ru: refusalText(applied.refusals, 'ru'), en: refusalText(applied.refusals, 'en') },
        });
      await writeAudit(tx, c.audit, {
        action: 'research_version.import_odm_report',
        entityType: 'research_version',
        entityId: versionId,
        researchId: research.id,
        after: { counts: applied.counts, update: applied.update, unmapped, sameAs },
      });
      const reply: Reply = {
        researchVersion: await versionDto(tx, version!),
        counts: applied.counts,
        update: applied.update,
        unmapped,
        sameAs,
      };
      if (input.dryRun) throw new DryRunDone({ ...reply, dryRun: true });
      return reply;
    });
    return result;
  } catch (e) {
    if (e instanceof DryRunDone) return e.reply;
    throw e;
  }
}
