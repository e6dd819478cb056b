import { describe, expect, it } from 'vitest';
import { addDays } from './dates.js';
import { canCreateSubjectVisit, completedStatusColour, subjectRules, type SubjectFacts } from './subject-status.js';
import { visitTiming, visitWindow } from './visit-window.js';

const site = { organisationType: 'Site' as const, employeeType: 'CoResearcher' as const };
const qa = { organisationType: 'Qa' as const, employeeType: 'SpecialistQa' as const };
const subject = (over: Partial<SubjectFacts>): SubjectFacts => ({
  status: 'Screened',
  isRandomised: false,
  isSigned: false,
  drTrialId: null,
  visits: [{ visitType: 'Screening', completedStatus: 'Started' }],
  ...over,
});

describe('subject action rules', () => {
  it('randomise: screened, not randomised, with a screening visit, by a site user', () => {
    expect(subjectRules.randomise(subject({}), site)).toBeNull();
    expect(subjectRules.randomise(subject({}), qa)).toBe('forbidden');
    expect(subjectRules.randomise(subject({ status: 'Started' }), site)).toBe('subject_not_screened');
    expect(subjectRules.randomise(subject({ visits: [] }), site)).toBe('subject_no_screening_visit');
    expect(subjectRules.randomise(subject({ drTrialId: 'x' }), site)).toBe('subject_linked_externally');
  });

  it('screenfailer: screened, not randomised, no visits or only the screening one', () => {
    expect(subjectRules.fail(subject({}), site)).toBeNull();
    expect(subjectRules.fail(subject({ visits: [] }), site)).toBeNull();
    expect(
      subjectRules.fail(
        subject({
          visits: [
            { visitType: 'Screening', completedStatus: 'Empty' },
            { visitType: 'Period', completedStatus: 'Empty' },
          ],
        }),
        site,
      ),
    ).toBe('subject_has_visits');
    expect(subjectRules.fail(subject({ status: 'Randomised', isRandomised: true }), site)).toBe('subject_not_screened');
  });

  it('end: randomised, unsigned, not ended', () => {
    expect(subjectRules.end(subject({ status: 'Randomised', isRandomised: true }), site)).toBeNull();
    expect(subjectRules.end(subject({}), site)).toBe('subject_not_randomised');
    expect(subjectRules.end(subject({ status: 'End', isRandomised: true }), site)).toBe('subject_not_randomised');
  });

  it('sign: ended, unsigned, every visit QA-and-DM or KIO validated; externally linked only by a PI', () => {
    const done = subject({
      status: 'End',
      isRandomised: true,
      visits: [
        { visitType: 'Screening', completedStatus: 'KioValidated' },
        { visitType: 'Period', completedStatus: 'QaAndDmValidated' },
      ],
    });
    expect(subjectRules.sign(done, site)).toBeNull();
    expect(subjectRules.sign({ ...done, visits: [{ visitType: 'Period', completedStatus: 'Completed' }] }, site)).toBe(
      'subject_visits_not_validated',
    );
    expect(subjectRules.sign({ ...done, isSigned: true }, site)).toBe('subject_not_ended');
    expect(subjectRules.sign({ ...done, drTrialId: 'x' }, site)).toBe('forbidden');
    expect(subjectRules.sign({ ...done, drTrialId: 'x' }, { ...site, employeeType: 'PrincipalInvestigator' })).toBeNull();
  });

  it('subject visits: once unless repeating; not for externally tied ones unless repeating', () => {
    expect(canCreateSubjectVisit(site, { repeating: false, drTrialId: null }, 0)).toBeNull();
    expect(canCreateSubjectVisit(site, { repeating: false, drTrialId: null }, 1)).toBe('visit_already_exists');
    expect(canCreateSubjectVisit(site, { repeating: true, drTrialId: 'x' }, 3)).toBeNull();
    expect(canCreateSubjectVisit(site, { repeating: false, drTrialId: 'x' }, 0)).toBe('visit_linked_externally');
    expect(canCreateSubjectVisit(qa, { repeating: true, drTrialId: null }, 0)).toBe('forbidden');
  });

  it('colours by completed status', () => {
    expect(completedStatusColour('KioValidated')).toBe('blue');
    expect(completedStatusColour('QaAndDmValidated')).toBe('turquoise');
    expect(completedStatusColour('Completed')).toBe('green');
    expect(completedStatusColour('QaValidated')).toBe('orange');
  });
});

describe('dates and windows', () => {
  it('adds days across months', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('anchors windows on randomisation after it, on screening before it', () => {
    const s = { screenDate: '2026-01-01', randomizationDate: '2026-01-10' };
    expect(visitWindow({ visitType: 'Screening', dayNumber: 0, dayPlus: 0, dayMinus: 0 }, s).target).toBe('2026-01-01');
    const w = visitWindow({ visitType: 'Period', dayNumber: 14, dayPlus: 2, dayMinus: 1 }, s);
    expect(w).toEqual({ target: '2026-01-24', from: '2026-01-23', to: '2026-01-26' });
    expect(
      visitWindow({ visitType: 'Period', dayNumber: 14, dayPlus: 0, dayMinus: 0 }, { ...s, randomizationDate: null }).target,
    ).toBe('2026-01-15');
    expect(visitTiming(w, '2026-01-26', '2026-02-01')).toBe('onTime');
    expect(visitTiming(w, '2026-01-27', '2026-02-01')).toBe('overdue');
    expect(visitTiming(w, null, '2026-01-26')).toBe('upcoming');
    expect(visitTiming(w, null, '2026-01-27')).toBe('overdue');
  });
});
