import './i18n';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SubjectTimePointReply } from '@edc/domain';
import { PageTitle } from '../../shared/components/PageTitle';
import { QueryBlock } from '../design/components/common';
import { ResponsiveList, visuallyHidden, type Column } from '../design/components/ResponsiveList';
import { useSubjectVisitCrumbs } from '../subject-visit/crumb';
import { useSubjectTimePoints } from './api';
import { pointTimeText, windowText } from './pointTime';

/** The entered value; a value outside the planned window (entered before the window was known) stands out. */
function FactTime({ row }: { row: SubjectTimePointReply }) {
  const { t } = useTranslation();
  const text = pointTimeText(row.factTime);
  if (!text) return <>—</>;
  if (!row.outside) return <Box sx={{ whiteSpace: 'nowrap' }}>{text}</Box>;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.main', fontWeight: 600, whiteSpace: 'nowrap' }}
      title={t('timepoints:subject.outside')}
      data-outside="true"
    >
      <WarningAmber fontSize="small" aria-hidden />
      {text}
      <Box component="span" sx={visuallyHidden}>
        {` (${t('timepoints:subject.outside')})`}
      </Box>
    </Box>
  );
}

/**
 * /subjectVisit/:subjectVisitId/timePoints (operations section 2): the visit's time points with the planned
 * window (from the visit's start point along the deviations), the recommended time and the value entered.
 * A field links to its place in the form on the subject visit page.
 */
export default function SubjectTimePointsPage() {
  const { t } = useTranslation();
  const { subjectVisitId = '' } = useParams();
  const rows = useSubjectTimePoints(subjectVisitId);
  // The crumbs' query (no request of its own): the visit's title for the way back.
  const visit = useSubjectVisitCrumbs(subjectVisitId);
  const visitPath = `/subjectVisit/${subjectVisitId}`;
  const fieldPath = (r: SubjectTimePointReply) =>
    `${visitPath}?subjectFormId=${encodeURIComponent(r.subjectFormId)}&subjectFormFieldId=${encodeURIComponent(r.subjectFormFieldId)}`;
  const list = rows.data ?? [];

  const columns: Column<SubjectTimePointReply>[] = [
    { key: 'form', header: t('timepoints:subject.form'), render: (r) => r.formTitle },
    {
      key: 'field',
      header: t('timepoints:subject.field'),
      primary: true,
      render: (r) => (
        <Link
          component={RouterLink}
          to={fieldPath(r)}
          aria-label={t('timepoints:subject.openField', { field: r.fieldText })}
          sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
        >
          {r.fieldText}
        </Link>
      ),
    },
    {
      key: 'point',
      header: t('timepoints:subject.point'),
      render: (r) => (
        <Box>
          {r.timePoint.description && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {r.timePoint.description}
            </Typography>
          )}
          {r.timePoint.isVisitStartPoint && (
            <Chip size="small" color="primary" variant="outlined" label={t('timepoints:startPoint')} data-testid="start-point" />
          )}
          {!r.timePoint.description && !r.timePoint.isVisitStartPoint && '—'}
        </Box>
      ),
    },
    {
      key: 'planned',
      header: t('timepoints:subject.planned'),
      render: (r) => windowText(r.planedTimeStart, r.planedTimeEnd) || '—',
    },
    {
      key: 'recommended',
      header: t('timepoints:subject.recommended'),
      primary: true,
      render: (r) => pointTimeText(r.recommendedTime) || '—',
    },
    { key: 'fact', header: t('timepoints:subject.fact'), primary: true, render: (r) => <FactTime row={r} /> },
  ];

  return (
    <Box>
      <PageTitle title={visit.visit ? `${t('timepoints:title')} — ${visit.visit}` : t('timepoints:title')}>
        {t('timepoints:title')}
      </PageTitle>
      <Link component={RouterLink} to={visitPath} sx={{ display: 'inline-block', mt: -1, mb: 2 }}>
        {t('timepoints:subject.toVisit', { title: visit.visit ?? '' }).trim()}
      </Link>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 0, md: 2 }, borderWidth: { xs: 0, md: 1 }, bgcolor: { xs: 'transparent', md: 'background.paper' } }}
      >
        <QueryBlock
          query={rows}
          errorText={t('timepoints:loadError')}
          empty={list.length === 0}
          emptyText={t('timepoints:empty')}
        >
          <ResponsiveList
            label={t('timepoints:subject.list')}
            testId="subject-time-point"
            rows={list}
            getId={(r) => r.id}
            rowLabel={(r) => r.fieldText}
            columns={columns}
          />
        </QueryBlock>
      </Paper>
    </Box>
  );
}
