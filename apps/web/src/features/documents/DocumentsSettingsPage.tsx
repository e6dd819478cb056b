import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDesignResearch } from '../design/api';
import { ResearchPicker } from '../design/components/ResearchPicker';
import './api';
import { ApprovalList } from './ApprovalList';
import { DocumentList } from './DocumentList';
import { ExpiredWarning } from './ExpiredWarning';
import { GenerateDocumentsBar } from './GenerateDocumentsBar';
import '../design/i18n';
import { useResearchList } from '../researches/api';

/** The tabs of the spec: the list, the approvals and the expired documents. */
export const DOCUMENTS_TABS = ['list', 'approval', 'expired'] as const;
type DocumentsTab = (typeof DOCUMENTS_TABS)[number];
const isTab = (v: string | undefined): v is DocumentsTab => DOCUMENTS_TABS.includes(v as DocumentsTab);
export const documentsPath = (tab: DocumentsTab = 'list') => `/researchSettings/documents/${tab}`;

/**
 * /researchSettings/documents/:tab (design-and-admin section 2, "Documents page"): the research's documents,
 * the list (not expired), the approvals and the expired ones (due for deletion, with the deletion date). Documents
 * administrators see every document, its status and lead time, and delete; user roles Admin and Editor pick
 * the research.
 */
export default function DocumentsSettingsPage() {
  const { t } = useTranslation();
  const { tab } = useParams();
  const { search } = useLocation();
  const { researchId, loading, choose, me } = useDesignResearch();
  const canPick = me?.user.userRole === 'Admin' || me?.user.userRole === 'Editor';
  const researches = useResearchList(canPick);

  if (!isTab(tab)) return <Navigate to={`${documentsPath()}${search}`} replace />;
  if (loading || !me) return <Loading />;
  const rights = { admin: me.permissions.includes('documents_settings'), userId: me.user.id };

  return (
    <>
      <PageTitle title={`${t('documents:page.title')} — ${t(`documents:page.tab.${tab}`)}`}>
        {t('documents:page.title')}
      </PageTitle>
      {canPick && (
        <Box sx={{ mb: 2 }}>
          <ResearchPicker researches={researches.data} value={researchId} onChange={choose} />
        </Box>
      )}
      <Tabs
        value={tab}
        aria-label={t('documents:page.tabs')}
        variant="scrollable"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {DOCUMENTS_TABS.map((k) => (
          <Tab
            key={k}
            value={k}
            label={t(`documents:page.tab.${k}`)}
            component={RouterLink}
            to={`${documentsPath(k)}${search}`}
          />
        ))}
      </Tabs>
      {!researchId ? (
        <Alert severity="info">{t('design:common.noResearch')}</Alert>
      ) : (
        <>
          <ExpiredWarning source="research" researchId={researchId} />
          {tab === 'list' && <GenerateDocumentsBar me={me} researchId={researchId} />}
          {tab === 'approval' ? (
            <ApprovalList
              key={researchId}
              source="research"
              researchId={researchId}
              canSend={rights.admin}
              label={t('documents:page.tab.approval')}
            />
          ) : (
            <DocumentList
              key={`${researchId}-${tab}`}
              source="research"
              researchId={researchId}
              expiring={tab === 'expired'}
              rights={rights}
              label={t(`documents:page.tab.${tab}`)}
            />
          )}
        </>
      )}
    </>
  );
}
