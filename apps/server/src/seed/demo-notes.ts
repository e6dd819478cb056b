import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../platform/deps.js';
import {
  fields,
  formFields,
  subjectFormFields,
  subjectForms,
  subjects,
  subjectVisits,
  visits,
} from '../platform/db/schema/index.js';
import { answerNote } from '../modules/notes/note-answer.service.js';
import { addNote } from '../modules/notes/note-writes.service.js';
import { asDemoUser } from './seed-caller.js';

/**
 * The demo's queries (docs/queries-and-validation.md, "Demo"), through the notes services as each role:
 * on S-001's visit 1 (unsigned, in progress) QA queries the pulse and site 01's investigator answers
 * that it is right; the data manager queries the temperature (left open); the monitor queries the systolic
 * pressure (a KIO note only monitors see).
 */
export async function seedDemoNotes(deps: Deps, researchId: string): Promise<void> {
  const rows = await deps.db
    .select({ id: subjectFormFields.id, key: fields.fieldKey })
    .from(subjectFormFields)
    .innerJoin(subjectForms, eq(subjectForms.id, subjectFormFields.subjectFormId))
    .innerJoin(subjectVisits, eq(subjectVisits.id, subjectForms.subjectVisitId))
    .innerJoin(visits, eq(visits.id, subjectVisits.visitId))
    .innerJoin(subjects, eq(subjects.id, subjectForms.subjectId))
    .innerJoin(formFields, eq(formFields.id, subjectFormFields.formFieldId))
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .where(
      and(
        eq(subjects.researchId, researchId),
        eq(subjects.screeningNumber, 'S-001'),
        isNull(subjects.deletedAt),
        eq(visits.visitKey, 'V1'),
        inArray(fields.fieldKey, ['PULSE', 'TEMP', 'SYSBP']),
      ),
    );
  const field = (key: string) => rows.find((r) => r.key === key)?.id;
  const pulse = field('PULSE');
  const temp = field('TEMP');
  const sysbp = field('SYSBP');
  if (pulse) {
    const qa = await asDemoUser(deps.db, 'qa@demo.test', (caller) =>
      addNote(deps, 'QaNote', { subjectFormFieldId: pulse, note: 'Пульс 72 при АД 128/82: подтвердите значение' }, caller),
    );
    await asDemoUser(deps.db, 'site@demo.test', (caller) => answerNote(deps, qa.id, { note: 'Значение верно' }, caller));
  }
  if (temp) {
    await asDemoUser(deps.db, 'dm@demo.test', (caller) =>
      addNote(deps, 'DmNote', { subjectFormFieldId: temp, note: 'Укажите способ измерения температуры' }, caller),
    );
  }
  if (sysbp) {
    await asDemoUser(deps.db, 'kio@demo.test', (caller) =>
      addNote(deps, 'KioNote', { subjectFormFieldId: sysbp, note: 'Сверьте АД с первичной документацией' }, caller),
    );
  }
}
