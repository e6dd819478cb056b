import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { design } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { formTemplates, formTypes, organisations } from '../../../platform/db/schema/index.js';
import type { Actor } from '../../../platform/http/actor.js';
import { conflict, notFound } from '../../../platform/http/errors.js';
import { assertPrintable, iso } from '../shared/checks.js';
import type { DesignCaller } from '../shared/context.js';
import { formSnapshot, type FormSnapshot } from '../shared/copy.js';
import { researchToRead } from '../shared/research.js';
import { findForm } from '../forms/forms.queries.js';
import { assertTemplateReadable, assertTemplateWritable, templateOrganisationOf } from './form-templates.access.js';

type Row = typeof formTemplates.$inferSelect;
type Dto = z.infer<typeof design.formTemplate>;

const toDto = (r: Row, formTypeTitle: string): Dto => {
  const content = r.content as FormSnapshot;
  return {
    id: r.id,
    title: r.title,
    organisationId: r.organisationId,
    formType: { id: r.formTypeId, title: formTypeTitle },
    sectionCount: content.sections.length,
    fieldCount: content.sections.reduce((n, s) => n + s.fields.length, 0),
    createdAt: iso(r.createdAt),
  };
};

async function typeTitle(db: Db, id: string) {
  const [t] = await db.select({ title: formTypes.title }).from(formTypes).where(eq(formTypes.id, id));
  return t?.title ?? '';
}

/** GET /FormTemplates: an organisation's templates, newest first (filter formTypeId). */
export async function listTemplates(db: Db, actor: Actor, q: { organisationId?: string; formTypeId?: string }): Promise<Dto[]> {
  const organisationId = templateOrganisationOf(actor, q.organisationId);
  assertTemplateReadable(actor, organisationId);
  const rows = await db
    .select({ template: formTemplates, typeTitle: formTypes.title })
    .from(formTemplates)
    .innerJoin(formTypes, eq(formTypes.id, formTemplates.formTypeId))
    .where(
      and(
        eq(formTemplates.organisationId, organisationId),
        isNull(formTemplates.deletedAt),
        q.formTypeId ? eq(formTemplates.formTypeId, q.formTypeId) : undefined,
      ),
    )
    .orderBy(desc(formTemplates.createdAt));
  return rows.map((r) => toDto(r.template, r.typeTitle));
}

async function findTemplate(db: Db, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.id, id), isNull(formTemplates.deletedAt)));
  if (!row) throw notFound('id');
  return row;
}

export async function getTemplate(db: Db, actor: Actor, id: string): Promise<Dto> {
  const row = await findTemplate(db, id);
  assertTemplateReadable(actor, row.organisationId);
  return toDto(row, await typeTitle(db, row.formTypeId));
}

/**
 * POST /FormTemplates and POST /FormTemplates/{formId}/CopyFormToTemplate: a complete form saved as a
 * template of an organisation (its settings, sections and fields; context forms are not kept).
 */
export async function saveFormAsTemplate(
  deps: Deps,
  c: DesignCaller,
  formId: string,
  input: { title?: string; organisationId?: string },
  path = 'id',
): Promise<Dto> {
  const organisationId = templateOrganisationOf(c.actor, input.organisationId);
  assertTemplateWritable(c.actor, organisationId);
  const [organisation] = await deps.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, organisationId), isNull(organisations.deletedAt)));
  if (!organisation) throw notFound('organisationId');
  const form = await findForm(deps.db, formId, path);
  await researchToRead(deps.db, c.actor, form.researchId);
  if (!form.complete) throw conflict('form_not_complete');
  assertPrintable(input, ['title']);
  const snapshot = await formSnapshot(deps.db, form.id);
  for (const s of snapshot.sections) for (const f of s.fields) Object.assign(f, { contextFormId: null, contextText: null });
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(formTemplates)
      .values({
        organisationId,
        formTypeId: form.formTypeId,
        title: input.title ?? form.title,
        content: snapshot,
        createdBy: c.actor.userId,
      })
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'form_template.create',
      entityType: 'form_template',
      entityId: row!.id,
      researchId: form.researchId,
      after: { ...row, sourceFormId: form.id },
    });
    return toDto(row!, await typeTitle(tx, row!.formTypeId));
  });
}

/** DELETE /FormTemplates/{id} */
export async function deleteTemplate(deps: Deps, c: DesignCaller, id: string): Promise<void> {
  const before = await findTemplate(deps.db, id);
  assertTemplateWritable(c.actor, before.organisationId);
  await deps.db.transaction(async (tx) => {
    await tx.update(formTemplates).set({ deletedAt: new Date() }).where(eq(formTemplates.id, id));
    await writeAudit(tx, c.audit, { action: 'form_template.delete', entityType: 'form_template', entityId: id, before });
  });
}
