import { beforeAll } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { NoteStatus, NoteType } from '@edc/domain';
import { auditLog, itemNotes, subjectFormLogs, subjectForms, subjectVisits } from '../../src/platform/db/schema/index.js';
import { makeCentre, makeResearch, makeUser, signIn } from '../support/factories.js';
import { makeEmployee } from '../support/subject-factories.js';
import { setupEntryApp } from './data-entry-support.js';

/**
 * Helpers of the validation API tests: the data-entry world plus a data manager of the research's QA centre
 * and a QA specialist of another research; forms completed by the site PI (every section NotApplicable, so
 * no value is needed), notes inserted directly, the form log and audit records read back.
 */
export function setupValidationApp() {
  const entry = setupEntryApp();
  const { t, w, api, as, pi, newVisit } = entry;
  const more = {} as { dm: string; otherQa: string };
  beforeAll(async () => {
    const db = t.database.db;
    const qaCentre = { id: w.world.cast.Qa.centreId, organisationId: w.world.cast.Qa.organisationId };
    more.dm = (await makeEmployee(t.app, db, qaCentre, 'DataManager')).token;
    const other = await makeResearch(db);
    const centre = await makeCentre(db, { researchId: other.id, type: 'Qa' });
    const u = await makeUser(db, { centre, employeeType: 'SpecialistQa' });
    more.otherQa = await signIn(t.app, u.user.email);
  });
  const db = () => t.database.db;
  const tokens = {
    qa: () => as('qa'),
    dm: () => more.dm,
    kio: () => as('kio'),
    otherQa: () => more.otherQa,
  };
  const callAs = (who: keyof typeof tokens) => api(tokens[who]());

  /** Confirms every section of a subject form (NotApplicable) and, unless `complete` is false, completes the form. */
  async function finish(
    form: { id: string; version: number; subjectFormSectionList: { id: string; version: number }[] },
    complete = true,
  ) {
    for (const s of form.subjectFormSectionList) {
      await pi().ok('POST', `/SubjectsFormSection/${s.id}/ChangeStatus`, { status: 'NotApplicable', version: s.version });
      await pi().ok('POST', `/SubjectsFormSection/${s.id}/Complete`, { version: s.version + 1 });
    }
    if (complete) await pi().ok('POST', `/SubjectsForm/${form.id}/Complete`, { version: form.version });
    return pi().ok('GET', `/SubjectsForm/${form.id}`);
  }

  /** A new subject visit holding the all-types form (two sections), completed unless said. */
  async function completedForm(opts: { complete?: boolean } = {}) {
    const { subject, sv } = await newVisit();
    const added = await pi().ok('POST', '/SubjectsForm', { formId: entry.d.form.id, subjectVisitId: sv.id });
    const form = await finish(added, opts.complete ?? true);
    return { subject, sv, form, main: form.subjectFormSectionList[0], second: form.subjectFormSectionList[1] };
  }

  /** Adds a form (by default the repeating one) to a visit and completes it. */
  async function addCompletedForm(subjectVisitId: string, formId = entry.d.repeating.id) {
    const added = await pi().ok('POST', '/SubjectsForm', { formId, subjectVisitId });
    return finish(added);
  }

  /** A note on the first field of a section, inserted as the notes module stores it. */
  async function addNote(
    form: { id: string; subjectVisitId: string; subjectFormSectionList: any[] },
    sectionIndex: number,
    type: NoteType,
    status: NoteStatus = 'New',
  ) {
    const [sf] = await db().select().from(subjectForms).where(eq(subjectForms.id, form.id));
    const [sv] = await db().select().from(subjectVisits).where(eq(subjectVisits.id, sf!.subjectVisitId));
    const section = form.subjectFormSectionList[sectionIndex];
    const field = section.subjectFormFieldList[0];
    const [row] = await db()
      .insert(itemNotes)
      .values({
        researchId: sf!.researchId,
        researchOrganisationId: w.site.id,
        subjectId: sf!.subjectId,
        subjectVisitId: sf!.subjectVisitId,
        subjectFormId: sf!.id,
        subjectFormSectionId: section.id,
        subjectFormFieldId: field.id,
        visitId: sv!.visitId,
        formId: sf!.formId,
        formFieldId: field.formFieldId,
        type,
        status,
        note: 'Проверьте значение',
      })
      .returning();
    return row!;
  }

  const setNoteStatus = (id: string, status: NoteStatus) => db().update(itemNotes).set({ status }).where(eq(itemNotes.id, id));

  /** The form's status log, oldest first. */
  const formLog = async (subjectFormId: string) =>
    (
      await db()
        .select()
        .from(subjectFormLogs)
        .where(eq(subjectFormLogs.subjectFormId, subjectFormId))
        .orderBy(asc(subjectFormLogs.createdAt), asc(subjectFormLogs.id))
    ).map((r) => r.status);

  /** The audit records of an entity, oldest first (optionally one action). */
  const audits = (entityId: string, action?: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), action ? eq(auditLog.action, action) : undefined))
      .orderBy(asc(auditLog.seq));

  const visitStatus = async (subjectVisitId: string) =>
    (await db().select().from(subjectVisits).where(eq(subjectVisits.id, subjectVisitId)))[0]!;

  return {
    ...entry,
    db,
    tokens,
    callAs,
    finish,
    completedForm,
    addCompletedForm,
    addNote,
    setNoteStatus,
    formLog,
    audits,
    visitStatus,
  };
}
