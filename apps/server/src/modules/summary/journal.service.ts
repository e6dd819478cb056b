import type { z } from 'zod';
import type { FormEntry, JournalEntry, JournalOption, SummaryLayout, journalQuery } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { pageOf } from '../../platform/http/paging.js';
import { siteActor } from '../data-entry/data-entry.context.js';
import { canEditForm } from '../data-entry/entry-rules.js';
import { entriesPage, findForm, findFormSection, formLayout, researchSections } from './form-entries.repo.js';
import { assertInResearch, assertScreen, entriesScope } from './summary.policy.js';
import { formColumns } from './summary.service.js';

/**
 * The journals (/journals, spec operations section 2): one section of a visit's form across subjects, by
 * screening number, a column per visible field; a section is completed from the journal through
 * POST /SubjectsFormSection/{id}/Complete, whose checks (the form's employee types, the subject's centre,
 * nothing signed) decide — `canComplete` tells the screen in advance (docs/reports.md).
 */

/** GET /SubjectsFormSection/Journal: one page of a section's entries. */
export async function journalEntries(deps: Deps, q: z.infer<typeof journalQuery>, caller: ActorCaller) {
  const { db } = deps;
  const { actor } = caller;
  const researchId = assertScreen(actor, 'journals');
  const section = await findFormSection(db, q.formSectionId);
  const form = assertInResearch(section ? await findForm(db, section.formId) : undefined, researchId, 'formSectionId');
  const { scope, withoutTest } = await entriesScope(db, actor, researchId, q);
  const page = { page: q.page, pageSize: q.pageSize };
  const filter = { scope, withoutTest, screeningNumber: q.screeningNumber, sectionId: section!.id };
  const { rows, total } = await entriesPage(db, form.id, filter, page);
  const ownCentre = actor.employee?.researchOrganisationId;
  const mayComplete = actor.permissions.has('subjects_edit') && canEditForm(siteActor(caller), form);
  const data = rows.map(
    (r): JournalEntry => ({
      ...(JSON.parse(r.json) as FormEntry),
      canComplete: mayComplete && !r.isSigned && !r.visitSigned && r.centreId === ownCentre,
    }),
  );
  return pageOf(data, total, page);
}

/** The columns of a section's journal (GET /SubjectsFormSection/Journal/Columns). */
export async function journalLayout(deps: Deps, formSectionId: string, caller: ActorCaller): Promise<SummaryLayout> {
  const researchId = assertScreen(caller.actor, 'journals');
  const section = await findFormSection(deps.db, formSectionId);
  const form = assertInResearch(section ? await findForm(deps.db, section.formId) : undefined, researchId, 'id');
  const { sections, columns } = await formLayout(deps.db, form.id, section!.id);
  return { formId: form.id, title: form.title, visitTitle: form.visitTitle, sections, columns: formColumns(columns) };
}

/** GET /SubjectsFormSection/Journal/Sections: the journals of the caller's research, by visit, form and section. */
export async function journalSections(deps: Deps, caller: ActorCaller): Promise<JournalOption[]> {
  return researchSections(deps.db, assertScreen(caller.actor, 'journals'));
}
