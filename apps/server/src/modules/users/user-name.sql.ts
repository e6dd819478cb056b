import { sql, type SQL } from 'drizzle-orm';
import { users } from '../../platform/db/schema/index.js';
import { searchAny } from '../../platform/http/paging.js';

/** A user's full name (last, first, patronymic) in SQL, for lists that show who did something; null when blank. */
export const userFullName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})), '')`;

/** Users whose full name or e-mail contains `search` (any case); no condition without one. For every user list. */
export const userMatches = (search: string | undefined): SQL | undefined =>
  searchAny(search, [sql`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`, users.email]);
