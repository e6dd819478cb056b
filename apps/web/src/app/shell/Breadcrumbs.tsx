import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, matchPath, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Me } from '@edc/domain';
import { NO_BREADCRUMB_PATHS, organisationCabinetPath } from '../routes';

interface Crumb {
  label: string;
  to?: string;
}

type CrumbBuilder = (params: Record<string, string | undefined>, t: TFunction, me: Me) => Crumb[];

/** Breadcrumbs of the built routes (after "Home"); later issues add theirs. */
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
        { label: t(`identity:cabinet.${p.tab === 'info' ? 'info' : 'title'}`) },
      ];
    },
  },
];

export function AppBreadcrumbs({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (NO_BREADCRUMB_PATHS.includes(pathname)) return null;
  let crumbs: Crumb[] = [];
  for (const def of CRUMBS) {
    const match = matchPath(def.path, pathname);
    if (match) {
      crumbs = def.build(match.params, t, me);
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
