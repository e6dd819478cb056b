import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { SubjectWithVisits } from '@edc/domain';
import { useSubjectVisits } from '../api';
import { displayDate } from '../ui';
import { MonitoringVisitsTab } from './MonitoringVisitsTab';
import { subjectVisitTitle } from './VisitInfoDialog';

/**
 * The kio visit view of the subject matrix (spec section 2): a monitor clicking a held visit sees the
 * monitoring visits (of their teams) where that visit is available, and can go on to the visit's info.
 */
export function KioVisitDialog({
  subject,
  subjectVisitId,
  onOpenInfo,
  onClose,
}: {
  subject: SubjectWithVisits;
  subjectVisitId: string;
  onOpenInfo: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const visits = useSubjectVisits(subject.id);
  const sv = visits.data?.find((v) => v.id === subjectVisitId);
  const titleId = 'kio-visit-title';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {sv
          ? t('monitoringVisits:kioTitle', { number: subject.screeningNumber, visit: subjectVisitTitle(sv) })
          : t('monitoringVisits:kioTitleLoading', { number: subject.screeningNumber })}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {sv ? `${displayDate(sv.date)} · ` : null}
          {t('monitoringVisits:kioSubtitle')}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: { sm: 200 } }}>
        <MonitoringVisitsTab subjectVisitId={subjectVisitId} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onOpenInfo}>{t('monitoringVisits:kioOpenInfo')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
