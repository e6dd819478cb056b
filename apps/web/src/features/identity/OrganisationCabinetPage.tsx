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

/** Built tabs of the organisation cabinet; later issues add users, references and templates. */
const CABINET_TABS = ['info'] as const;
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
  if (!CABINET_TABS.includes(tab as CabinetTab)) return <Navigate to={organisationCabinetPath(organizationId)} replace />;

  const membership = me.data?.organisationUsers.find((ou) => ou.organisation.id === organizationId);
  const isCurrent = membership !== undefined && membership.id === me.data?.currentOrganisationUserId;
  const data = organisation.data ?? membership?.organisation;

  return (
    <>
      <PageTitle title={data?.shortName ?? t('identity:cabinet.title')}>
        {data?.shortName ?? t('identity:cabinet.title')}
        {isCurrent && <Chip label={t('identity:current')} color="primary" size="small" sx={{ ml: 2, verticalAlign: 'middle' }} />}
      </PageTitle>
      <Tabs value={tab} aria-label={t('identity:cabinet.tabs')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab
          value="info"
          label={t('identity:cabinet.info')}
          component={RouterLink}
          to={organisationCabinetPath(organizationId, 'info')}
        />
      </Tabs>
      {!data && organisation.isLoading ? (
        <Loading />
      ) : !data ? (
        <Alert severity="error">{t('identity:cabinet.notFound')}</Alert>
      ) : (
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
      )}
    </>
  );
}
