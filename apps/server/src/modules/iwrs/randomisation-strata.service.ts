import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RandomisationStrata, StratumFieldOption, stratumFieldSet, stratumFieldsQuery } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import {
  fields,
  formFields,
  forms,
  itemData,
  iwrsStratification,
  randomisationEntries,
  randomisationLists,
  subjectFormFields,
  subjectForms,
} from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict } from '../../platform/http/errors.js';
import { iwrsResearchOf } from './iwrs.policy.js';

/**
 * Strata by a subject field (docs/iwrs.md, "Lists and strata"): the research names one form field (for
 * example sex, or an age group of the screening form) as its stratification factor; a subject then draws
 * from the list of its value, or of its centre and value when the research has one.
 */

const optionColumns = {
  formFieldId: formFields.id,
  text: formFields.text,
  formTitle: forms.title,
  fieldType: fields.fieldType,
};

async function fieldOption(db: Db, researchId: string, formFieldId: string): Promise<StratumFieldOption | null> {
  const [row] = await db
    .select(optionColumns)
    .from(formFields)
    .innerJoin(forms, eq(forms.id, formFields.formId))
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .where(and(eq(formFields.id, formFieldId), eq(formFields.researchId, researchId), isNull(formFields.deletedAt)));
  return row ?? null;
}

/** The research's stratification field, or null when strata are by centre only. */
export async function stratumFieldOf(db: Db, researchId: string): Promise<StratumFieldOption | null> {
  const [row] = await db
    .select({ formFieldId: iwrsStratification.formFieldId })
    .from(iwrsStratification)
    .where(eq(iwrsStratification.researchId, researchId));
  return row ? fieldOption(db, researchId, row.formFieldId) : null;
}

/**
 * The subject's current value of the field: the newest value in any of its forms that are not deleted and
 * where the field is shown. A hidden or cleared field counts as no value.
 */
export async function subjectFieldValue(db: Db, subjectId: string, formFieldId: string): Promise<string | null> {
  const [row] = await db
    .select({ data: itemData.data })
    .from(itemData)
    .innerJoin(subjectFormFields, eq(subjectFormFields.id, itemData.subjectFormFieldId))
    .innerJoin(subjectForms, eq(subjectForms.id, subjectFormFields.subjectFormId))
    .where(
      and(
        eq(subjectForms.subjectId, subjectId),
        isNull(subjectForms.deletedAt),
        eq(subjectFormFields.formFieldId, formFieldId),
        eq(subjectFormFields.isHidden, false),
      ),
    )
    .orderBy(desc(itemData.seq))
    .limit(1);
  const value = row?.data?.trim();
  return value ? value : null;
}

/** GET /RandomisationStrata: the field and, per stratum over all its lists, the size, used and remaining. */
export async function strataSummary(deps: Deps, caller: ActorCaller): Promise<RandomisationStrata> {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_lists');
  const e = randomisationEntries;
  const rows = await deps.db
    .select({ stratum: e.stratum, size: count(), used: count(e.subjectId) })
    .from(e)
    .where(eq(e.researchId, research.id))
    .groupBy(e.stratum)
    .orderBy(asc(e.stratum));
  const lists = await deps.db
    .select({ stratum: randomisationLists.stratum, n: count() })
    .from(randomisationLists)
    .where(eq(randomisationLists.researchId, research.id))
    .groupBy(randomisationLists.stratum);
  const listsOf = new Map(lists.map((l) => [l.stratum, Number(l.n)]));
  return {
    field: await stratumFieldOf(deps.db, research.id),
    strata: rows.map((r) => ({
      stratum: r.stratum,
      lists: listsOf.get(r.stratum) ?? 0,
      size: Number(r.size),
      used: Number(r.used),
      remaining: Number(r.size) - Number(r.used),
    })),
  };
}

/** GET /RandomisationStrata/Fields: form fields of the research that may stratify (not files), first 50 found. */
export async function stratumFieldOptions(
  deps: Deps,
  q: z.output<typeof stratumFieldsQuery>,
  caller: ActorCaller,
): Promise<StratumFieldOption[]> {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_lists');
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return deps.db
    .select(optionColumns)
    .from(formFields)
    .innerJoin(forms, eq(forms.id, formFields.formId))
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .where(
      and(
        eq(formFields.researchId, research.id),
        isNull(formFields.deletedAt),
        isNull(forms.deletedAt),
        ne(fields.fieldType, 'File'),
        like ? or(ilike(formFields.text, like), ilike(forms.title, like)) : undefined,
      ),
    )
    .orderBy(asc(forms.title), asc(formFields.index))
    .limit(50);
}

/**
 * PUT /RandomisationStrata/Field: chooses (or with null removes) the stratification field. Refused once a
 * subject has drawn an entry, since the strata of the subjects already randomised would change meaning.
 */
export async function setStratumField(deps: Deps, input: z.output<typeof stratumFieldSet>, caller: ActorCaller) {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_lists');
  if (input.formFieldId && !(await fieldOption(deps.db, research.id, input.formFieldId))) {
    throw badRequest('iwrs_stratum_field_unknown', 'formFieldId');
  }
  await deps.db.transaction(async (tx) => {
    // The draws of the research take this lock's shared side (randomisation-draw.ts), so no entry is
    // drawn while the factor changes.
    await tx.execute(sql`select pg_advisory_xact_lock(7301023, hashtext(${research.id}))`);
    const [drawn] = await tx
      .select({ id: randomisationEntries.id })
      .from(randomisationEntries)
      .where(and(eq(randomisationEntries.researchId, research.id), isNotNull(randomisationEntries.subjectId)))
      .limit(1);
    if (drawn) throw conflict('iwrs_stratum_field_locked', 'formFieldId');
    const [before] = await tx.select().from(iwrsStratification).where(eq(iwrsStratification.researchId, research.id));
    if (input.formFieldId) {
      await tx
        .insert(iwrsStratification)
        .values({ researchId: research.id, formFieldId: input.formFieldId, updatedBy: caller.actor.userId })
        .onConflictDoUpdate({
          target: iwrsStratification.researchId,
          set: { formFieldId: input.formFieldId, updatedBy: caller.actor.userId, updatedAt: new Date() },
        });
    } else {
      await tx.delete(iwrsStratification).where(eq(iwrsStratification.researchId, research.id));
    }
    await writeAudit(tx, caller.audit, {
      action: 'randomisation_strata.set_field',
      entityType: 'research',
      entityId: research.id,
      researchId: research.id,
      before: { formFieldId: before?.formFieldId ?? null },
      after: { formFieldId: input.formFieldId },
    });
  });
  return strataSummary(deps, caller);
}
