import { sql, type SQL } from 'drizzle-orm';
import type { ExportFormStatus } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { uuids } from '../../../platform/db/id-arrays.js';
import type { ExportActor, ExportRequest } from './export-request.js';

/**
 * Which subject forms an export reads (docs/data-exchange.md "Exports"): live subject forms of live visits of
 * live subjects of the research, of the covered forms, narrowed by centre (the request's and the actor's own
 * scope), visit and form status. The SQL below names `sf` (subject_forms), `s` (subjects), `sv` (subject_visits).
 */
export interface ExportScope {
  researchId: string;
  /** null: every centre. */
  centreIds: string[] | null;
  /** null: every visit. */
  visitIds: string[] | null;
  formIds: string[];
  formStatus: ExportFormStatus;
  withTestSubjects: boolean;
}

export function scopeOf(request: ExportRequest, actor: ExportActor, formIds: string[]): ExportScope {
  let centreIds = request.researchOrganisationIds?.length ? [...new Set(request.researchOrganisationIds)] : null;
  // A caller limited to one centre never gets another's subjects, whatever the request names.
  if (actor.centreId) centreIds = centreIds ? centreIds.filter((id) => id === actor.centreId) : [actor.centreId];
  return {
    researchId: request.researchId,
    centreIds,
    visitIds: request.visitIds?.length ? [...new Set(request.visitIds)] : null,
    formIds,
    formStatus: request.formStatus,
    withTestSubjects: request.withTestSubjects ?? false,
  };
}

const STATUS: Record<ExportFormStatus, SQL> = {
  All: sql``,
  NotComplete: sql`and sf.is_complete = false`,
  Complete: sql`and sf.is_complete = true`,
  QaValidated: sql`and sf.qa_validate = true`,
  DmValidated: sql`and sf.dm_validate = true`,
  KioValidated: sql`and sf.kio_validate = true`,
};

/** The subject forms' own conditions (form, visit, status, live rows of `sf` and `sv`). */
export function formWhere(scope: ExportScope, formIds: readonly string[] = scope.formIds): SQL {
  return sql`sf.deleted_at is null and sv.deleted_at is null and sf.form_id = any(${uuids(formIds)})
    ${scope.visitIds ? sql`and sv.visit_id = any(${uuids(scope.visitIds)})` : sql``} ${STATUS[scope.formStatus]}`;
}

/** The subjects' conditions (research, live, centre, test subjects only when asked for) on `s`. */
export function subjectWhere(scope: ExportScope): SQL {
  return sql`s.research_id = ${scope.researchId} and s.deleted_at is null
    ${scope.centreIds ? sql`and s.research_organisation_id = any(${uuids(scope.centreIds)})` : sql``}
    ${scope.withTestSubjects ? sql`` : sql`and s.is_test = false`}`;
}

/** Rows of a raw statement, on either driver. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** An instant as ISO 8601 UTC, from a driver's Date or text. */
export const isoOf = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

/** Whether `db` runs on the embedded PGlite (one connection: a long transaction there would stop everyone else). */
function isPglite(db: Db): boolean {
  const client = (db as unknown as { $client?: object }).$client;
  return !!client && 'waitReady' in client;
}

/**
 * Runs the reading on one snapshot on PostgreSQL (a read-only repeatable-read transaction: counts, pages and
 * values agree, whatever is saved meanwhile); on PGlite, statement by statement, so that the server keeps
 * answering while a long export runs.
 */
export async function withSnapshot<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  if (isPglite(db)) return read(db);
  return db.transaction((tx) => read(tx as unknown as Db), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
