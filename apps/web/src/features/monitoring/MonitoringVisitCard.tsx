import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MonitoringVisit, MonitorTab, UnavailableReason } from '@edc/domain';
import { displayDateTime, TimeStateChip } from '../subjects/dialogs/MonitoringVisitsTab';

const hhmm = (time: string) => time.slice(0, 5);

/**
 * A monitoring visit in the monitor's list (spec section 2, visit card texts): period, time state, the
 * confirmation state, why it cannot be opened, the centre, team and work hours; Available and Completed
 * visits open their subject grid.
 */
export function MonitoringVisitCard({
  visit,
  tab,
  reason,
}: {
  visit: MonitoringVisit;
  tab: MonitorTab;
  reason?: UnavailableReason;
}) {
  const { t } = useTranslation();
  const period = t('monitoringVisits:period', { start: displayDateTime(visit.startDate), end: displayDateTime(visit.endDate) });
  const opens = tab === 'available' || tab === 'completed';
  return (
    <Card variant="outlined" component="li" data-testid="monitoring-visit-card" sx={{ listStyle: 'none' }} aria-label={period}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500, mr: 0.5 }}>
            {period}
          </Typography>
          <TimeStateChip state={visit.timeState} />
        </Stack>
        {!visit.confirmed && (
          <Typography color="warning.main" variant="body2">
            {visit.timeState === 'finished' ? t('monitoringVisits:notConfirmed') : t('monitoringVisits:pending')}
          </Typography>
        )}
        {reason && (
          <Typography color="text.secondary" variant="body2">
            {t(`monitoringVisits:reason.${reason}`)}
          </Typography>
        )}
        {tab === 'completed' && (
          <Typography color="text.secondary" variant="body2">
            {t('monitoringVisits:reason.finished')}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {`${t('monitoringVisits:centre')}: ${visit.researchOrganisation.shortName || visit.researchOrganisation.name}`}
        </Typography>
        <Typography variant="body2">
          {`${t('monitoringVisits:monitors')}: ${visit.monitorList.map((m) => m.fullName).join(', ')}`}
        </Typography>
        <Typography variant="body2">
          {t('monitoringVisits:workHours', { from: hhmm(visit.workDayStart), to: hhmm(visit.workDayEnd) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {visit.site
            ? t('monitoringVisits:coversSite', { number: visit.site.number })
            : t('monitoringVisits:coversChosen', { count: visit.subjectVisitIdList.length })}
        </Typography>
      </CardContent>
      {opens && (
        <CardActions>
          <Button component={RouterLink} to={`/monitoringVisits/${visit.id}`}>
            {t('monitoringVisits:open')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
