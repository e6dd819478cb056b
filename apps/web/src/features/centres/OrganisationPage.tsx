import Alert from '@mui/material/Alert';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Me } from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useMe, useOrganisation } from '../identity/api';
import { OrganisationDetails } from './OrganisationDetails';
import { OrganisationUsersPanel } from './OrganisationUsersPanel';
import { ReferencesPanel } from './ReferencesPanel';

const TABS = ['info', 'references'] as const;
type OrganisationTab = (typeof TABS)[number];

/** What the caller may do with an organisation's members (docs/permissions.md, organisations.policy). */
export function memberRights(me: Me | undefined, organisationId: string) {
  const membership = me?.organisationUsers.find((ou) => ou.organisation.id === organisationId && ou.isVerify);
  const role = membership?.userRoleString;
  const usersSettings = me?.permissions.includes('users_settings') ?? false;
  const organisationsSettings = me?.permissions.includes('organizations_settings') ?? false;
  return {
    canList: usersSettings || role === 'Admin' || role === 'Editor',
    canManage: usersSettings || role === 'Admin',
    canAdd: usersSettings,
    /** The organisation's details (PUT /Organisations/{id}). */
    canEdit: organisationsSettings || role === 'Admin' || role === 'Editor',
  };
}

/** /organizations/:organizationId/:tab — info (details and users) and references. */
export default function OrganisationPage() {
  const { t } = useTranslation();
  const { organizationId, tab } = useParams();
  const me = useMe();
  const organisation = useOrganisation(organizationId);
  if (!organizationId) return <Navigate to="/" replace />;
  if (!TABS.includes(tab as OrganisationTab)) return <Navigate to={`/organizations/${organizationId}/info`} replace />;
  const rights = memberRights(me.data, organizationId);
  const title = organisation.data?.shortName ?? t('centres:organisations.one');

  return (
    <>
      <PageTitle title={title}>{title}</PageTitle>
      <Tabs value={tab} aria-label={t('centres:organisations.tabs')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab
          value="info"
          label={t('centres:organisations.tab.info')}
          component={RouterLink}
          to={`/organizations/${organizationId}/info`}
        />
        <Tab
          value="references"
          label={t('centres:organisations.tab.references')}
          component={RouterLink}
          to={`/organizations/${organizationId}/references`}
        />
      </Tabs>
      {organisation.isLoading ? (
        <Loading />
      ) : !organisation.data ? (
        <Alert severity="error">{t('identity:cabinet.notFound')}</Alert>
      ) : tab === 'info' ? (
        <>
          <OrganisationDetails organisation={organisation.data} canEdit={rights.canEdit} />
          {rights.canList && (
            <OrganisationUsersPanel organisationId={organizationId} canManage={rights.canManage} canAdd={rights.canAdd} />
          )}
        </>
      ) : (
        <ReferencesPanel owner={{ kind: 'organisation', id: organizationId }} />
      )}
    </>
  );
}
