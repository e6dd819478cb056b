import './i18n';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useResearch, useSites, useSubjectContext } from '../subjects/api';
import { KitsTab } from './KitsTab';
import { ListsTab } from './ListsTab';
import { ShipmentsTab } from './ShipmentsTab';
import { UnblindingsTable } from './UnblindingsTable';

/**
 * /iwrs/:tab (docs/iwrs.md): the sponsor's IWRS area — randomisation lists (unblinded sponsor staff only),
 * the kit inventory, shipments and the emergency unblindings; a site sees its own kits and confirms the arrival of its shipments.
 */
export default function IwrsSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab } = useParams();
  const ctx = useSubjectContext();
  const research = useResearch(ctx.researchId);
  const sites = useSites(ctx.researchId, true);
  if (!ctx.me) return <Loading />;
  const permissions = ctx.me.permissions;
  const supply = permissions.includes('iwrs_supply');
  const siteUser = ctx.isSiteUser && permissions.includes('dosings');
  if (!supply && !siteUser) return <Navigate to="/" replace />;
  const tabs = [...(permissions.includes('iwrs_lists') ? ['lists'] : []), 'kits', 'shipments', 'unblindings'];
  if (!tabs.includes(tab ?? '')) return <Navigate to={`/iwrs/${tabs[0]}`} replace />;
  const siteList = (sites.data ?? []).map((s) => ({ id: s.id, researchOrganisationNumber: s.researchOrganisationNumber }));
  return (
    <Box>
      <PageTitle title={t('iwrs:settings.title')}>{t('iwrs:settings.title')}</PageTitle>
      <Tabs
        value={tab}
        onChange={(_, v: string) => navigate(`/iwrs/${v}`)}
        sx={{ my: 2 }}
        variant="scrollable"
        aria-label={t('iwrs:settings.title')}
      >
        {tabs.map((k) => (
          <Tab key={k} value={k} label={t(`iwrs:settings.${k}Tab`)} />
        ))}
      </Tabs>
      {tab === 'lists' && <ListsTab groups={research.data?.groupList ?? []} sites={siteList} />}
      {tab === 'kits' && <KitsTab sites={siteList} canManage={supply} />}
      {tab === 'shipments' && <ShipmentsTab canReceive={siteUser && permissions.includes('subjects_edit')} />}
      {tab === 'unblindings' && <UnblindingsTable />}
    </Box>
  );
}
