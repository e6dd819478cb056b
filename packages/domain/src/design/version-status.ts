import type { ResearchVersionStatus, UserRole } from '../enums.js';

/**
 * The research version status machine (spec section 4): Designed → QaValidating → Testing → Working,
 * with two back actions. Locked and Archived are reached only by a direct status change.
 */
export const VERSION_ACTIONS = {
  StartQaValidating: { from: 'Designed', to: 'QaValidating' },
  StartTesting: { from: 'QaValidating', to: 'Testing' },
  StartWorking: { from: 'Testing', to: 'Working' },
  BackToDesigned: { from: 'QaValidating', to: 'Designed' },
  BackToQaValidating: { from: 'Testing', to: 'QaValidating' },
} as const satisfies Record<string, { from: ResearchVersionStatus; to: ResearchVersionStatus }>;

export type VersionAction = keyof typeof VERSION_ACTIONS;
export const VERSION_ACTION_NAMES = Object.keys(VERSION_ACTIONS) as VersionAction[];

/** The status an action leads to from `status`, or null when the action is not offered there. */
export function nextVersionStatus(status: ResearchVersionStatus, action: VersionAction): ResearchVersionStatus | null {
  const t = VERSION_ACTIONS[action];
  return t.from === status ? t.to : null;
}

/** The actions offered in a status (the buttons of the versions page). */
export function versionActionsFrom(status: ResearchVersionStatus): VersionAction[] {
  return VERSION_ACTION_NAMES.filter((a) => VERSION_ACTIONS[a].from === status);
}

/** Setting a status directly from the list is for user role admin only (spec section 6). */
export function canChangeVersionStatusDirectly(userRole: UserRole): boolean {
  return userRole === 'Admin';
}
