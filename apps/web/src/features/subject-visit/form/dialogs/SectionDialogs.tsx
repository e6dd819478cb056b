import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { checkCompleteTime, maskEntryDateTime, type SectionStatus, type SubjectFormSectionReply } from '@edc/domain';
import { FormDialog } from '../../../../shared/components/FormDialog';
import { displayDateTime, nowTyped, typedLocalInstant } from '../../format';

/**
 * A section's status change that needs more than the choice: the reason message of NotCompleted, and the
 * reason for change once the section is confirmed (spec section 4).
 */
export function StatusDialog({
  status,
  needsReason,
  saving,
  onCancel,
  onSubmit,
}: {
  status: SectionStatus;
  needsReason: boolean;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (v: { message: string | null; reasonForChange: string | null }) => void;
}) {
  const { t } = useTranslation();
  const needsMessage = status === 'NotCompleted';
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missingMessage = needsMessage && message.trim() === '';
  const missingReason = needsReason && reason.trim() === '';
  const suggestion = t('dataEntry:reason.suggestion');
  return (
    <FormDialog
      title={needsReason ? t('dataEntry:section.changeStatusTitle') : t('dataEntry:section.notCompletedTitle')}
      onClose={onCancel}
      saving={saving}
      fullScreenOnPhone
      onSubmit={() => {
        setTried(true);
        if (missingMessage || missingReason) return;
        onSubmit({ message: needsMessage ? message.trim() : null, reasonForChange: needsReason ? reason.trim() : null });
      }}
    >
      <Typography sx={{ mb: 1 }}>
        {t('dataEntry:section.status')}: <strong>{t(`dataEntry:section.statusLabel.${status}`)}</strong>
      </Typography>
      {needsMessage && (
        <TextField
          label={t('dataEntry:section.notCompletedMessage')}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          required
          autoFocus
          fullWidth
          multiline
          maxRows={3}
          margin="normal"
          error={tried && missingMessage}
          helperText={tried && missingMessage ? t('common:validation.required') : undefined}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      )}
      {needsReason && (
        <>
          <TextField
            label={t('dataEntry:reason.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            autoFocus={!needsMessage}
            fullWidth
            multiline
            maxRows={3}
            margin="normal"
            error={tried && missingReason}
            helperText={tried && missingReason ? t('common:validation.required') : undefined}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Chip label={suggestion} size="small" variant="outlined" onClick={() => setReason(suggestion)} />
        </>
      )}
    </FormDialog>
  );
}

/**
 * Confirming a section at a given time (spec section 5): typed DD/MM/YYYY HH:mm, not in the future, not
 * before the newest value less a minute, at most three days back: 'Дата не может быть раньше {date}'.
 */
export function CompleteAtDialog({
  newestValueAt,
  saving,
  onCancel,
  onSubmit,
}: {
  newestValueAt: Date | null;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (at: Date) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => nowTyped());
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      title={t('dataEntry:section.completeAtTitle')}
      onClose={onCancel}
      saving={saving}
      submitLabel={t('dataEntry:section.complete')}
      onSubmit={() => {
        const at = typedLocalInstant(text);
        if (at === null || at === 'invalid') {
          setError(t('dataEntry:field.invalid'));
          return;
        }
        const check = checkCompleteTime(at, newestValueAt);
        if (!check.ok) {
          setError(
            check.problem === 'future'
              ? t('dataEntry:section.future')
              : t('dataEntry:section.tooEarly', { date: displayDateTime(check.earliest.toISOString()) }),
          );
          return;
        }
        onSubmit(at);
      }}
    >
      <TextField
        label={t('dataEntry:section.completeAtField')}
        value={text}
        onChange={(e) => {
          setText(maskEntryDateTime(e.target.value));
          setError(null);
        }}
        placeholder={t('dataEntry:field.dateTimePlaceholder')}
        required
        autoFocus
        fullWidth
        margin="normal"
        error={Boolean(error)}
        helperText={error ?? t('dataEntry:field.dateTimePlaceholder')}
        autoComplete="off"
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </FormDialog>
  );
}

function HistoryDialog({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The section's status history, newest first. */
export function SectionHistoryDialog({ section, onClose }: { section: SubjectFormSectionReply; onClose: () => void }) {
  const { t } = useTranslation();
  const log = [...section.subjectFormSectionStatusLogList].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <HistoryDialog title={t('dataEntry:section.history')} onClose={onClose}>
      {log.length === 0 ? (
        <Typography color="text.secondary">{t('dataEntry:section.historyEmpty')}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {log.map((l, i) => (
            <Box
              component="li"
              key={i}
              sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
              data-testid="section-history-entry"
            >
              <Typography sx={{ fontWeight: 600 }}>
                {l.status ? t(`dataEntry:section.statusLabel.${l.status}`) : t('dataEntry:section.noStatus')}
                {l.isComplete ? ` · ${t('dataEntry:section.historyConfirmed')}` : ''}
              </Typography>
              {l.statusMessage && (
                <Typography variant="body2">{t('dataEntry:section.statusMessage', { message: l.statusMessage })}</Typography>
              )}
              {l.reasonForChange && (
                <Typography variant="body2">
                  {t('dataEntry:history.reason')}: {l.reasonForChange}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {displayDateTime(l.createdAt)} · {l.createdBy.fullName}
                {l.createdBy.employeeType ? ` (${t(`enums:employeeType.${l.createdBy.employeeType}`)})` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </HistoryDialog>
  );
}

/** The form's status history (spec section 4's log values), newest first. */
export function FormHistoryDialog({ log, onClose }: { log: { status: string; date: string }[]; onClose: () => void }) {
  const { t } = useTranslation();
  const sorted = [...log].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <HistoryDialog title={t('dataEntry:form.statusHistory')} onClose={onClose}>
      {sorted.length === 0 ? (
        <Typography color="text.secondary">{t('dataEntry:section.historyEmpty')}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {sorted.map((l, i) => (
            <Box component="li" key={i} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 2 }}>
              <Typography sx={{ fontWeight: 600, flex: 1 }}>
                {t(`dataEntry:form.log.${l.status}`, { defaultValue: l.status })}
              </Typography>
              <Typography color="text.secondary">{displayDateTime(l.date)}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </HistoryDialog>
  );
}
