import { and, asc, eq, isNull } from 'drizzle-orm';
import { design } from '@edc/domain';
import type { Deps } from '../platform/deps.js';
import { formFields } from '../platform/db/schema/index.js';
import type { ActorCaller } from '../platform/http/caller.js';
import { createVersion, transition } from '../modules/design/research-versions/research-versions.service.js';
import { getQaForms, getQaVisits, toggleValidate } from '../modules/qa-validation/qa-items.service.js';
import { addQaNote, stepQaNote } from '../modules/qa-validation/qa-notes.service.js';
import { asDemoUser } from './seed-caller.js';

/** QA validates every form and visit of a version (the demo's version 1.0 before its testing starts). */
export async function validateWholeVersion(deps: Deps, qa: ActorCaller, versionId: string): Promise<void> {
  for (const visit of await getQaVisits(deps, qa, versionId)) {
    for (const form of await getQaForms(deps, qa, visit.id)) await toggleValidate(deps, qa, 'form', form.id);
    await toggleValidate(deps, qa, 'visit', visit.id);
  }
}

async function firstFieldOf(deps: Deps, formId: string): Promise<string> {
  const [row] = await deps.db
    .select({ id: formFields.id })
    .from(formFields)
    .where(and(eq(formFields.formId, formId), isNull(formFields.deletedAt)))
    .orderBy(asc(formFields.index))
    .limit(1);
  return row!.id;
}

/**
 * DEMO-001 version 1.1 under QA validation (README, "Demo world"): the administrator opens it and starts its
 * validation; QA raises notes that end up in every state (a New one on a field of the first form, one the
 * designers answered, one they marked resolved, one QA closed) and validates the forms and visits that have
 * no open note, so that qa@demo.test and admin@demo.test find work half done.
 */
export async function seedDemoQaValidation(deps: Deps): Promise<void> {
  const version = await asDemoUser(deps.db, 'admin@demo.test', async (admin) => {
    const v = await createVersion(
      deps,
      admin,
      design.researchVersionCreate.parse({
        researchId: admin.actor.employee!.researchId,
        description: 'Уточнения после первого тестирования',
        startedDate: new Date().toISOString().slice(0, 10),
        majorIndex: 1,
        minorIndex: 1,
      }),
    );
    await transition(deps, admin, v.id, 'StartQaValidating');
    return v;
  });

  const notes = await asDemoUser(deps.db, 'qa@demo.test', async (qa) => {
    const [first, second, ...rest] = await getQaVisits(deps, qa, version.id);
    const firstForms = await getQaForms(deps, qa, first!.id);
    const secondForms = await getQaForms(deps, qa, second!.id);
    const onField = await addQaNote(deps, qa, {
      qaVisitId: first!.id,
      qaFormId: firstForms[0]!.id,
      formFieldId: await firstFieldOf(deps, firstForms[0]!.formId),
      qaItemNoteMessage: 'Уточните формулировку вопроса: из неё неясно, чья подпись требуется',
    });
    const answered = await addQaNote(deps, qa, {
      qaVisitId: first!.id,
      qaFormId: firstForms.at(-1)!.id,
      qaItemNoteMessage: 'Для формы не указаны роли медсестёр: так задумано?',
    });
    const resolved = await addQaNote(deps, qa, {
      qaVisitId: second!.id,
      qaItemNoteMessage: 'Окно визита ±0 дней слишком узкое для амбулаторного визита',
    });
    const closed = await addQaNote(deps, qa, {
      qaVisitId: second!.id,
      qaFormId: secondForms[0]!.id,
      qaItemNoteMessage: 'Проверьте единицы измерения в секции',
    });
    await stepQaNote(deps, qa, closed.id, 'Comment', 'Единицы верны, замечание снято');
    await stepQaNote(deps, qa, closed.id, 'Close');
    // Validated: the second visit's forms (its own note is still open), and every later visit whole.
    for (const form of secondForms) await toggleValidate(deps, qa, 'form', form.id);
    for (const visit of rest) {
      for (const form of await getQaForms(deps, qa, visit.id)) await toggleValidate(deps, qa, 'form', form.id);
      await toggleValidate(deps, qa, 'visit', visit.id);
    }
    return { onField, answered, resolved };
  });

  await asDemoUser(deps.db, 'admin@demo.test', async (admin) => {
    await stepQaNote(deps, admin, notes.answered.id, 'Comment', 'Да, форму заполняет только исследователь');
    await stepQaNote(deps, admin, notes.resolved.id, 'Resolve');
  });
}
