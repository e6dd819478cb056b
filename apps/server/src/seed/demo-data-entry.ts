import { and, asc, eq, isNull } from 'drizzle-orm';
import { referenceCreate, referenceGroupCreate } from '@edc/domain';
import type { Deps } from '../platform/deps.js';
import { fields, formFields, forms, subjects, subjectVisits, visits } from '../platform/db/schema/index.js';
import type { ActorCaller } from '../platform/http/caller.js';
import { createGroup } from '../modules/references/reference-groups.service.js';
import { createReference } from '../modules/references/references.service.js';
import { addItemData, addItemDocument, changeItemData } from '../modules/data-entry/item-data.service.js';
import { changeSectionStatus, completeSection } from '../modules/data-entry/sections.service.js';
import { completeSubjectForm, createSubjectForm, getSubjectForm } from '../modules/data-entry/subject-forms.service.js';
import { signSubjectVisit } from '../modules/data-entry/visit-signing.service.js';
import { DEMO_PASSWORD } from './demo-world.js';

/**
 * The demo's entered data (docs/data-entry.md, "Demo"), through the data-entry services as site 01's
 * principal investigator: S-001's screening visit filled, every section and form completed and the visit
 * signed with the investigator's password, with a weight corrected with its reason and a glucose outside
 * the centre's reference range; S-001's visit 1 with an adverse event (the dependent fields shown); S-002's
 * screening visit in progress.
 */

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Site 01's glucose reference range (3.3–5.5 mmol/l, every adult), entered by the administrator. */
export async function seedDemoReferences(deps: Deps, admin: ActorCaller, site1: string): Promise<void> {
  const [gluc] = await deps.db
    .select({ fieldId: fields.id, formTypeId: fields.formTypeId })
    .from(formFields)
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .where(and(eq(formFields.researchId, admin.actor.employee!.researchId), eq(fields.fieldKey, 'GLUC')))
    .limit(1);
  if (!gluc) return;
  const group = await createGroup(
    deps,
    referenceGroupCreate.parse({ researchOrganisationId: site1, formTypeId: gluc.formTypeId, dateFrom: daysAgo(365) }),
    admin,
  );
  await createReference(
    deps,
    referenceCreate.parse({
      referenceGroupId: group.id,
      fieldId: gluc.fieldId,
      minReference: 3.3,
      maxReference: 5.5,
      minAge: 18,
      maxAge: 100,
      genderString: 'Both',
      errorMessage: 'Глюкоза вне нормы (3,3–5,5 ммоль/л)',
    }),
    admin,
  );
}

/** A tiny valid PDF standing for the ECG recording. */
const ECG_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

type Values = Record<string, string>;

/** The demo values of each form type, by field key. */
function valuesOf(screenDate: string, birthDate: string): Record<string, Values> {
  return {
    IC: { ICDAT: screenDate, ICYN: 'true' },
    DM: { BRTHDAT: birthDate, SEX: 'Мужской', HEIGHT: '178', WEIGHT: '80', BMI: '25.2' },
    VS: { VSTIM: '09:30', SYSBP: '128', DIABP: '82', PULSE: '72', TEMP: '36.6' },
    LB: { LBDTC: `${screenDate}T08:15`, GLUC: '7.8', ALT: '24', CREAT: '88' },
    EG: { EGRES: 'Норма' },
    AE: { AEYN: 'Да', AETERM: 'Головная боль', AESTDAT: screenDate, AESEV: 'Лёгкая' },
  };
}

/** A subject visit of a demo subject by screening number and visit key. */
async function visitOf(deps: Deps, researchId: string, screeningNumber: string, visitKey: string) {
  const [row] = await deps.db
    .select({ sv: subjectVisits, birthDate: subjects.birthDate, screenDate: subjects.screenDate })
    .from(subjectVisits)
    .innerJoin(subjects, eq(subjects.id, subjectVisits.subjectId))
    .innerJoin(visits, eq(visits.id, subjectVisits.visitId))
    .where(
      and(
        eq(subjects.researchId, researchId),
        eq(subjects.screeningNumber, screeningNumber),
        eq(visits.visitKey, visitKey),
        isNull(subjects.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Adds the visit's forms of the given types, enters their values and, when asked, confirms and completes them. */
async function fillVisit(
  deps: Deps,
  site: ActorCaller,
  sv: { id: string; visitId: string },
  values: Record<string, Values>,
  opts: { types: string[]; complete: boolean },
) {
  const designed = await deps.db
    .select({ id: forms.id, formKey: forms.formKey })
    .from(forms)
    .where(and(eq(forms.visitId, sv.visitId), isNull(forms.deletedAt)))
    .orderBy(asc(forms.index));
  for (const type of opts.types) {
    const form = designed.find((f) => f.formKey?.endsWith(`_${type}`));
    if (!form) continue;
    const created = await createSubjectForm(deps, { formId: form.id, subjectVisitId: sv.id }, site);
    const keys = await deps.db
      .select({ formFieldId: formFields.id, key: fields.fieldKey })
      .from(formFields)
      .innerJoin(fields, eq(fields.id, formFields.fieldId))
      .where(eq(formFields.formId, form.id));
    const keyOf = new Map(keys.map((k) => [k.formFieldId, k.key]));
    for (const section of created.subjectFormSectionList) {
      for (const f of section.subjectFormFieldList) {
        const key = keyOf.get(f.formFieldId)!;
        if (key === 'EGFILE') {
          await addItemDocument(
            deps,
            { subjectFormFieldId: f.id, name: 'ЭКГ скрининг', file: { fileName: 'ecg.pdf', bytes: ECG_PDF } },
            site,
          );
          continue;
        }
        const data = values[type]?.[key];
        if (data === undefined) continue;
        const saved = await addItemData(deps, { subjectFormFieldId: f.id, data }, site);
        if (key === 'WEIGHT') {
          await changeItemData(
            deps,
            { subjectFormFieldId: f.id, data: '82', currentItemDataId: saved.itemData.id, reasonForChange: 'Ошибка ввода' },
            site,
          );
        }
      }
      if (opts.complete) {
        const s = await changeSectionStatus(deps, section.id, { status: 'Completed', version: section.version }, site);
        await completeSection(deps, section.id, { version: s.version }, site);
      }
    }
    if (opts.complete) {
      const form = await getSubjectForm(deps, created.id, [], site);
      await completeSubjectForm(deps, created.id, { version: form.version }, site);
    }
  }
}

/** The demo's entered data, as site 01's principal investigator. */
export async function seedDemoDataEntry(deps: Deps, site: ActorCaller): Promise<void> {
  const researchId = site.actor.employee!.researchId;
  const s1 = await visitOf(deps, researchId, 'S-001', 'SCR');
  if (s1) {
    const values = valuesOf(s1.screenDate, s1.birthDate);
    await fillVisit(deps, site, s1.sv, values, { types: ['IC', 'DM', 'VS', 'LB', 'EG'], complete: true });
    await signSubjectVisit(deps, s1.sv.id, { password: DEMO_PASSWORD }, site);
  }
  const v1 = await visitOf(deps, researchId, 'S-001', 'V1');
  if (v1) {
    const values = valuesOf(v1.sv.date, v1.birthDate);
    await fillVisit(deps, site, v1.sv, values, { types: ['VS', 'AE'], complete: false });
  }
  const s2 = await visitOf(deps, researchId, 'S-002', 'SCR');
  if (s2) {
    const values = valuesOf(s2.screenDate, s2.birthDate);
    await fillVisit(deps, site, s2.sv, values, { types: ['IC'], complete: true });
    await fillVisit(deps, site, s2.sv, { DM: { BRTHDAT: s2.birthDate, HEIGHT: '165' } }, { types: ['DM'], complete: false });
  }
}
