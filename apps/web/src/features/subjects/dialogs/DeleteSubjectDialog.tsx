import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { SubjectWithVisits } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { useSubjectMutation } from '../api';
import { subjectNumber } from './common';

/** Asks before deleting a subject (DELETE /Subjects/{id}, a soft delete). */
export function DeleteSubjectDialog({ subject, onClose }: { subject: SubjectWithVisits; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useSubjectMutation(() => api.delete(`/Subjects/${subject.id}`), onClose);
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby="delete-subject-title"
      aria-describedby="delete-subject-text"
    >
      <DialogTitle id="delete-subject-title">{t('subjects:dialogs.delete', { number: subjectNumber(subject) })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-subject-text">{t('subjects:dialogs.deleteQuestion')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending} autoFocus>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="contained" color="error" loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
          {t('subjects:dialogs.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
