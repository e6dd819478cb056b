import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../src/seed/demo-world.js';
import { seedDemo } from '../../src/seed/demo.js';
import * as schema from '../../src/platform/db/schema/index.js';
import { makeUser, signIn } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { operationsOf, sampleOf, sampleUrl, type Operation } from './openapi-samples.js';
import { ACCOUNTS, expectationOf, ORDER_LAST, ROLE_MATRIX, type Account, type Expected } from './role-matrix.table.js';

/**
 * The role × endpoint matrix (docs/permissions.md): every operation of the OpenAPI document, called by
 * every demo account and anonymously with a minimal valid sample request about the demo world's objects
 * (site 01's subject, visit, centre...), answers in the class the table in role-matrix.table.ts expects:
 * `ok` (permitted: 2xx, or a 4xx other than 401/403 when the sample is incomplete or refused by a rule),
 * 403, 404 (another centre's object) or 401. An operation missing from the table fails the test by name.
 * Reads and updates run first, deletions last, leaves before what they hang on, and each deletion with
 * the refused accounts before the permitted ones. `ROLE_MATRIX_PRINT=1` prints the observed table.
 */

let t: TestApp;
let ops: Operation[] = [];
const tokens = {} as Record<Account, string>;
const ids: Record<string, string> = {};
const observed: Record<string, Record<string, number>> = {};

const ANY_ID = '01900000-0000-7000-8000-000000000000';

async function first<T>(q: Promise<T[]>): Promise<T> {
  const [row] = await q;
  if (!row) throw new Error('the demo world lacks a row the matrix needs');
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.deps);
  const db = t.database.db;
  for (const a of ACCOUNTS) tokens[a] = await signIn(t.app, `${a}@demo.test`, DEMO_PASSWORD);
  const s = schema;
  const research = await first(db.select().from(s.researches).where(eq(s.researches.grlsProtocolNumber, 'DEMO-001')));
  const site1 = await first(
    db
      .select()
      .from(s.researchOrganisations)
      .where(and(eq(s.researchOrganisations.researchId, research.id), eq(s.researchOrganisations.number, '01'))),
  );
  const subject = await first(
    db
      .select()
      .from(s.subjects)
      .where(and(eq(s.subjects.researchOrganisationId, site1.id), isNull(s.subjects.deletedAt)))
      .orderBy(asc(s.subjects.createdAt)),
  );
  const subjectVisit = await first(db.select().from(s.subjectVisits).where(eq(s.subjectVisits.subjectId, subject.id)));
  const visit = await first(db.select().from(s.visits).where(eq(s.visits.researchId, research.id)).orderBy(asc(s.visits.index)));
  const form = await first(db.select().from(s.forms).where(eq(s.forms.visitId, visit.id)));
  const section = await first(db.select().from(s.formSections).where(eq(s.formSections.formId, form.id)));
  const formField = await first(db.select().from(s.formFields).where(eq(s.formFields.formSectionId, section.id)));
  const field = await first(db.select().from(s.fields).where(eq(s.fields.id, formField.fieldId)));
  const researchVersion = await first(db.select().from(s.researchVersions).where(eq(s.researchVersions.researchId, research.id)));
  const protocolVersion = await first(db.select().from(s.protocolVersions).where(eq(s.protocolVersions.researchId, research.id)));
  const monitoringVisit = await first(db.select().from(s.monitoringVisits));
  // People the matrix may change or delete without losing a caller: a nurse of site 01.
  const victim = await makeUser(db, { centre: { id: site1.id, organisationId: site1.organisationId }, employeeType: 'Nurse' });
  const optional = async <T>(q: Promise<T[]>) => (await q)[0];
  const template = await optional(db.select().from(s.formTemplates));
  const refGroup = await optional(db.select().from(s.referenceGroups));
  const refRange = await optional(db.select().from(s.referenceRanges));
  const orgRefGroup = await optional(db.select().from(s.organisationReferenceGroups));
  const orgRefRange = await optional(db.select().from(s.organisationReferenceRanges));
  const document = await optional(db.select().from(s.subjectVisitDocuments));
  const ticket = await optional(db.select().from(s.supportTickets));
  // Data entry: a form of the sample visit, its first section and field, and a file value with its PDF.
  const subjectForm = await optional(
    db
      .select()
      .from(s.subjectForms)
      .where(eq(s.subjectForms.subjectVisitId, subjectVisit.id))
      .orderBy(asc(s.subjectForms.createdAt)),
  );
  const formSection = subjectForm
    ? await optional(db.select().from(s.subjectFormSections).where(eq(s.subjectFormSections.subjectFormId, subjectForm.id)))
    : undefined;
  const formFieldOfSubject = subjectForm
    ? await optional(db.select().from(s.subjectFormFields).where(eq(s.subjectFormFields.subjectFormId, subjectForm.id)))
    : undefined;
  const fileValue = await optional(db.select().from(s.itemData).where(isNotNull(s.itemData.documentId)));
  // Notes: the demo's QA note (on S-001's visit 1).
  const itemNote = await optional(db.select().from(s.itemNotes).where(eq(s.itemNotes.type, 'QaNote')));
  // Rules: the demo's first rule (the calculated BMI of the screening demography form).
  const rule = await optional(db.select().from(s.rules).orderBy(asc(s.rules.createdAt)));
  // IWRS: the demo's list, site 01's shipment, and the subject's dosing with its kit.
  const list = await optional(db.select().from(s.randomisationLists).where(eq(s.randomisationLists.researchId, research.id)));
  const shipment = await optional(db.select().from(s.shipments).where(eq(s.shipments.researchOrganisationId, site1.id)));
  const dosing = await optional(db.select().from(s.subjectDosings).where(eq(s.subjectDosings.subjectId, subject.id)));
  const kit = dosing
    ? await optional(db.select().from(s.medications).where(eq(s.medications.subjectDosingId, dosing.id)))
    : undefined;
  // QA validation: the demo's version 1.1 under validation, its first QA visit and form and its oldest note.
  const qaVisit = await optional(db.select().from(s.qaVisits).orderBy(asc(s.qaVisits.createdAt)));
  const qaForm = await optional(db.select().from(s.qaForms).orderBy(asc(s.qaForms.createdAt)));
  const qaNote = await optional(db.select().from(s.qaItemNotes).orderBy(asc(s.qaItemNotes.createdAt)));
  // Document approvals: a made document of the research out for approval to site@ (site 01's PI) and qa@.
  const approverOf = async (email: string) =>
    (
      await first(
        db
          .select({ id: s.employees.id })
          .from(s.employees)
          .innerJoin(s.users, eq(s.users.id, s.employees.userId))
          .where(and(eq(s.users.email, email), isNull(s.employees.deletedAt))),
      )
    ).id;
  const [approvedDocument] = await db
    .insert(s.documents)
    .values({
      researchId: research.id,
      name: 'Матрица ролей',
      extension: 'pdf',
      contentType: 'application/pdf',
      sizeBytes: 9,
      status: 'Done',
      type: 'Tracker',
    })
    .returning();
  const [approval] = await db
    .insert(s.documentApprovals)
    .values({ researchId: research.id, documentId: approvedDocument!.id, researchVersionId: researchVersion.id })
    .returning();
  await db.insert(s.documentApprovalApprovers).values([
    { documentApprovalId: approval!.id, employeeId: await approverOf('site@demo.test') },
    { documentApprovalId: approval!.id, employeeId: await approverOf('qa@demo.test') },
  ]);
  Object.assign(ids, {
    Researches: research.id,
    researchId: research.id,
    ResearchOrganisations: site1.id,
    researchOrganisationId: site1.id,
    Organisations: site1.organisationId,
    organisationId: site1.organisationId,
    Subjects: subject.id,
    subjectId: subject.id,
    SubjectsVisit: subjectVisit.id,
    subjectVisitId: subjectVisit.id,
    Visits: visit.id,
    visitId: visit.id,
    Forms: form.id,
    formId: form.id,
    FormSections: section.id,
    formSectionId: section.id,
    FormFields: formField.id,
    formFieldId: formField.id,
    Fields: field.id,
    fieldId: field.id,
    FormTypes: field.formTypeId,
    formTypeId: field.formTypeId,
    ResearchVersions: researchVersion.id,
    researchVersionId: researchVersion.id,
    versionId: researchVersion.id,
    ProtocolVersions: protocolVersion.id,
    protocolVersionId: protocolVersion.id,
    MonitoringVisits: monitoringVisit.id,
    monitoringVisitId: monitoringVisit.id,
    Users: victim.user.id,
    userId: victim.user.id,
    Employees: victim.employeeId!,
    employeeId: victim.employeeId!,
    OrganisationUsers: victim.organisationUserId!,
    organisationUserId: victim.organisationUserId!,
    FormTemplates: template?.id ?? ANY_ID,
    ReferenceGroups: refGroup?.id ?? ANY_ID,
    referenceGroupId: refGroup?.id ?? ANY_ID,
    References: refRange?.id ?? ANY_ID,
    OrganisationReferenceGroups: orgRefGroup?.id ?? ANY_ID,
    organisationReferenceGroupId: orgRefGroup?.id ?? ANY_ID,
    OrganisationReferences: orgRefRange?.id ?? ANY_ID,
    SubjectVisitDocuments: document?.id ?? ANY_ID,
    documentId: document?.id ?? ANY_ID,
    support: ticket?.id ?? ANY_ID,
    SubjectsForm: subjectForm?.id ?? ANY_ID,
    subjectFormId: subjectForm?.id ?? ANY_ID,
    subjectFormIdList: subjectForm?.id ?? ANY_ID,
    SubjectsFormSection: formSection?.id ?? ANY_ID,
    SubjectsFormField: formFieldOfSubject?.id ?? ANY_ID,
    subjectFormFieldId: formFieldOfSubject?.id ?? ANY_ID,
    ItemData: fileValue?.id ?? ANY_ID,
    currentItemDataId: fileValue?.id ?? ANY_ID,
    ItemNote: itemNote?.id ?? ANY_ID,
    Rules: rule?.id ?? ANY_ID,
    RandomisationLists: list?.id ?? ANY_ID,
    Shipments: shipment?.id ?? ANY_ID,
    SubjectDosing: dosing?.id ?? ANY_ID,
    Medication: kit?.id ?? ANY_ID,
    medicationId: kit?.id ?? ANY_ID,
    QaVisits: qaVisit?.id ?? ANY_ID,
    qaVisitId: qaVisit?.id ?? ANY_ID,
    QaForms: qaForm?.id ?? ANY_ID,
    qaFormId: qaForm?.id ?? ANY_ID,
    QaItemNotes: qaNote?.id ?? ANY_ID,
    qaItemNoteId: qaNote?.id ?? ANY_ID,
    DocumentApprovals: approval!.id,
    documentApprovalId: approval!.id,
    // No job exists in the demo world: 404 for whoever may look at jobs.
    Jobs: ANY_ID,
  });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  ops = operationsOf(doc);
}, 240_000);

afterAll(async () => {
  if (process.env.ROLE_MATRIX_PRINT) {
    fs.writeFileSync('/tmp/role-matrix-observed.json', JSON.stringify(observed, null, 1));
  }
  await t?.close();
});

const idFor = (name: string) => ids[name] ?? ids[name.replace(/Id$/, '') + 's'] ?? ANY_ID;
/** A path's `{id}` is an object of the collection its first segment names. */
const pathIdFor = (op: Operation) => (param: string) => {
  if (param !== 'id') return idFor(param);
  const segment = op.path.split('/')[1]!;
  return ids[segment] ?? ANY_ID;
};

/** Each caller from an address of its own, as in life: the sign-in lockout counts per e-mail and address. */
const addressOf = (who: Account | 'anonymous') => `192.0.2.${(ACCOUNTS as readonly string[]).indexOf(who) + 2}`;

async function send(op: Operation, token: string | undefined, who: Account | 'anonymous') {
  const url = '/api' + sampleUrl(op, idFor, pathIdFor(op));
  const body = op.body && op.bodyType === 'application/json' ? sampleOf(op.body, 'body', idFor) : undefined;
  const res = await t.app.inject({
    method: op.method,
    url,
    remoteAddress: addressOf(who),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return res;
}

const matches = (expected: Expected, status: number) => {
  if (expected === 'ok') return status < 500 && status !== 401 && status !== 403;
  return status === expected;
};

/** Deletions after everything else, leaves first; the rest in the document's order. */
const rank = (op: Operation) => {
  const last = ORDER_LAST.indexOf(op.key);
  if (last >= 0) return 2000 + last;
  return op.method === 'DELETE' ? 1000 : 0;
};

describe('role × endpoint matrix', () => {
  it('has an entry for every operation of the OpenAPI document, and none for an operation that is gone', () => {
    const keys = new Set(ops.map((o) => o.key));
    const missing = [...keys].filter((k) => !(k in ROLE_MATRIX));
    expect(missing, `operations without an entry in role-matrix.table.ts: ${missing.join(', ')}`).toEqual([]);
    const gone = Object.keys(ROLE_MATRIX).filter((k) => !keys.has(k));
    expect(gone, `entries of role-matrix.table.ts for no operation: ${gone.join(', ')}`).toEqual([]);
  });

  it('answers every account and the anonymous caller in the expected class', async () => {
    const failures: string[] = [];
    const sorted = [...ops].sort((a, b) => rank(a) - rank(b));
    for (const op of sorted) {
      const entry =
        ROLE_MATRIX[op.key] ?? (process.env.ROLE_MATRIX_PRINT ? { freshSession: op.key === 'POST /Auth/SignOut' } : undefined);
      if (!entry) continue;
      // Refused callers first, so that a permitted deletion does not turn their 403 into a 404.
      const callers: (Account | 'anonymous')[] = ['anonymous', ...ACCOUNTS];
      const ordered = callers.sort((a, b) => Number(expectationOf(entry, a) === 'ok') - Number(expectationOf(entry, b) === 'ok'));
      for (const who of ordered) {
        const token =
          who === 'anonymous'
            ? undefined
            : entry.freshSession
              ? await signIn(t.app, `${who}@demo.test`, DEMO_PASSWORD)
              : tokens[who];
        const res = await send(op, token, who);
        (observed[op.key] ??= {})[who] = res.statusCode;
        const expected = expectationOf(entry, who);
        if (!matches(expected, res.statusCode)) {
          failures.push(`${op.key} as ${who}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 240_000);
});
