import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { design, EmployeeType, Gender } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { formResearchVersions, forms, formSections, formTypes, visits } from '../../../platform/db/schema/index.js';
import type { Actor } from '../../../platform/http/actor.js';
import { notFound } from '../../../platform/http/errors.js';
import { iso } from '../shared/checks.js';
import { researchIdOf, researchToRead } from '../shared/research.js';
import { formVersionRefs } from '../shared/versions.js';
import { findVisit } from '../visits/visits.queries.js';

export type FormRow = typeof forms.$inferSelect;
export type FormDto = z.infer<typeof design.form>;

export async function findForm(db: Db, id: string, path = 'id'): Promise<FormRow> {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.id, id), isNull(forms.deletedAt)))
    .limit(1);
  if (!row) throw notFound(path);
  return row;
}

export async function formDtos(db: Db, rows: FormRow[]): Promise<FormDto[]> {
  const ids = rows.map((f) => f.id);
  const typeIds = [...new Set(rows.map((f) => f.formTypeId))];
  const [refs, types] = await Promise.all([
    formVersionRefs(db, ids),
    typeIds.length
      ? db.select({ id: formTypes.id, title: formTypes.title }).from(formTypes).where(inArray(formTypes.id, typeIds))
      : Promise.resolve([]),
  ]);
  const titleOf = new Map(types.map((t) => [t.id, t.title]));
  return rows.map((f) => ({
    id: f.id,
    researchId: f.researchId,
    visitId: f.visitId,
    title: f.title,
    formKey: f.formKey,
    formType: { id: f.formTypeId, title: titleOf.get(f.formTypeId) ?? '' },
    isRequired: f.isRequired,
    repeating: f.repeating,
    complete: f.complete,
    index: f.index,
    employeeTypesList: f.employeeTypesList as EmployeeType[],
    genderString: f.gender as Gender,
    researchVersionList: refs.get(f.id) ?? [],
    updatedAt: iso(f.updatedAt),
  }));
}

export async function formDto(db: Db, row: FormRow): Promise<FormDto> {
  return (await formDtos(db, [row]))[0]!;
}

/**
 * GET /Forms (filters VisitId, Repeated, researchVersionId): the forms of a visit in order, or of the
 * whole research (query researchId, else the caller's current research) by visit order then form order.
 */
export async function listForms(
  db: Db,
  actor: Actor,
  q: {
    VisitId?: string;
    visitId?: string;
    Repeated?: boolean;
    repeated?: boolean;
    researchId?: string;
    researchVersionId?: string;
  },
): Promise<FormDto[]> {
  const visitId = q.VisitId ?? q.visitId;
  const repeated = q.Repeated ?? q.repeated;
  let researchId: string;
  if (visitId) researchId = (await findVisit(db, visitId, 'VisitId')).researchId;
  else researchId = researchIdOf(actor, q.researchId);
  await researchToRead(db, actor, researchId);
  const rows = await db
    .select({ form: forms })
    .from(forms)
    .innerJoin(visits, eq(visits.id, forms.visitId))
    .where(
      and(
        isNull(forms.deletedAt),
        isNull(visits.deletedAt),
        visitId ? eq(forms.visitId, visitId) : eq(forms.researchId, researchId),
        repeated === undefined ? undefined : eq(forms.repeating, repeated),
        q.researchVersionId
          ? sql`exists (select 1 from ${formResearchVersions} where ${formResearchVersions.formId} = ${forms.id} and ${formResearchVersions.researchVersionId} = ${q.researchVersionId})`
          : undefined,
      ),
    )
    .orderBy(asc(visits.index), asc(forms.index));
  return formDtos(
    db,
    rows.map((r) => r.form),
  );
}

/** GET /Forms/{id}: with its sections (formSectionList). */
export async function getForm(db: Db, actor: Actor, id: string): Promise<FormDto> {
  const row = await findForm(db, id);
  await researchToRead(db, actor, row.researchId);
  const sections = await db
    .select({
      id: formSections.id,
      sectionName: formSections.sectionName,
      formSectionKey: formSections.formSectionKey,
      index: formSections.index,
    })
    .from(formSections)
    .where(and(eq(formSections.formId, id), isNull(formSections.deletedAt)))
    .orderBy(asc(formSections.index));
  return { ...(await formDto(db, row)), formSectionList: sections };
}
