import './i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { ResearchPicker } from '../design/components/ResearchPicker';
import { useQueryParams } from '../design/components/useQueryParams';
import { useDataExchangeAccess } from './access';
import { ExportTab } from './ExportTab';
import { ImportTab } from './ImportTab';
import { useResearchList } from '../researches/api';

type TabKey = 'export' | 'import';

/**
 * /dataExchange (docs/data-exchange.md): the current research's dataset exports (permission `data_export`)
 * and ODM ClinicalData imports (`data_import`), each a tab (`?tab=`). The system administrator picks the
 * research (`?researchId=`); the others work in their employee's. Both tabs stay mounted, so a chosen file
 * and its report survive a look at the other tab.
 */
export default function DataExchangePage() {
  const { t } = useTranslation();
  const access = useDataExchangeAccess();
  const { params, patchParams } = useQueryParams();
  const researches = useResearchList(access.picksResearch);
  const researchId = (access.picksResearch ? params.get('researchId') : null) ?? access.researchId;

  if (!access.loaded) return <Loading />;
  const tabs: TabKey[] = [...(access.export ? ['export' as const] : []), ...(access.import ? ['import' as const] : [])];
  if (tabs.length === 0)
    return (
      <>
        <PageTitle>{t('dataExchange:title')}</PageTitle>
        <Alert severity="warning">{t('dataExchange:noRights')}</Alert>
      </>
    );
  const asked = params.get('tab');
  const tab = tabs.find((k) => k === asked) ?? tabs[0]!;

  return (
    <>
      <PageTitle title={`${t('dataExchange:title')} — ${t(`dataExchange:tab.${tab}`)}`}>{t('dataExchange:title')}</PageTitle>
      {access.picksResearch && (
        <Box sx={{ mb: 2 }}>
          <ResearchPicker researches={researches.data} value={researchId} onChange={(id) => patchParams({ researchId: id })} />
        </Box>
      )}
      <Tabs
        value={tab}
        onChange={(_, value: TabKey) => patchParams({ tab: value })}
        aria-label={t('dataExchange:tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((k) => (
          <Tab key={k} value={k} label={t(`dataExchange:tab.${k}`)} id={`dx-tab-${k}`} aria-controls={`dx-panel-${k}`} />
        ))}
      </Tabs>
      {!researchId ? (
        <Alert severity="info">{t('dataExchange:noResearch')}</Alert>
      ) : (
        tabs.map((k) => (
          <Box key={`${k}-${researchId}`} role="tabpanel" id={`dx-panel-${k}`} aria-labelledby={`dx-tab-${k}`} hidden={k !== tab}>
            {k === 'export' ? <ExportTab researchId={researchId} /> : <ImportTab researchId={researchId} />}
          </Box>
        ))
      )}
    </>
  );
}
