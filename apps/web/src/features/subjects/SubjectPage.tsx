import './i18n';
import { lazy, Suspense, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useResearchVisits, useSubject, useSubjectContext, useSubjectVisits } from './api';
import { CompletedStatusChip, displayDate, PointChips, SubjectStatusIcon } from './ui';
import { SubjectAuditTab } from './SubjectAuditTab';
import { NoteStatusIndicator } from '../subject-visit/NoteIndicator';
import { TestSubjectMark } from './TestSubjectMark';
import { SubjectCardButton, useMayGenerateSubjectCard } from './SubjectCardButton';

// The dosings tab (IWRS) is its own chunk.
const SubjectDosingsTab = lazy(() => import('../iwrs/SubjectDosingsTab').then((m) => ({ default: m.SubjectDosingsTab })));

/** The visits tab: the subject's visits (ordered by completed status by the server) with status, date and points;
 * each visit's title links to its subject visit page. */
function VisitsTab({ subjectId, researchId }: { subjectId: string; researchId: string | null }) {
  const { t } = useTranslation();
  const visits = useSubjectVisits(subjectId);
  const design = useResearchVisits(researchId);
  const points = useMemo(() => new Map((design.data ?? []).map((v) => [v.id, v.pointList])), [design.data]);
  if (visits.isPending) return <Loading />;
  if (visits.isError) return <Alert severity="error">{t('subjects:page.visitsError')}</Alert>;
  if (visits.data.length === 0) return <Typography color="text.secondary">{t('subjects:page.noVisits')}</Typography>;
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' },
      }}
    >
      {visits.data.map((v) => (
        <Card component="li" variant="outlined" key={v.id} aria-labelledby={`sv-${v.id}`}>
          <CardContent>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <Typography id={`sv-${v.id}`} variant="h3" component="h2">
                {/* The visit opens its subject visit page (forms and data entry). */}
                <Link component={RouterLink} to={`/subjectVisit/${v.id}`} underline="hover">
                  {v.visit.title}
                  {v.visit.repeating && v.repeatIndex > 0 ? ` #${v.repeatIndex + 1}` : ''}
                </Link>
              </Typography>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexShrink: 0 }}>
                <NoteStatusIndicator status={v.noteStatus} />
                <CompletedStatusChip status={v.formCompletedStatus} />
              </Stack>
            </Stack>
            <Typography sx={{ mt: 1 }}>
              {t('subjects:page.date')}: {displayDate(v.date)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t('subjects:page.window', { from: displayDate(v.window.from), to: displayDate(v.window.to) })}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                color={v.timing === 'overdue' ? 'error' : v.timing === 'onTime' ? 'success' : 'default'}
                label={t(`subjects:page.timing.${v.timing}`)}
              />
            </Stack>
            <PointChips points={points.get(v.visitId) ?? []} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/**
 * Subject page (spec section 2): /subject/:subjectId/:tab with the visits tab (not for kio), dosings (IWRS
 * only) and the subject's audit trail.
 */
export default function SubjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { subjectId, tab } = useParams();
  const ctx = useSubjectContext();
  const subject = useSubject(subjectId);
  const mayMakeCard = useMayGenerateSubjectCard();
  // The audit trail is for every reader of the subject, after the spec's tabs.
  const tabs = [...(ctx.isKio ? [] : ['visits']), ...(ctx.withIwrs ? ['dosings'] : []), 'audit'];
  if (!subjectId) return <Navigate to="/subjectmatrix" replace />;
  if (tabs.length > 0 && !tabs.includes(tab ?? '')) return <Navigate to={`/subject/${subjectId}/${tabs[0]}`} replace />;
  if (subject.isPending) return <Loading />;
  if (subject.isError) return <Alert severity="error">{t('subjects:page.loadError')}</Alert>;
  const s = subject.data;
  const title = s.fullName || t('subjects:page.subjectTitle', { number: s.screeningNumber });
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <SubjectStatusIcon status={s.status} />
        <PageTitle title={title}>{title}</PageTitle>
        {s.isTest && <TestSubjectMark />}
      </Stack>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography color="text.secondary">
          {[s.screeningNumber, s.randomizationNumber, s.identificationNumber].filter(Boolean).join(' · ')}
        </Typography>
        {mayMakeCard && <SubjectCardButton subjectId={subjectId} />}
      </Stack>
      <Tabs value={tab} onChange={(_, v: string) => navigate(`/subject/${subjectId}/${v}`)} sx={{ mb: 2 }} aria-label={title}>
        {tabs.map((k) => (
          <Tab key={k} value={k} label={t(`subjects:page.${k}Tab`)} />
        ))}
      </Tabs>
      {tab === 'visits' && <VisitsTab subjectId={subjectId} researchId={ctx.researchId} />}
      {tab === 'dosings' && (
        <Suspense fallback={<Loading />}>
          <SubjectDosingsTab subject={s} />
        </Suspense>
      )}
      {tab === 'audit' && <SubjectAuditTab subjectId={subjectId} />}
    </Box>
  );
}
