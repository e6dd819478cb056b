import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { formFields } from './design.js';
import { users } from './identity.js';
import { researches } from './research.js';

/**
 * The research's stratification factor (docs/iwrs.md, "Lists and strata"): the form field whose value a
 * subject draws by. No row: strata are the whole research or a centre. Fixed once an entry is drawn.
 */
export const iwrsStratification = pgTable('iwrs_stratification', {
  researchId: uuid('research_id')
    .primaryKey()
    .references(() => researches.id),
  formFieldId: uuid('form_field_id')
    .notNull()
    .references(() => formFields.id),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});
