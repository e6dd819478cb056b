import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate, type MonitoringTimeState, type MonitoringVisitBrief } from '@edc/domain';
import { Loading } from '../../../shared/components/Loading';
import { useSubjectVisitMonitoringVisits } from '../monitoringVisitsApi';

/** A date-time as DD.MM.YYYY HH:mm on this device (spec section 9). */
export function displayDateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${formatDisplayDate(date)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** HH:mm of a HH:mm:ss work-day time (spec section 9 shows times as HH:mm). */
const hhmm = (time: string) => time.slice(0, 5);

const TIME_STATE_COLOURS: Record<MonitoringTimeState, 'default' | 'success' | 'info'> = {
  notStarted: 'info',
  inProgress: 'success',
  finished: 'default',
};

/** Not started, in progress or finished, as of the reply. */
export function TimeStateChip({ state }: { state: MonitoringTimeState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={TIME_STATE_COLOURS[state]}
      variant={state === 'inProgress' ? 'filled' : 'outlined'}
      label={t(`monitoringVisits:timeState.${state}`)}
      data-time-state={state}
    />
  );
}

function MonitoringVisitItem({ visit }: { visit: MonitoringVisitBrief }) {
  const { t } = useTranslation();
  const period = t('monitoringVisits:period', {
    start: displayDateTime(visit.startDate),
    end: displayDateTime(visit.endDate),
  });
  const monitors = visit.monitorList.map((m) => m.fullName).join(', ');
  return (
    <Box
      component="li"
      data-testid="monitoring-visit"
      aria-label={period}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography component="span" sx={{ fontWeight: 500, mr: 0.5 }}>
          {period}
        </Typography>
        <TimeStateChip state={visit.timeState} />
        <Chip
          size="small"
          variant="outlined"
          color={visit.confirmed ? 'success' : 'warning'}
          label={visit.confirmed ? t('monitoringVisits:confirmed') : t('monitoringVisits:unconfirmed')}
          data-confirmed={visit.confirmed}
        />
      </Stack>
      <Box
        component="dl"
        sx={{ m: 0, mt: 0.75, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2 }}
      >
        <Typography component="dt" variant="body2" color="text.secondary">
          {t('monitoringVisits:centre')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.5, sm: 0 } }}>
          {visit.researchOrganisation.shortName || visit.researchOrganisation.name}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          {t('monitoringVisits:monitors')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
          {monitors}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('monitoringVisits:workHours', { from: hhmm(visit.workDayStart), to: hhmm(visit.workDayEnd) })}
        {visit.site ? ` · ${t('monitoringVisits:site', { number: visit.site.number })}` : null}
      </Typography>
    </Box>
  );
}

/**
 * The Monitoring visits tab of a subject visit (spec section 2, visit info; the kio visit view): the
 * monitoring visits where the visit is available, with their period, time state, confirmation, monitoring
 * organisation and monitors. Empty: 'Визиты не созданы'; a failed load: 'Произошла ошибка при загрузке
 * визитов.' with a retry.
 */
export function MonitoringVisitsTab({ subjectVisitId }: { subjectVisitId: string }) {
  const { t } = useTranslation();
  const visits = useSubjectVisitMonitoringVisits(subjectVisitId);
  if (visits.isPending) return <Loading />;
  if (visits.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void visits.refetch()}>
            {t('monitoringVisits:retry')}
          </Button>
        }
      >
        {t('monitoringVisits:loadError')}
      </Alert>
    );
  }
  if (visits.data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }} data-testid="monitoring-visits-empty">
        {t('monitoringVisits:empty')}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={t('monitoringVisits:listLabel')} sx={{ m: 0, p: 0 }}>
      {visits.data.map((v) => (
        <MonitoringVisitItem key={v.id} visit={v} />
      ))}
    </Box>
  );
}
