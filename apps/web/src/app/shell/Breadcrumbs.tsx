import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, matchPath, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Me } from '@edc/domain';
import { NO_BREADCRUMB_PATHS, organisationCabinetPath } from '../routes';
import { useSubjectCrumbLabel } from '../../features/subjects/crumb';
import { useSubjectVisitCrumbs } from '../../features/subject-visit/crumb';
import { useMonitoringVisitCrumbLabel } from '../../features/monitoring/crumb';

interface Crumb {
  label: string;
  to?: string;
}

/** Labels of dynamic segments that come from a page's data (undefined until it is loaded). */
interface DataLabels {
  subject?: string;
  /** The subject visit page: its subject (number and id), its visit, and the monitoring visit it was opened from. */
  visitSubject?: string;
  visitSubjectId?: string;
  visit?: string;
  monitoringVisitId?: string | null;
  /** The monitoring visit page: its period. */
  monitoringVisit?: string;
}

type CrumbBuilder = (params: Record<string, string | undefined>, t: TFunction, me: Me, labels: DataLabels) => Crumb[];

/** The last crumb of a tabbed page: the tab's label, when the tab is a known one (pages redirect otherwise). */
function tabCrumb(t: TFunction, group: 'tab' | 'centreTab', tab: string | undefined): Crumb[] {
  const key = `shell:crumbs.${group}.${tab ?? ''}`;
  return tab && t(key, { defaultValue: '' }) ? [{ label: t(key) }] : [];
}

const researchSettings = (t: TFunction): Crumb => ({ label: t('shell:menu.researchSettings') });
const administration = (t: TFunction): Crumb => ({ label: t('shell:menu.administration') });
const visitsList = (t: TFunction, visitId?: string): Crumb => ({
  label: t('shell:crumbs.visits'),
  to: visitId ? `/researchSettings/visits?visitId=${visitId}` : '/researchSettings/visits',
});

/** The way to a subject visit: the subject matrix (or the monitoring visit it was opened from), the subject, the visit. */
function subjectVisitCrumbs(t: TFunction, labels: DataLabels, visitTo?: string): Crumb[] {
  return [
    ...(labels.monitoringVisitId
      ? [
          { label: t('shell:menu.monitoringVisits'), to: '/monitoringVisits' },
          { label: t('shell:crumbs.monitoringVisit'), to: `/monitoringVisits/${labels.monitoringVisitId}` },
        ]
      : [{ label: t('shell:menu.subjectMatrix'), to: '/subjectmatrix' }]),
    {
      label: labels.visitSubject ?? t('shell:crumbs.subject'),
      ...(labels.visitSubjectId ? { to: `/subject/${labels.visitSubjectId}/visits` } : {}),
    },
    { label: labels.visit ?? t('shell:crumbs.subjectVisit'), ...(visitTo ? { to: visitTo } : {}) },
  ];
}

/**
 * Breadcrumbs of the built routes (after "Home"); every protected path of routes.ts BUILT_ROUTES has
 * an entry here, except those of NO_BREADCRUMB_PATHS.
 */
const CRUMBS: Array<{ path: string; build: CrumbBuilder }> = [
  { path: '/profile', build: (_, t) => [{ label: t('shell:menu.profile') }] },
  { path: '/pageAtWork', build: (_, t) => [{ label: t('shell:pageAtWork.title') }] },
  {
    path: '/organizationCabinets/:organizationId/:tab',
    build: (p, t, me) => {
      const org = me.organisationUsers.find((ou) => ou.organisation.id === p.organizationId)?.organisation;
      return [
        { label: t('shell:menu.organisations') },
        { label: org?.shortName ?? t('identity:cabinet.title'), to: organisationCabinetPath(p.organizationId ?? '') },
        ...tabCrumb(t, 'tab', p.tab),
      ];
    },
  },
  { path: '/researchSettings/visits', build: (_, t) => [researchSettings(t), { label: t('shell:crumbs.visits') }] },
  { path: '/researchSettings/timePoints', build: (_, t) => [researchSettings(t), { label: t('shell:crumbs.timePoints') }] },
  {
    path: '/researchSettings/versions/:tab',
    build: (p, t) => [
      researchSettings(t),
      { label: t('shell:menu.versions'), to: '/researchSettings/versions/research' },
      ...(p.tab === 'research' || p.tab === 'protocol' ? [{ label: t(`shell:crumbs.versionsTab.${p.tab}`) }] : []),
    ],
  },
  {
    path: '/visits/:visitId',
    build: (p, t) => [researchSettings(t), visitsList(t, p.visitId), { label: t('shell:crumbs.visit') }],
  },
  {
    path: '/visits/:visitId/form/:formId',
    build: (p, t) => [
      researchSettings(t),
      visitsList(t, p.visitId),
      { label: t('shell:crumbs.visit'), to: `/visits/${p.visitId ?? ''}?formId=${p.formId ?? ''}` },
      { label: t('shell:crumbs.formEditor') },
    ],
  },
  { path: '/forms', build: (_, t) => [administration(t), { label: t('shell:menu.forms') }] },
  { path: '/users', build: (_, t) => [{ label: t('shell:crumbs.users') }] },
  { path: '/researchSettings/centers', build: (_, t) => [researchSettings(t), { label: t('shell:crumbs.centres') }] },
  {
    path: '/centers/:centerId/:tab',
    build: (p, t) => [
      researchSettings(t),
      { label: t('shell:crumbs.centres'), to: '/researchSettings/centers' },
      { label: t('shell:crumbs.centre'), to: `/centers/${p.centerId ?? ''}/info` },
      ...tabCrumb(t, 'centreTab', p.tab),
    ],
  },
  { path: '/organizations', build: (_, t) => [administration(t), { label: t('shell:menu.organisationSettings') }] },
  {
    path: '/organizations/:organizationId/:tab',
    build: (p, t) => [
      administration(t),
      { label: t('shell:menu.organisationSettings'), to: '/organizations' },
      { label: t('shell:crumbs.organisation'), to: `/organizations/${p.organizationId ?? ''}/info` },
      ...tabCrumb(t, 'tab', p.tab),
    ],
  },
  { path: '/researchReferences', build: (_, t) => [{ label: t('shell:crumbs.references') }] },
  { path: '/researches', build: (_, t) => [administration(t), { label: t('shell:menu.researches') }] },
  { path: '/researchInfo/:researchId', build: (_, t) => [{ label: t('shell:menu.researchInfo') }] },
  { path: '/administration/audit', build: (_, t) => [administration(t), { label: t('shell:menu.audit') }] },
  { path: '/queries', build: (_, t) => [{ label: t('shell:menu.queries') }] },
  { path: '/rules', build: (_, t) => [{ label: t('shell:menu.rules') }] },
  { path: '/dataExchange', build: (_, t) => [{ label: t('shell:menu.dataExchange') }] },
  { path: '/dosings', build: (_, t) => [{ label: t('shell:menu.dosings') }] },
  { path: '/iwrs/:tab', build: (_, t) => [{ label: t('shell:menu.iwrs') }] },
  {
    path: '/subject/:subjectId/:tab',
    build: (p, t, _me, labels) => [
      { label: t('shell:menu.subjectMatrix'), to: '/subjectmatrix' },
      { label: labels.subject ?? t('shell:crumbs.subject') },
      ...tabCrumb(t, 'tab', p.tab),
    ],
  },
  { path: '/research/statistic', build: (_, t) => [{ label: t('shell:menu.researchStatistic') }] },
  { path: '/research/visits', build: (_, t) => [{ label: t('shell:menu.researchVisits') }] },
  { path: '/summary', build: (_, t) => [{ label: t('shell:menu.summary') }] },
  { path: '/journals', build: (_, t) => [{ label: t('shell:menu.journals') }] },
  {
    path: '/researchSettings/documents/:tab',
    build: (_, t) => [researchSettings(t), { label: t('shell:menu.researchDocuments') }],
  },
  {
    path: '/researchSettings/monitoringVisits',
    build: (_, t) => [researchSettings(t), { label: t('shell:menu.researchMonitoringVisits') }],
  },
  {
    path: '/monitoringVisits/:monitoringVisitId',
    build: (_p, t, _me, labels) => [
      { label: t('shell:menu.monitoringVisits'), to: '/monitoringVisits' },
      { label: labels.monitoringVisit ?? t('shell:crumbs.monitoringVisit') },
    ],
  },
  {
    // From a monitoring visit (`?monitoringVisitId=`) the path leads back to it (spec section 2).
    path: '/subjectVisit/:subjectVisitId',
    build: (_p, t, _me, labels) => subjectVisitCrumbs(t, labels),
  },
  {
    path: '/subjectVisit/:subjectVisitId/timePoints',
    build: (p, t, _me, labels) => [
      ...subjectVisitCrumbs(t, labels, `/subjectVisit/${p.subjectVisitId ?? ''}`),
      { label: t('shell:crumbs.timePoints') },
    ],
  },
];

export function AppBreadcrumbs({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const subjectLabel = useSubjectCrumbLabel(matchPath('/subject/:subjectId/:tab', pathname)?.params.subjectId);
  const visitCrumbs = useSubjectVisitCrumbs(
    (matchPath('/subjectVisit/:subjectVisitId', pathname) ?? matchPath('/subjectVisit/:subjectVisitId/timePoints', pathname))
      ?.params.subjectVisitId,
  );
  const monitoringVisitLabel = useMonitoringVisitCrumbLabel(
    matchPath('/monitoringVisits/:monitoringVisitId', pathname)?.params.monitoringVisitId,
  );
  if (NO_BREADCRUMB_PATHS.includes(pathname)) return null;
  let crumbs: Crumb[] = [];
  for (const def of CRUMBS) {
    const match = matchPath(def.path, pathname);
    if (match) {
      crumbs = def.build(match.params, t, me, {
        subject: subjectLabel,
        visitSubject: visitCrumbs.subject,
        visitSubjectId: visitCrumbs.subjectId,
        visit: visitCrumbs.visit,
        monitoringVisitId: search.get('monitoringVisitId'),
        monitoringVisit: monitoringVisitLabel,
      });
      break;
    }
  }
  const all: Crumb[] = [{ label: t('shell:home'), to: '/' }, ...crumbs];
  return (
    <Breadcrumbs aria-label={t('shell:breadcrumbs')} sx={{ mb: 2 }}>
      {all.map((c, i) =>
        c.to && i < all.length - 1 ? (
          <Link key={i} component={RouterLink} to={c.to} underline="hover" color="inherit">
            {c.label}
          </Link>
        ) : (
          <Typography
            key={i}
            color={i === all.length - 1 ? 'text.primary' : 'text.secondary'}
            aria-current={i === all.length - 1 ? 'page' : undefined}
          >
            {c.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
