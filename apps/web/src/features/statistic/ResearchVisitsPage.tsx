import { useState } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/components/PageTitle';
import { useSubjectContext } from '../subjects/api';
import { SiteSelect } from '../subjects/SiteSelect';
import { useVisitStatistic } from './api';
import { VisitsChart } from './statisticParts';

/**
 * research/visits (spec: a menu item and a route for sites, QA, KIO and the sponsor's centre, content not
 * described; docs/reports.md "Research visits page"): the research's subject visits on time and overdue per
 * completed status, for a chosen site (site users: their own), as a chart with its counts as a table.
 */
export default function ResearchVisitsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const ctx = useSubjectContext();
  const [site, setSite] = useState('');
  const visits = useVisitStatistic(ctx.researchId, site || undefined, true);
  const size = narrow ? { width: Math.min(700, window.innerWidth - 48), height: 400 } : { width: 700, height: 400 };
  return (
    <>
      <PageTitle>{t('shell:menu.researchVisits')}</PageTitle>
      <SiteSelect value={site} onChange={setSite} sx={{ mb: 2, width: { xs: '100%', sm: 300 } }} />
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('statistic:visitsByStatus')}
        </Typography>
        <VisitsChart query={visits} size={size} />
      </Paper>
    </>
  );
}
