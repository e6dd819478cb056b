import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { organisationCabinetPath } from '../../app/routes';
import { useMe, useOrganisation, useSetCurrentOrganisationUser } from './api';
import { CabinetReferences, CabinetResearches, CabinetUsers } from '../centres/CabinetTabs';

/** Built tabs of the organisation cabinet; a later issue adds templates. */
const CABINET_TABS = ['info', 'users', 'references'] as const;
type CabinetTab = (typeof CABINET_TABS)[number];

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box component="div" sx={{ py: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

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
      </Tabs>
      {!data && organisation.isLoading ? (
        <Loading />
      ) : !data ? (
        <Alert severity="error">{t('identity:cabinet.notFound')}</Alert>
      ) : tab === 'users' ? (
        <CabinetUsers me={me.data} organisationId={organizationId} />
      ) : tab === 'references' ? (
        <CabinetReferences organisationId={organizationId} />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
            <Box component="dl" sx={{ m: 0 }}>
              <Field label={t('identity:organisation.name')} value={data.name} />
              <Field label={t('identity:organisation.shortName')} value={data.shortName} />
              <Field label={t('identity:organisation.address')} value={data.address} />
            </Box>
            {membership && !isCurrent && (
              <Button
                variant="contained"
                sx={{ mt: 2 }}
                loading={setCurrent.isPending}
                onClick={() => setCurrent.mutate(membership.id)}
              >
                {t('identity:cabinet.makeCurrent')}
              </Button>
            )}
          </Paper>
          <CabinetResearches me={me.data} organisationId={organizationId} />
        </>
      )}
    </>
  );
}
