import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { QaItemNoteReply } from '@edc/domain';
import { DesignDialog, SubmitActions } from '../design/components/common';
import { useQaMutations, useQaNote, type QaNoteAdd } from './api';
import { dateTimeText } from './format';
import { QaStatusChip } from './QaStatusChip';
import './i18n';

/** Raising a note on a visit, a form or a field: its first message. */
export function AddNoteDialog({
  target,
  label,
  onClose,
}: {
  target: Omit<QaNoteAdd, 'qaItemNoteMessage'>;
  label: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { add } = useQaMutations();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const missing = submitted && !text.trim();
  return (
    <DesignDialog
      open
      onClose={onClose}
      title={t('qaValidation:add.title')}
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (text.trim()) add.mutate({ ...target, qaItemNoteMessage: text.trim() }, { onSuccess: onClose });
      }}
      actions={<SubmitActions onCancel={onClose} pending={add.isPending} label={t('qaValidation:add.submit')} />}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {label}
      </Typography>
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={3}
        label={t('qaValidation:add.text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={missing}
        helperText={missing ? t('qaValidation:add.required') : undefined}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
    </DesignDialog>
  );
}

/** Where a note is: visit / form / field or rule. */
export function noteChain(note: QaItemNoteReply): string {
  return [note.qaVisit.title, note.qaForm?.title, note.formField?.text ?? note.rule?.expression].filter(Boolean).join(' / ');
}

/** A note with its thread; a message box while the note is open, and the actions the caller may take. */
export function NoteDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const note = useQaNote(id);
  const { comment, step } = useQaMutations();
  const [text, setText] = useState('');
  const n = note.data;
  const may = (a: string) => n?.actions.includes(a as never) ?? false;
  return (
    <DesignDialog
      open
      onClose={onClose}
      maxWidth="md"
      title={t('qaValidation:note.title')}
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) comment.mutate({ qaItemNoteId: id, data: text.trim() }, { onSuccess: () => setText('') });
      }}
      actions={
        <>
          {may('Delete') && (
            <Button color="error" onClick={() => step.mutate({ id, action: 'Delete' }, { onSuccess: onClose })}>
              {t('qaValidation:note.delete')}
            </Button>
          )}
          {may('Resolve') && (
            <Button onClick={() => step.mutate({ id, action: 'Resolve' })}>{t('qaValidation:note.resolve')}</Button>
          )}
          {may('Close') && <Button onClick={() => step.mutate({ id, action: 'Close' })}>{t('qaValidation:note.close')}</Button>}
          <Box sx={{ flex: 1 }} />
          <SubmitActions
            onCancel={onClose}
            pending={comment.isPending}
            label={t('qaValidation:note.send')}
            disabled={!may('Comment') || !text.trim()}
          />
        </>
      }
    >
      {note.isError && <Alert severity="error">{t('qaValidation:errors.notes')}</Alert>}
      {n && (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <QaStatusChip status={n.status} />
            <Typography variant="body2" color="text.secondary">
              {noteChain(n)}
            </Typography>
          </Stack>
          <Divider />
          <Stack spacing={1} data-testid="qa-thread">
            {n.qaNoteList.map((m) => (
              <Box key={m.id}>
                <Typography variant="caption" color="text.secondary">
                  {m.createdBy?.fullName ?? ''} · {dateTimeText(m.createdAt)}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {m.data}
                </Typography>
              </Box>
            ))}
          </Stack>
          {may('Comment') ? (
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('qaValidation:note.message')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
          ) : (
            n.status === 'Closed' && <Alert severity="info">{t('qaValidation:note.closedNoMessages')}</Alert>
          )}
        </Stack>
      )}
    </DesignDialog>
  );
}
