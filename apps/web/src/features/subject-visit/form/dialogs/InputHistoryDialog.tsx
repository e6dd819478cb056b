import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { SubjectFormFieldReply } from '@edc/domain';
import { Loading } from '../../../../shared/components/Loading';
import { useItemDataHistory } from '../../api';
import { displayDateTime, readableValue } from '../../format';

/** Every value of a field, newest (current) first, with who, when, the role and the reason (GET /ItemData). */
export function InputHistoryDialog({ field, onClose }: { field: SubjectFormFieldReply; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const history = useItemDataHistory(field.id);
  const yesNo = { yes: t('dataEntry:field.checked'), no: t('dataEntry:field.unchecked') };
  const type = field.formField.field.fieldType;
  let content;
  if (history.isPending) content = <Loading />;
  else if (history.isError) content = <Alert severity="error">{t('dataEntry:history.loadError')}</Alert>;
  else if (history.data.length === 0) content = <Typography color="text.secondary">{t('dataEntry:history.empty')}</Typography>;
  else
    content = (
      <Box
        component="ol"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('dataEntry:history.title', { field: field.formField.text })}
      >
        {history.data.map((v, i) => {
          const value = readableValue(type, v.data, i18n.language, yesNo);
          return (
            <Box
              component="li"
              key={v.id}
              data-testid="history-entry"
              sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                  {value || <em>{t('dataEntry:history.cleared')}</em>}
                </Typography>
                {v.clinicalSignificanceString && (
                  <Chip size="small" variant="outlined" label={t(`dataEntry:field.cs.${v.clinicalSignificanceString}`)} />
                )}
                {i === 0 && <Chip size="small" color="primary" label={t('dataEntry:history.current')} />}
              </Box>
              {v.comment && <Typography variant="body2">{v.comment}</Typography>}
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, typography: 'body2' }}
              >
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {t('dataEntry:history.who')}
                </Box>
                <Box component="dd" sx={{ m: 0 }}>
                  {v.createdBy.fullName}
                </Box>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {t('dataEntry:history.when')}
                </Box>
                <Box component="dd" sx={{ m: 0 }}>
                  {displayDateTime(v.createdAt)}
                </Box>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {t('dataEntry:history.role')}
                </Box>
                <Box component="dd" sx={{ m: 0 }}>
                  {v.createdBy.employeeType ? t(`enums:employeeType.${v.createdBy.employeeType}`) : '—'}
                </Box>
                {v.reasonForChange && (
                  <>
                    <Box component="dt" sx={{ color: 'text.secondary' }}>
                      {t('dataEntry:history.reason')}
                    </Box>
                    <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                      {v.reasonForChange}
                    </Box>
                  </>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id={id}>{t('dataEntry:history.title', { field: field.formField.text })}</DialogTitle>
      <DialogContent>{content}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
