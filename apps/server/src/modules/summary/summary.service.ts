import type { z } from 'zod';
import type { FieldType, FormEntry, SummaryColumn, SummaryFormOption, SummaryLayout, summaryEntriesQuery } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { pageOf } from '../../platform/http/paging.js';
import { jsonItems } from '../../platform/http/json-text.js';
import { entriesPage, findForm, formLayout, researchForms } from './form-entries.repo.js';
import { assertInResearch, assertScreen, entriesScope } from './summary.policy.js';

/**
 * The summary tables (/summary, spec operations section 2): choose a form, read its entries across subjects
 * a page at a time, a column per field the design does not hide (docs/reports.md "Summary tables and journals").
 */

/** GET /Summary/Forms: the forms of the caller's research, grouped by visit (visit index, then form index). */
export async function summaryForms(deps: Deps, caller: ActorCaller): Promise<SummaryFormOption[]> {
  const researchId = assertScreen(caller.actor, 'summary');
  return researchForms(deps.db, researchId);
}

/** GET /Summary/Forms/{id}: the columns of a form's table. */
export async function summaryLayout(deps: Deps, formId: string, caller: ActorCaller): Promise<SummaryLayout> {
  const researchId = assertScreen(caller.actor, 'summary');
  const form = assertInResearch(await findForm(deps.db, formId), researchId, 'id');
  const { sections, columns } = await formLayout(deps.db, form.id);
  return {
    formId: form.id,
    title: form.title,
    visitTitle: form.visitTitle,
    sections,
    columns: formColumns(columns),
  };
}

/** Columns as read, typed (field types are stored as text). */
export const formColumns = (columns: readonly (Omit<SummaryColumn, 'fieldType'> & { fieldType: string })[]): SummaryColumn[] =>
  columns.map((c) => ({ ...c, fieldType: c.fieldType as FieldType }));

/** GET /SubjectsForm/ByForm: one page of the form's entries with their values and section states. */
export async function summaryEntries(deps: Deps, q: z.infer<typeof summaryEntriesQuery>, caller: ActorCaller) {
  const { db } = deps;
  const researchId = assertScreen(caller.actor, 'summary');
  const form = assertInResearch(await findForm(db, q.formId), researchId, 'formId');
  const { scope, withoutTest } = await entriesScope(db, caller.actor, researchId, q);
  const page = { page: q.page, pageSize: q.pageSize };
  const { rows, total } = await entriesPage(db, form.id, { scope, withoutTest, screeningNumber: q.screeningNumber }, page);
  return pageOf(jsonItems<FormEntry>(rows.map((r) => r.json)), total, page);
}
