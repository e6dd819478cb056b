import { matchPath } from 'react-router-dom';

/**
 * The protected routes this build of the app has. The home redirect, the side menu and the external
 * entry only lead to routes listed here; a later issue that builds a page adds its path here (and its
 * element in App.tsx, and its menu item in shell/menu.ts).
 */
export const BUILT_ROUTES = [
  '/',
  '/profile',
  '/pageAtWork',
  '/organizationCabinets/:organizationId/:tab',
  '/researchSettings/visits',
  '/researchSettings/versions/:tab',
  '/researchSettings/timePoints',
  '/visits/:visitId',
  '/visits/:visitId/form/:formId',
  '/forms',
  '/users',
  '/researchSettings/centers',
  '/centers/:centerId/:tab',
  '/organizations',
  '/organizations/:organizationId/:tab',
  '/researchReferences',
  '/researches',
  '/researchInfo/:researchId',
  '/subjectmatrix',
  '/subject/:subjectId/:tab',
  '/subjectVisit/:subjectVisitId',
  '/subjectVisit/:subjectVisitId/timePoints',
  '/administration/audit',
  '/queries',
  '/rules',
  '/qaValidation/visits',
  '/qaValidation/notes',
  '/dataExchange',
  '/dosings',
  '/iwrs/:tab',
  '/monitoringVisits',
  '/monitoringVisits/:monitoringVisitId',
  '/researchSettings/monitoringVisits',
  '/researchSettings/documents/:tab',
  '/research/statistic',
  '/research/visits',
  '/summary',
  '/journals',
  // Outside the shell: opened in a new tab by the documents lists (no menu item, no breadcrumbs).
  '/pdfViewer',
] as const;

export const FALLBACK_HOME = '/pageAtWork';

/** Whether a concrete path (such as me.homePath) is served by a built route. */
export function isBuiltRoute(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return BUILT_ROUTES.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** Where the app should go for a home path computed by the server. */
export function resolveHome(homePath: string | undefined | null): string {
  if (!homePath || homePath === '/chooseOrganisation') return '/';
  return isBuiltRoute(homePath) ? homePath : FALLBACK_HOME;
}

/** Breadcrumbs are not shown on these paths (spec section 2, "Shell"). */
export const NO_BREADCRUMB_PATHS = ['/', '/subjectmatrix', '/monitoringVisits', '/pdfViewer'];

export const organisationCabinetPath = (organisationId: string, tab = 'info') => `/organizationCabinets/${organisationId}/${tab}`;
