import './i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDesignResearch } from '../design/api';
import { VISITS_SETTINGS_PATH } from '../design/paths';
import { currentEmployee } from '../identity/api';
import { isVersionsTab, VERSION_TABS, versionsPath } from './paths';
import { ProtocolVersionsTab } from './ProtocolVersionsTab';
import { ResearchPicker } from '../design/components/ResearchPicker';
import { ResearchVersionsTab } from './ResearchVersionsTab';
import { useResearchList } from '../researches/api';

/**
 * /researchSettings/versions/:tab — research versions and protocol versions of the current research
 * (spec section 2, "Versions settings"); user roles Admin and Editor may pick another research.
 */
export default function VersionsSettingsPage() {
  const { t } = useTranslation();
  const { tab } = useParams();
  const { search } = useLocation();
  const { researchId, loading, choose, me } = useDesignResearch();
  const userRole = me?.user.userRole;
  const canPick = userRole === 'Admin' || userRole === 'Editor';
  const researches = useResearchList(canPick);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  if (!isVersionsTab(tab)) return <Navigate to={`${versionsPath('research')}${search}`} replace />;
  if (loading) return <Loading />;

  const canEdit = me?.permissions.includes('design_edit') ?? false;
  const employeeResearch = currentEmployee(me)?.researchOrganisation.research;
  // Version changes are made and read by holders of documents_settings in the research (the server decides).
  const canCompare =
    (me?.permissions.includes('documents_settings') ?? false) && (canPick || employeeResearch?.id === researchId);
  const researchLabel =
    researches.data?.find((r) => r.id === researchId)?.grlsProtocolNumber ??
    (employeeResearch?.id === researchId ? employeeResearch?.grlsProtocolNumber : undefined) ??
    '';
  const visitsLink = researchId && canPick ? `${VISITS_SETTINGS_PATH}?researchId=${researchId}` : VISITS_SETTINGS_PATH;

  return (
    <>
      <PageTitle title={`${t('versions:title')} — ${t(`versions:tab.${tab}`)}`}>{t('versions:title')}</PageTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        {canPick && <ResearchPicker researches={researches.data} value={researchId} onChange={choose} />}
        <Link component={RouterLink} to={visitsLink} sx={{ ml: { sm: 'auto' } }}>
          {t('versions:visitsLink')}
        </Link>
      </Box>
      <Tabs
        value={tab}
        aria-label={t('versions:tabs')}
        variant={phone ? 'fullWidth' : 'standard'}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {VERSION_TABS.map((k) => (
          <Tab key={k} value={k} label={t(`versions:tab.${k}`)} component={RouterLink} to={`${versionsPath(k)}${search}`} />
        ))}
      </Tabs>
      {!researchId ? (
        <Alert severity="info">{t('versions:noResearch')}</Alert>
      ) : tab === 'research' ? (
        <ResearchVersionsTab
          key={researchId}
          researchId={researchId}
          researchLabel={researchLabel}
          canEdit={canEdit}
          isAdmin={userRole === 'Admin'}
          canCompare={canCompare}
        />
      ) : (
        <ProtocolVersionsTab key={researchId} researchId={researchId} canEdit={canEdit} />
      )}
    </>
  );
}
