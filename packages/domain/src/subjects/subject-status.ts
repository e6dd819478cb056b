import type { EmployeeType, OrganisationType } from '../enums.js';

export const SUBJECT_STATUSES = ['Started', 'Screened', 'Randomised', 'Failed', 'End', 'EndAheadSchedule', 'Deleted'] as const;
export type SubjectStatus = (typeof SUBJECT_STATUSES)[number];

/** Visit and form completed status, in the order subject visits are listed (spec operations section 4). */
export const COMPLETED_STATUSES = [
  'Empty',
  'Started',
  'Completed',
  'QaValidated',
  'DmValidated',
  'QaAndDmValidated',
  'KioValidated',
] as const;
export type CompletedStatus = (typeof COMPLETED_STATUSES)[number];

export const VISIT_TYPES = ['Screening', 'Randomisation', 'Period', 'End'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];

export const SUBJECT_STATUS_COLOURS: Record<SubjectStatus, 'action' | 'orange' | 'green' | 'red' | 'blue'> = {
  Started: 'action',
  Screened: 'orange',
  Randomised: 'green',
  Failed: 'red',
  End: 'blue',
  EndAheadSchedule: 'red',
  Deleted: 'red',
};

export function completedStatusColour(s: CompletedStatus): 'blue' | 'turquoise' | 'green' | 'orange' {
  if (s === 'KioValidated') return 'blue';
  if (s === 'QaAndDmValidated') return 'turquoise';
  if (s === 'Completed') return 'green';
  return 'orange';
}

export const SCREENFAILER_REASON_SUGGESTIONS = [
  'Критерий исключения №',
  'Критерий включения №',
  'Критерий невключения №',
] as const;

/** What the action rules need to know about a subject. */
export interface SubjectFacts {
  status: SubjectStatus;
  isRandomised: boolean;
  isSigned: boolean;
  /** linked to the external trial system */
  drTrialId: string | null;
  visits: { visitType: VisitType; completedStatus: CompletedStatus }[];
}

export interface SubjectActor {
  organisationType: OrganisationType | null;
  employeeType: EmployeeType | null;
}

/** Every reason an action rule can give; each has a message in both languages (messages.ts). */
export const SUBJECT_RULE_CODES = [
  'forbidden',
  'subject_linked_externally',
  'subject_deleted',
  'subject_signed',
  'subject_not_screened',
  'subject_no_screening_visit',
  'subject_has_visits',
  'subject_not_randomised',
  'subject_ended',
  'subject_failed',
  'subject_not_ended',
  'subject_visits_not_validated',
  'subject_visit_signed',
  'visit_linked_externally',
  'visit_already_exists',
] as const;
export type SubjectRuleCode = (typeof SUBJECT_RULE_CODES)[number];

const isSiteUser = (a: SubjectActor) => a.organisationType === 'Site' || a.organisationType === 'TestSite';
const isEnded = (s: SubjectFacts) => s.status === 'End' || s.status === 'EndAheadSchedule';
const hasScreeningVisit = (s: SubjectFacts) => s.visits.some((v) => v.visitType === 'Screening');

/**
 * The action rules of spec operations section 5. Each returns null when allowed, or the reason it is
 * not (an error code for the server and a key for the web app). The spec's "no status filter active" is
 * a condition of the matrix screen, not of the subject, so it stays with the web app.
 *
 * Beyond the spec: a signed subject is locked (a signature covers the casebook as it was signed), so
 * edit, delete and every transition refuse it with subject_signed.
 */
export const subjectRules = {
  edit(s: SubjectFacts, a: SubjectActor): SubjectRuleCode | null {
    if (!isSiteUser(a)) return 'forbidden';
    if (s.drTrialId) return 'subject_linked_externally';
    if (s.status === 'Deleted') return 'subject_deleted';
    if (s.isSigned) return 'subject_signed';
    return null;
  },
  delete(s: SubjectFacts, a: SubjectActor): SubjectRuleCode | null {
    return subjectRules.edit(s, a);
  },
  randomise(s: SubjectFacts, a: SubjectActor): SubjectRuleCode | null {
    const base = subjectRules.edit(s, a);
    if (base) return base;
    if (s.status !== 'Screened' || s.isRandomised) return 'subject_not_screened';
    if (!hasScreeningVisit(s)) return 'subject_no_screening_visit';
    return null;
  },
  /** PUT Randomise: correct the randomisation of a randomised subject that has not ended. */
  updateRandomisation(s: SubjectFacts, a: SubjectActor): SubjectRuleCode | null {
    const base = subjectRules.edit(s, a);
    if (base) return base;
    if (isEnded(s)) return 'subject_ended';
    if (!s.isRandomised || s.status !== 'Randomised') return 'subject_not_randomised';
    return null;
  },
  fail(s: SubjectFacts, a: SubjectActor): SubjectRuleCode | null {
    const base = subjectRules.edit(s, a);
    if (base) return base;
    if (s.status !== 'Screened' || s.isRandomised) return 'subject_not_screened';
    if (s.visits.some((v) => v.visitType !== 'Screening') || s.visits.length > 1) return 'subject_has_visits';
    return null;
  },
  end(s: SubjectFacts, a: SubjectActor): SubjectRuleCode | null {
    const base = subjectRules.edit(s, a);
    if (base) return base;
    if (!s.isRandomised || s.isSigned || isEnded(s)) return 'subject_not_randomised';
    return null;
  },
  sign(s: SubjectFacts, a: SubjectActor): SubjectRuleCode | null {
    if (!isSiteUser(a)) return 'forbidden';
    if (s.drTrialId && a.employeeType !== 'PrincipalInvestigator') return 'forbidden';
    if (!isEnded(s) || s.isSigned) return 'subject_not_ended';
    if (!s.visits.every((v) => v.completedStatus === 'QaAndDmValidated' || v.completedStatus === 'KioValidated')) {
      return 'subject_visits_not_validated';
    }
    return null;
  },
} as const;

export type SubjectAction = keyof typeof subjectRules;

/** A subject visit may be created by a site user when the visit is not tied to the external system or repeats, once unless it repeats. */
export function canCreateSubjectVisit(
  a: SubjectActor,
  visit: { repeating: boolean; drTrialId: string | null },
  existingCount: number,
): SubjectRuleCode | null {
  if (!isSiteUser(a)) return 'forbidden';
  if (visit.drTrialId && !visit.repeating) return 'visit_linked_externally';
  if (!visit.repeating && existingCount > 0) return 'visit_already_exists';
  return null;
}

/**
 * What the subject itself allows of a new visit (beyond canCreateSubjectVisit): the subject must be
 * editable (not signed, not linked externally); a screen failure takes no further visits; while the
 * subject is only Started its first visit is the screening one (which makes it Screened).
 */
export function canAddVisitToSubject(s: SubjectFacts, a: SubjectActor, visitType: VisitType): SubjectRuleCode | null {
  const base = subjectRules.edit(s, a);
  if (base) return base;
  if (s.status === 'Failed') return 'subject_failed';
  if (s.status === 'Started' && visitType !== 'Screening') return 'subject_not_screened';
  return null;
}

/** A subject visit's date may change while the subject is editable and the visit is not signed. */
export function canChangeSubjectVisitDate(
  s: SubjectFacts,
  a: SubjectActor,
  subjectVisit: { signDate: string | null },
): SubjectRuleCode | null {
  const base = subjectRules.edit(s, a);
  if (base) return base;
  if (subjectVisit.signDate) return 'subject_visit_signed';
  return null;
}

/** The status a subject takes when a visit of this type is created: a Started subject's screening visit screens it. */
export function statusAfterVisit(status: SubjectStatus, visitType: VisitType): SubjectStatus {
  return status === 'Started' && visitType === 'Screening' ? 'Screened' : status;
}
