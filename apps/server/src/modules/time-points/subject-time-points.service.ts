import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { timePoints, type SubjectTimePointReply } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { formFields, forms, formSections, subjectForms, subjectFormFields } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { forbidden } from '../../platform/http/errors.js';
import { visitContext } from '../data-entry/data-entry.context.js';
import { factsOf, subjectPoints } from './subject-point-facts.js';

/**
 * GET /SubjectTimePoints?subjectVisitId= (spec operations sections 2, 3 and 7; docs/time-points.md "Subject
 * time points"): for each live time point of the subject visit's visit and each field of it in the subject
 * visit's live forms (a repeating form gives one per instance), the planned window and recommended time
 * from the values entered (domain subjectPointTimes), the value entered in that instance and whether it
 * lies outside the window. Readers are the subject's readers (404 outside their scope), except monitors:
 * the page is not for KIO (spec section 2, the link 'not for kio'), so a KIO employee gets 403.
 */

const current = sql<
  string | null
>`(select i.data from item_data i where i.subject_form_field_id = ${subjectFormFields.id} order by i.seq desc limit 1)`;

export async function subjectTimePoints(
  deps: Deps,
  subjectVisitId: string,
  caller: ActorCaller,
): Promise<SubjectTimePointReply[]> {
  if (caller.actor.employee?.organisationType === 'Kio') throw forbidden('time_points_view_forbidden');
  const { visit } = await visitContext(deps.db, subjectVisitId, caller, 'subjectVisitId');
  const points = await subjectPoints(deps.db, { visitId: visit.visitId }, visit.id);
  if (!points.length) return [];
  const facts = factsOf(points);
  const times = timePoints.subjectPointTimes(points, facts);
  const windows = timePoints.pointWindows(points, facts);
  const byField = new Map(points.map((p) => [p.formFieldId, p]));
  const instances = await deps.db
    .select({
      id: subjectFormFields.id,
      subjectFormId: subjectForms.id,
      formFieldId: subjectFormFields.formFieldId,
      formTitle: forms.title,
      repeatedIndex: subjectForms.repeatedIndex,
      fieldText: formFields.text,
      value: current,
    })
    .from(subjectFormFields)
    .innerJoin(subjectForms, eq(subjectForms.id, subjectFormFields.subjectFormId))
    .innerJoin(forms, eq(forms.id, subjectForms.formId))
    .innerJoin(formFields, eq(formFields.id, subjectFormFields.formFieldId))
    .innerJoin(formSections, eq(formSections.id, formFields.formSectionId))
    .where(
      and(
        eq(subjectForms.subjectVisitId, visit.id),
        isNull(subjectForms.deletedAt),
        inArray(subjectFormFields.formFieldId, [...byField.keys()]),
      ),
    )
    .orderBy(
      asc(forms.index),
      asc(subjectForms.repeatedIndex),
      asc(subjectForms.createdAt),
      asc(formSections.index),
      asc(formFields.index),
    );
  return instances.map((f) => {
    const point = byField.get(f.formFieldId)!;
    const planned = times.get(point.id)!;
    const window = windows.get(point.id);
    const value = timePoints.momentOf(f.value);
    return {
      id: f.id,
      timePoint: {
        id: point.id,
        description: point.description,
        isVisitStartPoint: point.isVisitStartPoint,
        duration: point.duration,
      },
      subjectFormId: f.subjectFormId,
      subjectFormFieldId: f.id,
      formTitle: f.repeatedIndex > 0 ? `${f.formTitle} (${f.repeatedIndex + 1})` : f.formTitle,
      fieldText: f.fieldText,
      fieldType: point.fieldType,
      planedTimeStart: planned.planedTimeStart,
      planedTimeEnd: planned.planedTimeEnd,
      // Each instance shows its own value; the plan follows the first instance's (subject-point-facts.ts).
      factTime: f.value,
      recommendedTime: planned.recommendedTime,
      outside: !!(value && window && !timePoints.inWindow(value, window)),
    };
  });
}
