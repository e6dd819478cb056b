import { sql, type SQL } from 'drizzle-orm';
import { researchOrganisations, subjects, subjectVisits, visits } from '../../platform/db/schema/index.js';
import { isoInstant, orNull } from '../../platform/db/json-text.sql.js';
import { prerendered } from '../../platform/db/prerendered.js';

/**
 * A subject with its visit cells as the API's JSON (`subjectWithVisits` of packages/domain), written by PostgreSQL
 * beside the row: a matrix page is 50 such texts, which the server copies into its reply, instead of 50 subjects
 * and 1,000 cells built as objects and serialised again (docs/subjects.md "At scale", docs/performance.md
 * "Eleventh run"). The keys are in the schema's order; the checked serialiser of the tests parses every text and
 * holds it to the schema, and subject-json.test.ts holds it byte for byte to JSON.stringify of the same subject.
 *
 * Each value is written as JSON.stringify writes it (platform/db/json-text.sql.ts); booleans and integers as their
 * text.
 */
function subjectJsonOf(seesGroup: boolean): SQL<string> {
  const s = subjects;
  return sql<string>`'{"id":"' || ${s.id} || '","researchId":"' || ${s.researchId}
    || '","researchOrganisationId":"' || ${s.researchOrganisationId}
    || '","researchOrganisationNumber":' || to_json(${researchOrganisations.number})::text
    || ',"fullName":' || ${orNull(s.fullName)} || ',"gender":' || to_json(${s.gender})::text
    || ',"birthDate":' || to_json(${s.birthDate})::text || ',"screenDate":' || to_json(${s.screenDate})::text
    || ',"screeningNumber":' || to_json(${s.screeningNumber})::text
    || ',"randomizationNumber":' || ${orNull(s.randomizationNumber)}
    || ',"identificationNumber":' || to_json(${s.identificationNumber})::text
    || ',"randomizationDate":' || ${orNull(s.randomizationDate)}
    ${seesGroup ? sql`|| ',"randomizationGroup":' || ${orNull(s.randomizationGroup)}` : sql``}
    || ',"status":' || to_json(${s.status})::text || ',"isRandomised":' || ${s.isRandomised}::text
    || ',"isSigned":' || ${s.isSigned}::text || ',"signDate":' || ${orNull(s.signDate)}
    || ',"endDate":' || ${orNull(s.endDate)} || ',"endReason":' || ${orNull(s.endReason)}
    || ',"drTrialId":' || ${orNull(s.drTrialId)} || ',"isTest":' || ${s.isTest}::text || ',"version":' || ${s.version}::text
    || ',"createdAt":"' || ${isoInstant(s.createdAt)} || '","updatedAt":"' || ${isoInstant(s.updatedAt)}
    || '","subjectVisitList":[' || coalesce(${visitCellsJson}, '') || ']}'`;
}

/**
 * A held visit's timing (packages/domain heldVisitTiming): overdue when held after the last day of its window, else on
 * time. `subject_visit_overdue` (migration 0020) is the rule the visit tallies are kept by, inlined by the planner
 * (an immutable SQL function). A subject visit is always held on its date, so no clock takes part.
 */
const heldTiming = sql`(case when subject_visit_overdue(${subjectVisits.date}, ${visits.visitType}, ${visits.dayNumber},
  ${visits.dayPlus}, ${subjects.screenDate}, ${subjects.randomizationDate}) then 'overdue' else 'onTime' end)`;

/**
 * The monitor's 'requested' mark (packages/domain isRequestedByMonitor): validation was started and the visit is
 * not yet validated by QA and DM, nor by the monitor.
 */
const requestedByMonitor = sql`(${subjectVisits.startValidatingDate} is not null
  and ${subjectVisits.formCompletedStatus} not in ('QaAndDmValidated', 'KioValidated'))`;

/**
 * The subject's live visits as matrix cells (`subjectVisitBrief`), in visit order, joined by commas: a correlated
 * sub-select on the outer `subjects` row (its 20 or so visits by subject_visits_subject_idx); null without visits.
 */
const visitCellsJson = sql<string | null>`(select string_agg('{"id":"' || ${subjectVisits.id}
    || '","visitId":"' || ${subjectVisits.visitId} || '","date":' || to_json(${subjectVisits.date})::text
    || ',"formCompletedStatus":' || to_json(${subjectVisits.formCompletedStatus})::text
    || ',"repeatIndex":' || ${subjectVisits.repeatIndex}::text || ',"timing":"' || ${heldTiming}
    || '","requestedByMonitor":' || ${requestedByMonitor}::text || '}',
    ',' order by ${visits.index}, ${subjectVisits.repeatIndex}, ${subjectVisits.date}, ${subjectVisits.id})
  from ${subjectVisits} inner join ${visits} on ${visits.id} = ${subjectVisits.visitId}
  where ${subjectVisits.subjectId} = ${subjects.id} and ${subjectVisits.deletedAt} is null)`;

/** Its text rendered once for the blinded and once for the unblinded (platform/db/prerendered.ts). */
const subjectJsonText = [prerendered(0, () => subjectJsonOf(false)), prerendered(0, () => subjectJsonOf(true))];
export const subjectJson = (seesGroup: boolean) => subjectJsonText[seesGroup ? 1 : 0]!() as SQL<string>;
