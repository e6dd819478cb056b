import { timePoints } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { runNamed } from '../../platform/db/named.js';
import type { TimeFieldType } from './time-points.repo.js';

/**
 * A visit's live time points as one subject visit plans them (docs/time-points.md "Subject time points"):
 * each point with its deviations (live, from a live start point, oldest first) and its fact, the current
 * value (newest item_data by seq) of its field in that subject visit.
 *
 * A point on a repeating form has a field in each instance of the form; its fact is the one of the first
 * instance (by creation), so the later instances plan from the same chain as the first.
 */

export interface SubjectPoint extends timePoints.PlannedPoint {
  formFieldId: string;
  fieldType: TimeFieldType;
  duration: string;
  description: string | null;
  fact: string | null;
}

interface Row {
  id: string;
  form_field_id: string;
  duration: string;
  description: string | null;
  is_visit_start_point: boolean;
  field_type: TimeFieldType;
  deviations: timePoints.PointDeviation[] | string;
  fact: string | null;
}

/** $1: the visit's id, or null with $3 naming a form field whose point's visit it is; $2: the subject visit. */
const SUBJECT_POINTS = `select tp.id, tp.form_field_id, tp.duration, tp.description, tp.is_visit_start_point, fd.field_type,
    coalesce((select jsonb_agg(jsonb_build_object('startTimePointId', d.start_time_point_id, 'deviation', d.deviation,
          'deviationPlus', d.deviation_plus, 'deviationMinus', d.deviation_minus) order by d.created_at, d.id)
        from time_deviations d join time_points s on s.id = d.start_time_point_id and s.deleted_at is null
        where d.time_point_id = tp.id and d.deleted_at is null), '[]'::jsonb) as deviations,
    (select cur.data from subject_forms sf
        join subject_form_fields sff on sff.subject_form_id = sf.id and sff.form_field_id = tp.form_field_id
        cross join lateral (select i.data from item_data i where i.subject_form_field_id = sff.id order by i.seq desc limit 1) cur
        where sf.subject_visit_id = $2 and sf.deleted_at is null
        order by sf.created_at, sf.id limit 1) as fact
  from time_points tp
  join form_fields ff on ff.id = tp.form_field_id and ff.deleted_at is null
  join form_sections fs on fs.id = ff.form_section_id and fs.deleted_at is null
  join forms f on f.id = ff.form_id and f.deleted_at is null
  join visits v on v.id = f.visit_id and v.deleted_at is null
  join fields fd on fd.id = ff.field_id
  where tp.deleted_at is null
    and tp.visit_id = coalesce($1::uuid, (select p.visit_id from time_points p where p.form_field_id = $3::uuid and p.deleted_at is null))`;

/** The points of the visit (or of the visit of `formFieldId`'s point) with their facts in one subject visit, in one statement. */
export async function subjectPoints(
  db: Db,
  of: { visitId: string } | { formFieldId: string },
  subjectVisitId: string,
): Promise<SubjectPoint[]> {
  const rows = await runNamed<Row>(db, 'subject_time_points', SUBJECT_POINTS, [
    'visitId' in of ? of.visitId : null,
    subjectVisitId,
    'formFieldId' in of ? of.formFieldId : null,
  ]);
  return rows.map((r) => ({
    id: r.id,
    formFieldId: r.form_field_id,
    duration: r.duration,
    description: r.description,
    isVisitStartPoint: r.is_visit_start_point,
    fieldType: r.field_type,
    // node-postgres parses jsonb; a driver handing back text is read here.
    deviations: typeof r.deviations === 'string' ? (JSON.parse(r.deviations) as timePoints.PointDeviation[]) : r.deviations,
    fact: r.fact,
  }));
}

/** The facts by point id, `except` one point (a value being saved does not plan its own window). */
export const factsOf = (points: readonly SubjectPoint[], except?: string): Record<string, string | null> =>
  Object.fromEntries(points.filter((p) => p.id !== except).map((p) => [p.id, p.fact]));
