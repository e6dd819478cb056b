import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

/** UUID v7 primary key: time-ordered, not guessable, safe across instances. */
export const pk = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Soft delete: rows referenced by the audit trail and by clinical data are never removed. */
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
