import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { formWhere, rowsOf, subjectWhere, type ExportScope } from './export-scope.js';

/**
 * The number of values an export will write, counted before it starts so that its progress has a total:
 * the visible fields that hold a value (a field whose newest value is a clearing is counted too, so the
 * progress can end a little short of the total), or every change when the history is exported.
 */
export async function countValues(db: Db, scope: ExportScope, history: boolean): Promise<number> {
  if (!scope.formIds.length || (scope.centreIds && !scope.centreIds.length)) return 0;
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n
        from subject_forms sf
        join subjects s on s.id = sf.subject_id
        join subject_visits sv on sv.id = sf.subject_visit_id
        join subject_form_fields sff on sff.subject_form_id = sf.id and not sff.is_hidden
        ${history ? sql`join item_data d on d.subject_form_field_id = sff.id` : sql``}
        where sf.research_id = ${scope.researchId} and ${subjectWhere(scope)} and ${formWhere(scope)}
          ${history ? sql`` : sql`and exists (select 1 from item_data d where d.subject_form_field_id = sff.id)`}`,
  );
  return Number(row?.n ?? 0);
}
