import type { OrganisationType, UserRole } from '../enums.js';

/**
 * How far a caller sees the subjects of a research (docs/subjects.md, "Who sees what"):
 * - 'research': every centre — user roles Admin and Editor (in any research, which they may name), and
 *   employees of the research's admin, QA and monitoring (KIO) centres (in their current research);
 * - 'centre': only the caller's own centre — site and test-site employees;
 * - null: no subjects at all.
 */
export type SubjectReadScope = 'research' | 'centre' | null;

export const isAdministratorRole = (role: UserRole) => role === 'Admin' || role === 'Editor';

export function subjectReadScope(ctx: { userRole: UserRole; organisationType: OrganisationType | null }): SubjectReadScope {
  if (isAdministratorRole(ctx.userRole)) return 'research';
  switch (ctx.organisationType) {
    case 'Admin':
    case 'Qa':
    case 'Kio':
      return 'research';
    case 'Site':
    case 'TestSite':
      return 'centre';
    default:
      return null;
  }
}
