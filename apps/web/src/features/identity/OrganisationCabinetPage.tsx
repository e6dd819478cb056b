import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { organisationCabinetPath } from '../../app/routes';
import { useMe, useOrganisation, useSetCurrentOrganisationUser } from './api';
import { CabinetReferences, CabinetResearches, CabinetTemplates, CabinetUsers, memberRights } from '../centres/CabinetTabs';
import { OrganisationDetails } from '../centres/OrganisationDetails';

/** Tabs of the organisation cabinet: General info, Users (its admins and editors), References, Form templates. */
const CABINET_TABS = ['info', 'users', 'references', 'templates'] as const;
type CabinetTab = (typeof CABINET_TABS)[number];

/** /organizationCabinets/:organizationId/:tab */
export default function OrganisationCabinetPage() {
  const { t } = useTranslation();
  const { organizationId, tab } = useParams();
  const me = useMe();
  const organisation = useOrganisation(organizationId);
  const setCurrent = useSetCurrentOrganisationUser();

  if (!organizationId) return <Navigate to="/" replace />;
  const membership = me.data?.organisationUsers.find((ou) => ou.organisation.id === organizationId);
  // The Users tab is for the organisation's admins and editors only.
  const usersTab =
    membership?.isVerify === true && (membership.userRoleString === 'Admin' || membership.userRoleString === 'Editor');
  if (!CABINET_TABS.includes(tab as CabinetTab) || (tab === 'users' && me.data && !usersTab))
    return <Navigate to={organisationCabinetPath(organizationId)} replace />;
  const isCurrent = membership !== undefined && membership.id === me.data?.currentOrganisationUserId;
  const data = organisation.data ?? membership?.organisation;

  return (
    <>
      <PageTitle title={data?.shortName ?? t('identity:cabinet.title')}>
        {data?.shortName ?? t('identity:cabinet.title')}
        {isCurrent && <Chip label={t('identity:current')} color="primary" size="small" sx={{ ml: 2, verticalAlign: 'middle' }} />}
      </PageTitle>
      <Tabs
        value={tab}
        aria-label={t('identity:cabinet.tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="info"
          label={t('identity:cabinet.info')}
          component={RouterLink}
          to={organisationCabinetPath(organizationId, 'info')}
        />
        {usersTab && (
          <Tab
            value="users"
            label={t('centres:cabinet.users')}
            component={RouterLink}
            to={organisationCabinetPath(organizationId, 'users')}
          />
        )}
        <Tab
          value="references"
          label={t('centres:cabinet.references')}
          component={RouterLink}
          to={organisationCabinetPath(organizationId, 'references')}
        />
        <Tab
          value="templates"
          label={t('centres:cabinet.templates')}
          component={RouterLink}
          to={organisationCabinetPath(organizationId, 'templates')}
        />
      </Tabs>
      {!data && organisation.isLoading ? (
        <Loading />
      ) : !data ? (
        <Alert severity="error">{t('identity:cabinet.notFound')}</Alert>
      ) : tab === 'users' ? (
        <CabinetUsers me={me.data} organisationId={organizationId} />
      ) : tab === 'references' ? (
        <CabinetReferences organisationId={organizationId} />
      ) : tab === 'templates' ? (
        <CabinetTemplates me={me.data} organisationId={organizationId} />
      ) : (
        <>
          <OrganisationDetails
            organisation={data}
            canEdit={organisation.data !== undefined && memberRights(me.data, organizationId).canEdit}
          >
            {membership && !isCurrent && (
              <Button variant="contained" loading={setCurrent.isPending} onClick={() => setCurrent.mutate(membership.id)}>
                {t('identity:cabinet.makeCurrent')}
              </Button>
            )}
          </OrganisationDetails>
          <CabinetResearches me={me.data} organisationId={organizationId} />
        </>
      )}
    </>
  );
}
