import { describe, expect, it } from 'vitest';
import { RESEARCH_VERSION_STATUSES, USER_ROLES } from '../enums.js';
import {
  canChangeVersionStatusDirectly,
  nextVersionStatus,
  VERSION_ACTION_NAMES,
  versionActionsFrom,
  type VersionAction,
} from './version-status.js';

describe('research version status machine', () => {
  const allowed: [string, VersionAction, string][] = [
    ['Designed', 'StartQaValidating', 'QaValidating'],
    ['QaValidating', 'StartTesting', 'Testing'],
    ['Testing', 'StartWorking', 'Working'],
    ['QaValidating', 'BackToDesigned', 'Designed'],
    ['Testing', 'BackToQaValidating', 'QaValidating'],
  ];
  it.each(allowed)('%s --%s--> %s', (from, action, to) => {
    expect(nextVersionStatus(from as never, action)).toBe(to);
  });

  it('refuses every other pair', () => {
    for (const status of RESEARCH_VERSION_STATUSES) {
      for (const action of VERSION_ACTION_NAMES) {
        const ok = allowed.some(([f, a]) => f === status && a === action);
        expect(nextVersionStatus(status, action) !== null, `${status} ${action}`).toBe(ok);
      }
    }
  });

  it('offers forward and back actions by status', () => {
    expect(versionActionsFrom('Designed')).toEqual(['StartQaValidating']);
    expect(versionActionsFrom('QaValidating').sort()).toEqual(['BackToDesigned', 'StartTesting']);
    expect(versionActionsFrom('Testing').sort()).toEqual(['BackToQaValidating', 'StartWorking']);
    expect(versionActionsFrom('Working')).toEqual([]);
    expect(versionActionsFrom('Locked')).toEqual([]);
  });

  it('lets only user role admin set a status directly', () => {
    expect(USER_ROLES.filter(canChangeVersionStatusDirectly)).toEqual(['Admin']);
  });
});
