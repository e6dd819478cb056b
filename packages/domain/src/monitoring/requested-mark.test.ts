import { describe, expect, it } from 'vitest';
import { COMPLETED_STATUSES } from '../subjects/subject-status.js';
import { isRequestedByMonitor } from './requested-mark.js';

describe('isRequestedByMonitor', () => {
  it('marks a visit whose validation started until it is QA-and-DM or KIO validated', () => {
    const marked = COMPLETED_STATUSES.filter((s) =>
      isRequestedByMonitor({ startValidatingDate: '2026-11-27T10:00:00Z', formCompletedStatus: s }),
    );
    expect(marked).toEqual(COMPLETED_STATUSES.filter((s) => s !== 'QaAndDmValidated' && s !== 'KioValidated'));
  });

  it('never marks a visit whose validation has not started', () => {
    for (const s of COMPLETED_STATUSES)
      expect(isRequestedByMonitor({ startValidatingDate: null, formCompletedStatus: s })).toBe(false);
  });
});
