import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/components/PageTitle';
import { useSubjectContext } from '../subjects/api';
import { SiteSelect } from '../subjects/SiteSelect';
import { useRecordStatistic, useSubjectStatistic, useVisitStatistic } from './api';
import { bandAxis, countAxis, countValue, CountsTable, Loaded, VisitsChart } from './statisticParts';
import '../queries/i18n';
import '../subjects/i18n';

const TABS = ['subjects', 'records', 'visits'] as const;
type StatTab = (typeof TABS)[number];
const SUBJECT_KEYS = [
  'startedSubjectCount',
  'screenedSubjectCount',
  'randomisedSubjectCount',
  'failedSubjectCount',
  'endAheadScheduleSubjectCount',
  'endSubjectCount',
] as const;
const RECORD_KEYS = ['newCount', 'updatedCount', 'resolutionProposedCount', 'closedCount', 'notApplicableCount'] as const;

/**
 * research/statistic (spec operations section 2): choose a site; vertical tabs Subjects (650x300),
 * Records (700x400) and Visits, each a bar chart of MUI X Charts with its counts as a table. Records are
 * the notes of the whole research (the call takes no site).
 */
export default function ResearchStatisticPage() {
  const { t, i18n } = useTranslation();
  const valueFormatter = countValue(i18n.language);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const ctx = useSubjectContext();
  const [tab, setTab] = useState<StatTab>('subjects');
  const [site, setSite] = useState('');
  const siteId = site || undefined;
  const [withTest, setWithTest] = useState(false);
  const subjects = useSubjectStatistic(ctx.researchId, siteId, tab === 'subjects', withTest);
  const records = useRecordStatistic(ctx.researchId, tab === 'records');
  const visits = useVisitStatistic(ctx.researchId, siteId, tab === 'visits', withTest);
  // Charts keep their spec sizes on wide screens and fit a phone's width.
  const size = (w: number, h: number) =>
    narrow ? { width: Math.min(w, window.innerWidth - 48), height: h } : { width: w, height: h };

  let body: ReactNode = null;
  if (tab === 'subjects')
    body = (
      <Loaded query={subjects}>
        {(s) => (
          <>
            <BarChart
              {...size(650, 300)}
              xAxis={[bandAxis(SUBJECT_KEYS.map((k) => t(`statistic:subjects.${k}`)))]}
              yAxis={countAxis(i18n.language)}
              series={[{ data: SUBJECT_KEYS.map((k) => s[k]), label: t('statistic:count'), valueFormatter }]}
            />
            <CountsTable
              head={[t('statistic:status'), t('statistic:count')]}
              rows={[...SUBJECT_KEYS, 'subjectCount' as const].map((k) => [t(`statistic:subjects.${k}`), s[k]])}
            />
          </>
        )}
      </Loaded>
    );
  else if (tab === 'records')
    body = (
      <Loaded query={records}>
        {(list) => (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('statistic:recordsAllSites')}
            </Typography>
            <BarChart
              {...size(700, 400)}
              xAxis={[bandAxis(list.map((r) => t(`queries:type.${r.type}`)))]}
              yAxis={countAxis(i18n.language)}
              series={RECORD_KEYS.map((k) => ({
                data: list.map((r) => r[k]),
                label: t(`statistic:records.${k}`),
                stack: 'all',
                valueFormatter,
              }))}
            />
            <CountsTable
              head={[t('statistic:type'), ...RECORD_KEYS.map((k) => t(`statistic:records.${k}`))]}
              rows={list.map((r) => [t(`queries:type.${r.type}`), ...RECORD_KEYS.map((k) => r[k])])}
            />
          </>
        )}
      </Loaded>
    );
  else body = <VisitsChart query={visits} size={size(700, 400)} />;

  return (
    <>
      <PageTitle>{t('statistic:title')}</PageTitle>
      <SiteSelect value={site} onChange={setSite} sx={{ mb: 2, width: { xs: '100%', sm: 300 } }} />
      {tab !== 'records' && (
        <FormControlLabel
          sx={{ mb: 2, ml: { sm: 2 } }}
          control={<Checkbox checked={withTest} onChange={(e) => setWithTest(e.target.checked)} />}
          label={t('subjects:testSubject.withTest')}
        />
      )}
      <Paper variant="outlined" sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, minWidth: 0 }}>
        <Tabs
          orientation={narrow ? 'horizontal' : 'vertical'}
          variant={narrow ? 'fullWidth' : 'standard'}
          value={tab}
          onChange={(_, v: StatTab) => setTab(v)}
          sx={{ borderRight: { md: 1 }, borderBottom: { xs: 1, md: 0 }, borderColor: 'divider', flexShrink: 0 }}
        >
          {TABS.map((k) => (
            <Tab key={k} value={k} label={t(`statistic:tabs.${k}`)} />
          ))}
        </Tabs>
        <Box sx={{ p: 2, minWidth: 0, flex: 1 }} role="tabpanel" aria-label={t(`statistic:tabs.${tab}`)}>
          {body}
        </Box>
      </Paper>
    </>
  );
}
