import { describe, expect, it } from 'vitest';
import {
  FINAL_MEDICATION_STATUSES,
  MANUAL_MEDICATION_ACTIONS,
  manualActionsFor,
  MEDICATION_ACTIONS,
  MEDICATION_STATUSES,
  nextMedicationStatus,
} from './medication-status.js';

describe('medication statuses', () => {
  it('are the spec’s nineteen', () => {
    expect(MEDICATION_STATUSES).toHaveLength(19);
    expect(new Set(MEDICATION_STATUSES).size).toBe(19);
  });

  it('follow the supply chain from the depot to the subject', () => {
    const path = ['register', 'packUp', 'qaApprove', 'ship', 'accept', 'dispense', 'confirmDispense'] as const;
    let status: (typeof MEDICATION_STATUSES)[number] | null = 'Unknown';
    const seen = [];
    for (const action of path) {
      status = nextMedicationStatus(status!, action);
      seen.push(status);
    }
    expect(seen).toEqual(['Created', 'PackUpped', 'QaApproved', 'ShipToSite', 'AcceptedInSite', 'Dispensed', 'ConfirmDispense']);
  });

  it('never dispenses a kit that is not accepted at a site, expired or frozen', () => {
    for (const s of MEDICATION_STATUSES) {
      expect(nextMedicationStatus(s, 'dispense') !== null, s).toBe(s === 'AcceptedInSite');
    }
    expect(nextMedicationStatus('Expired', 'releaseAtSite')).toBeNull();
  });

  it('lets every status but the final ones move on, and none move out of Destroyed or Lost', () => {
    expect([...FINAL_MEDICATION_STATUSES].sort()).toEqual(['Destroyed', 'Lost']);
    for (const s of MEDICATION_STATUSES) {
      const movesOn = MEDICATION_ACTIONS.some((a) => nextMedicationStatus(s, a) !== null);
      expect(movesOn, s).toBe(!['Destroyed', 'Lost'].includes(s));
    }
  });

  it('reaches every status from Unknown', () => {
    const reached = new Set<string>(['Unknown']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const s of [...reached]) {
        for (const a of MEDICATION_ACTIONS) {
          const to = nextMedicationStatus(s as never, a);
          if (to && !reached.has(to)) {
            reached.add(to);
            grew = true;
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...MEDICATION_STATUSES].sort());
  });

  it('offers by hand only actions that are not part of a shipment, a dosing or the expiry sweep', () => {
    for (const a of ['register', 'ship', 'accept', 'dispense', 'confirmDispense', 'missDispense', 'expire']) {
      expect(MANUAL_MEDICATION_ACTIONS as readonly string[]).not.toContain(a);
    }
  });

  it('offers a kit by hand exactly the manual actions the table allows from its status', () => {
    expect(manualActionsFor('Created')).toEqual(['packUp', 'qaApprove', 'freeze', 'requestLost']);
    expect(manualActionsFor('AcceptedInSite')).toEqual(['freeze', 'requestLost', 'requestReturn']);
    expect(manualActionsFor('Destroyed')).toEqual([]);
    for (const s of MEDICATION_STATUSES) {
      for (const a of manualActionsFor(s)) expect(nextMedicationStatus(s, a), `${s} × ${a}`).not.toBeNull();
    }
  });
});
