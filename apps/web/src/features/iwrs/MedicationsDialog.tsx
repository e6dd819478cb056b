import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Medication, SubjectDosing } from '@edc/domain';
import { api } from '../../shared/api/client';
import { Loading } from '../../shared/components/Loading';
import { useDosingMedications, useIwrsMutation } from './api';
import { dateTimeText, displayDate } from './format';

/**
 * The medications of a dosing (spec operations sections 1 and 2): each kit with its current status and its
 * status history, newest first. The arm is shown only when the server sends it (unblinded callers). A
 * site writer confirms a dispensed kit's dose or records it missed.
 */
export function MedicationsDialog({
  dosing,
  canWrite,
  onClose,
}: {
  dosing: SubjectDosing;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const kits = useDosingMedications(dosing.id);
  const outcome = useIwrsMutation((v: { kit: Medication; path: 'ConfirmDispense' | 'MissedDispense' }) =>
    api.post(`/SubjectDosing/${dosing.id}/Medication/${v.kit.id}/${v.path}`, { version: v.kit.version }),
  );
  const title = t('iwrs:dosings.openMedications', { number: dosing.subject.screeningNumber, period: dosing.periodNumber });
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="medications-title">
      <DialogTitle id="medications-title">{title}</DialogTitle>
      <DialogContent>
        {kits.isPending && <Loading />}
        {kits.isError && <Alert severity="error">{t('iwrs:medications.loadError')}</Alert>}
        {kits.data?.length === 0 && <Typography color="text.secondary">{t('iwrs:medications.none')}</Typography>}
        <Stack spacing={2}>
          {kits.data?.map((kit) => (
            <Card key={kit.id} variant="outlined" data-testid="medication">
              <CardContent>
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Box>
                    <Typography variant="h3" component="h3">
                      {t('iwrs:medications.identNumber')}: {kit.identNumber}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('iwrs:medications.lot')}: {kit.lot} · {t('iwrs:medications.expiryDate')}: {displayDate(kit.expiryDate)}
                      {kit.medicationGroup !== undefined && ` · ${t('iwrs:medications.medicationGroup')}: ${kit.medicationGroup}`}
                    </Typography>
                  </Box>
                  <Box>
                    <Typography variant="body2" component="span" sx={{ mr: 1 }}>
                      {t('iwrs:medications.currentStatus')}:
                    </Typography>
                    <Chip size="small" color="primary" label={t(`iwrs:status.${kit.currentStatus}`)} />
                  </Box>
                </Stack>
                <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
                  {t('iwrs:medications.history')}
                </Typography>
                <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('iwrs:medications.history')}>
                  {kit.statusLogs?.map((l, i) => (
                    <Box
                      component="li"
                      key={i}
                      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
                    >
                      <Typography variant="body2" sx={{ minWidth: 150 }}>
                        {dateTimeText(l.statusDateTime, i18n.language)}
                      </Typography>
                      <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 160 }}>
                        {t(`iwrs:status.${l.status}`)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {l.userEmail ?? '—'}
                      </Typography>
                    </Box>
                  ))}
                </Box>
                {canWrite && kit.currentStatus === 'Dispensed' && (
                  <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                    <Button
                      variant="contained"
                      disabled={outcome.isPending}
                      onClick={() => outcome.mutate({ kit, path: 'ConfirmDispense' })}
                    >
                      {t('iwrs:medications.confirm')}
                    </Button>
                    <Button disabled={outcome.isPending} onClick={() => outcome.mutate({ kit, path: 'MissedDispense' })}>
                      {t('iwrs:medications.missed')}
                    </Button>
                  </Stack>
                )}
              </CardContent>
            </Card>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('iwrs:common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
