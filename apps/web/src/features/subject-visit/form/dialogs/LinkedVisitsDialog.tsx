import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SubjectFormReply } from '@edc/domain';
import { displayDate } from '../../../subjects/ui';

/**
 * The linked visits of a subject form (spec section 2): the subject's other visits that hold the same form of
 * the design, by date; each links to its subject visit page.
 */
export function LinkedVisitsDialog({
  visits,
  onClose,
}: {
  visits: SubjectFormReply['linkedSubjectVisitList'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm">
      <DialogTitle id={id}>{t('dataEntry:linkedVisits.title')}</DialogTitle>
      <DialogContent>
        {visits.length === 0 ? (
          <Typography color="text.secondary">{t('dataEntry:linkedVisits.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {visits.map((v) => (
              <li key={v.id}>
                <Link component={RouterLink} to={`/subjectVisit/${v.id}`} onClick={onClose}>
                  {v.repeatIndex > 0 ? `${v.title} #${v.repeatIndex + 1}` : v.title}
                </Link>{' '}
                <Typography component="span" color="text.secondary">
                  {displayDate(v.date)}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
