import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../messages.js';
import { addDays, formatDisplayDate } from './dates.js';
import { epochDay, heldVisitTiming, visitTiming, visitWindow } from './visit-window.js';
import {
  canAddVisitToSubject,
  canChangeSubjectVisitDate,
  statusAfterVisit,
  SUBJECT_RULE_CODES,
  SUBJECT_STATUSES,
  subjectRules,
  type SubjectFacts,
} from './subject-status.js';

const site = { organisationType: 'Site' as const, employeeType: 'CoResearcher' as const };
const testSite = { organisationType: 'TestSite' as const, employeeType: 'Nurse' as const };
const kio = { organisationType: 'Kio' as const, employeeType: 'Monitor' as const };
const subject = (over: Partial<SubjectFacts>): SubjectFacts => ({
  status: 'Screened',
  isRandomised: false,
  isSigned: false,
  drTrialId: null,
  visits: [{ visitType: 'Screening', completedStatus: 'Started' }],
  ...over,
});
const randomised = subject({ status: 'Randomised', isRandomised: true });

describe('rule codes', () => {
  it('every code the rules can give has a message in both languages', () => {
    for (const code of SUBJECT_RULE_CODES) {
      expect(ERROR_MESSAGES[code], code).toBeDefined();
    }
  });
});

describe('edit and delete', () => {
  it('site and test-site users may; others may not', () => {
    expect(subjectRules.edit(subject({}), site)).toBeNull();
    expect(subjectRules.edit(subject({}), testSite)).toBeNull();
    expect(subjectRules.edit(subject({}), kio)).toBe('forbidden');
    expect(subjectRules.delete(subject({}), { organisationType: null, employeeType: null })).toBe('forbidden');
  });

  it('refuses subjects linked externally, deleted or signed', () => {
    expect(subjectRules.edit(subject({ drTrialId: 'T-1' }), site)).toBe('subject_linked_externally');
    expect(subjectRules.edit(subject({ status: 'Deleted' }), site)).toBe('subject_deleted');
    expect(subjectRules.delete(subject({ status: 'End', isRandomised: true, isSigned: true }), site)).toBe('subject_signed');
  });
});

describe('updateRandomisation', () => {
  it('only a randomised subject that has not ended', () => {
    expect(subjectRules.updateRandomisation(randomised, site)).toBeNull();
    expect(subjectRules.updateRandomisation(subject({}), site)).toBe('subject_not_randomised');
    expect(subjectRules.updateRandomisation({ ...randomised, status: 'End' }, site)).toBe('subject_ended');
    expect(subjectRules.updateRandomisation({ ...randomised, status: 'EndAheadSchedule' }, site)).toBe('subject_ended');
    expect(subjectRules.updateRandomisation({ ...randomised, status: 'End', isSigned: true }, site)).toBe('subject_signed');
    expect(subjectRules.updateRandomisation(randomised, kio)).toBe('forbidden');
  });
});

describe('transitions from every status', () => {
  const facts = (status: (typeof SUBJECT_STATUSES)[number]) =>
    subject({ status, isRandomised: ['Randomised', 'End', 'EndAheadSchedule'].includes(status) });
  it.each([
    ['Started', 'subject_not_screened', 'subject_not_screened', 'subject_not_randomised'],
    ['Screened', null, null, 'subject_not_randomised'],
    ['Randomised', 'subject_not_screened', 'subject_not_screened', null],
    ['Failed', 'subject_not_screened', 'subject_not_screened', 'subject_not_randomised'],
    ['End', 'subject_not_screened', 'subject_not_screened', 'subject_not_randomised'],
    ['EndAheadSchedule', 'subject_not_screened', 'subject_not_screened', 'subject_not_randomised'],
    ['Deleted', 'subject_deleted', 'subject_deleted', 'subject_deleted'],
  ] as const)('%s: randomise %s, fail %s, end %s', (status, randomise, fail, end) => {
    expect(subjectRules.randomise(facts(status), site)).toBe(randomise);
    expect(subjectRules.fail(facts(status), site)).toBe(fail);
    expect(subjectRules.end(facts(status), site)).toBe(end);
  });
});

describe('new visits and visit dates', () => {
  it('a Started subject takes the screening visit first', () => {
    const started = subject({ status: 'Started', visits: [] });
    expect(canAddVisitToSubject(started, site, 'Screening')).toBeNull();
    expect(canAddVisitToSubject(started, site, 'Period')).toBe('subject_not_screened');
    expect(canAddVisitToSubject(subject({}), site, 'Period')).toBeNull();
  });

  it('a screen failure or a signed subject takes no visits; an ended one still does', () => {
    expect(canAddVisitToSubject(subject({ status: 'Failed' }), site, 'Period')).toBe('subject_failed');
    expect(canAddVisitToSubject({ ...randomised, status: 'End', isSigned: true }, site, 'End')).toBe('subject_signed');
    expect(canAddVisitToSubject({ ...randomised, status: 'End' }, site, 'End')).toBeNull();
    expect(canAddVisitToSubject(subject({}), kio, 'Period')).toBe('forbidden');
  });

  it('a signed visit keeps its date', () => {
    expect(canChangeSubjectVisitDate(subject({}), site, { signDate: null })).toBeNull();
    expect(canChangeSubjectVisitDate(subject({}), site, { signDate: '2026-01-01' })).toBe('subject_visit_signed');
    expect(canChangeSubjectVisitDate(subject({ drTrialId: 'x' }), site, { signDate: null })).toBe('subject_linked_externally');
  });

  it('the screening visit screens a Started subject, nothing else changes the status', () => {
    expect(statusAfterVisit('Started', 'Screening')).toBe('Screened');
    expect(statusAfterVisit('Started', 'Period')).toBe('Started');
    expect(statusAfterVisit('Randomised', 'Screening')).toBe('Randomised');
  });
});

describe('display dates', () => {
  it('shows YYYY-MM-DD as DD.MM.YYYY', () => {
    expect(formatDisplayDate('2026-03-07')).toBe('07.03.2026');
  });
});

describe('heldVisitTiming', () => {
  it('agrees with visitTiming(visitWindow(...)) around every window edge, across months and leap days', () => {
    const types = ['Screening', 'Randomisation', 'Period', 'End'] as const;
    const subjects = [
      { screenDate: '2024-02-20', randomizationDate: '2024-02-28' },
      { screenDate: '2025-12-25', randomizationDate: null },
      { screenDate: '2026-01-31', randomizationDate: '2026-03-01' },
    ];
    let checked = 0;
    for (const subject of subjects) {
      for (const visitType of types) {
        for (const dayNumber of [-3, 0, 1, 14, 29, 365]) {
          for (const dayPlus of [0, 2]) {
            const visit = { visitType, dayNumber, dayPlus, dayMinus: 1 };
            const window = visitWindow(visit, subject);
            for (let d = -3; d <= 3; d++) {
              const heldOn = addDays(window.to, d);
              expect(heldVisitTiming(visit, subject, heldOn)).toBe(visitTiming(window, heldOn, '2030-01-01'));
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBe(3 * 4 * 6 * 2 * 7);
  });

  it('counts days since 1970', () => {
    expect(epochDay('1970-01-01')).toBe(0);
    expect(epochDay('1970-01-02')).toBe(1);
    expect(epochDay('1969-12-31')).toBe(-1);
    expect(epochDay('2024-03-01') - epochDay('2024-02-28')).toBe(2);
    expect(epochDay('2023-03-01') - epochDay('2023-02-28')).toBe(1);
    expect(epochDay('2000-03-01') - epochDay('2000-02-28')).toBe(2);
    expect(epochDay('1900-03-01') - epochDay('1900-02-28')).toBe(1);
  });

  it('counts days as Date.UTC does, for every date from 1800 to 2400', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1800-01-01T00:00:00Z'), max: new Date('2400-12-31T00:00:00Z'), noInvalidDate: true }),
        (d) => {
          const date = d.toISOString().slice(0, 10);
          expect(epochDay(date)).toBe(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) / 86_400_000);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
