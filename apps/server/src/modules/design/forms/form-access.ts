import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { forms } from '../../../platform/db/schema/index.js';
import { conflict } from '../../../platform/http/errors.js';
import type { DesignCaller } from '../shared/context.js';
import { researchToChange } from '../shared/research.js';
import { findForm, type FormRow } from './forms.queries.js';

/**
 * A form the caller may change. With `structure`, a complete form is refused (409 form_complete): its
 * info, sections and fields are frozen until it is reopened with ToggleComplete.
 */
export async function formToChange(
  deps: Deps,
  c: DesignCaller,
  id: string,
  opts: { structure?: boolean; path?: string } = {},
): Promise<FormRow> {
  const form = await findForm(deps.db, id, opts.path);
  await researchToChange(deps.db, c.actor, form.researchId);
  if (opts.structure && form.complete) throw conflict('form_complete');
  return form;
}

/** Inside a structure change: holds the form row (a concurrent ToggleComplete waits) and re-checks it is open. */
export async function holdOpenForm(tx: Db, formId: string): Promise<void> {
  const [row] = await tx.select({ complete: forms.complete }).from(forms).where(eq(forms.id, formId)).for('share');
  if (!row || row.complete) throw conflict('form_complete');
}
