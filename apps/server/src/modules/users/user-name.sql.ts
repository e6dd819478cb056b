import { sql } from 'drizzle-orm';
import { users } from '../../platform/db/schema/index.js';

/** A user's full name (last, first, patronymic) in SQL, for lists that show who did something; null when blank. */
export const userFullName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})), '')`;
