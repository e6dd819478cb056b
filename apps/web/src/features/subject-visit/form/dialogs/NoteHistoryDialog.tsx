import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  localTimeZone,
  localToday,
  noteAgeDays,
  todayIn,
  type ItemNoteEntryReply,
  type ItemNoteReply,
  type NoteType,
  type SubjectFormFieldReply,
} from '@edc/domain';
import { Loading } from '../../../../shared/components/Loading';
import { displayDateTime } from '../../format';
import { NoteStatusChip } from '../../NoteIndicator';
import { useNoteHistory, type NoteWhere } from '../../notesApi';
import { findField, useCachedForm, useNoteAbilities } from '../noteAbilities';
import { AddNoteDialog } from './AddNoteDialog';
import { NoteActionDialog, type NoteAction } from './NoteActionDialog';

/** The calendar date of an instant in the user's time zone (docs/dates.md: instants are shown in the user's zone). */
const localDate = (iso: string) => todayIn(localTimeZone(), new Date(iso));

/**
 * A note's age in calendar days of the user's zone (spec section 4): from creation to today while open, from
 * creation to closing once closed.
 */
export function noteAgeText(note: Pick<ItemNoteReply, 'createdAt' | 'closeAt'>, t: TFunction, today = localToday()): string {
  const created = localDate(note.createdAt);
  if (note.closeAt) {
    const n = noteAgeDays(created, localDate(note.closeAt));
    return n === 0
      ? t('notes:age.closedSameDay')
      : n === 1
        ? t('notes:age.closedNextDay')
        : t('notes:age.closedAfter', { count: n });
  }
  const n = noteAgeDays(created, today);
  return n === 0 ? t('notes:age.today') : n === 1 ? t('notes:age.yesterday') : t('notes:age.days', { count: n });
}

/**
 * The notes of one field (spec section 2 "note history and answer"), newest first: each with its type,
 * status (in its colour), age and entries (who with the role, when, the text, and whether an answer changed
 * the value), and the actions the server allows the caller on it: answer, comment, close. Adding a note of the
 * caller's type is offered here too.
 */
export function NoteHistoryDialog({
  field: opened,
  where,
  onClose,
}: {
  /** The field when the dialog opened; the form's current copy is read from the cache. */
  field: SubjectFormFieldReply;
  where: NoteWhere;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const history = useNoteHistory(where.subjectFormFieldId);
  const field = findField(useCachedForm(where.subjectFormId), where.subjectFormFieldId)?.field ?? opened;
  const abilities = useNoteAbilities(where.subjectFormId, where.subjectFormFieldId);
  const [action, setAction] = useState<{ kind: NoteAction; note: ItemNoteReply } | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const [focusNote, setFocusNote] = useState<string | null>(null);
  // An action usually removes the button that opened it (an answered note has no 'Answer') once the history is
  // read again, and the focus would fall out of this dialog, where Esc and Tab do nothing. It goes to the note.
  useEffect(() => {
    if (action || !focusNote) return;
    list.current?.querySelector<HTMLElement>(`[data-note-id="${focusNote}"]`)?.focus();
    setFocusNote(null);
  }, [action, focusNote]);
  const title = t('notes:history.title', { field: field.formField.text });

  let content;
  if (history.isPending) content = <Loading />;
  else if (history.isError) content = <Alert severity="error">{t('notes:history.loadError')}</Alert>;
  else if (history.data.length === 0) content = <Typography color="text.secondary">{t('notes:history.empty')}</Typography>;
  else
    content = (
      <Box
        ref={list}
        component="ol"
        aria-label={t('notes:history.list')}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
      >
        {history.data.map((note) => (
          <NoteCard key={note.id} note={note} t={t} onAction={(kind) => setAction({ kind, note })} />
        ))}
      </Box>
    );

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={id} fullWidth maxWidth="md" fullScreen={phone}>
        <DialogTitle id={id} sx={{ wordBreak: 'break-word' }}>
          {title}
        </DialogTitle>
        <DialogContent dividers>{content}</DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
          {abilities.addType && (
            <AddButton type={abilities.addType} refusal={abilities.refusal} t={t} onClick={() => setAdding(true)} />
          )}
          <Button variant="contained" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        </DialogActions>
      </Dialog>
      {action && (
        <NoteActionDialog
          action={action.kind}
          note={action.note}
          field={field}
          where={where}
          onDone={() => {
            setFocusNote(action.note.id);
            setAction(null);
          }}
          onCancel={() => setAction(null)}
        />
      )}
      {adding && abilities.addType && (
        <AddNoteDialog fieldText={field.formField.text} type={abilities.addType} where={where} onClose={() => setAdding(false)} />
      )}
    </>
  );
}

/** 'Add query' (or 'Add comment' for a site), disabled with the reason when the caller's level has validated. */
function AddButton({ type, refusal, t, onClick }: { type: NoteType; refusal: string | null; t: TFunction; onClick: () => void }) {
  const label = t(type === 'Comment' ? 'notes:menu.addComment' : 'notes:menu.add');
  if (!refusal) return <Button onClick={onClick}>{label}</Button>;
  // A disabled button takes no focus: the reason is written beside it.
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mr: 'auto', flexWrap: 'wrap' }}>
      <Button disabled>{label}</Button>
      <Typography variant="body2" color="text.secondary" data-testid="note-refusal">
        {t(`notes:refusal.${refusal}`)}
      </Typography>
    </Stack>
  );
}

function NoteCard({ note, t, onAction }: { note: ItemNoteReply; t: TFunction; onAction: (kind: NoteAction) => void }) {
  const headId = useId();
  return (
    <Box
      component="li"
      aria-labelledby={headId}
      tabIndex={-1}
      data-note-id={note.id}
      data-testid="note"
      data-note-type={note.type}
      data-status={note.status}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: { xs: 1.5, sm: 2 },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headId} component="h3" sx={{ fontWeight: 600 }}>
          {t(`notes:type.${note.type}`)}
        </Typography>
        <NoteStatusChip status={note.status} />
        <Typography variant="body2" color="text.secondary" data-testid="note-age">
          {noteAgeText(note, t)}
        </Typography>
      </Stack>
      <Box component="ol" aria-label={t('notes:history.entries')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {note.entries.map((e) => (
          <NoteEntry key={e.id} entry={e} t={t} />
        ))}
      </Box>
      {(note.canAnswer || note.canComment || note.canClose) && (
        <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          {note.canAnswer && (
            <Button variant="contained" size="small" onClick={() => onAction('answer')}>
              {t('notes:history.answer')}
            </Button>
          )}
          {note.canComment && (
            <Button variant="outlined" size="small" onClick={() => onAction('comment')}>
              {t('notes:history.comment')}
            </Button>
          )}
          {note.canClose && (
            <Button variant="outlined" size="small" color="success" onClick={() => onAction('close')}>
              {t('notes:history.close')}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}

function NoteEntry({ entry: e, t }: { entry: ItemNoteEntryReply; t: TFunction }) {
  const role = e.createdBy.employeeType ? t(`enums:employeeType.${e.createdBy.employeeType}`) : null;
  return (
    <Box
      component="li"
      data-testid="note-entry"
      data-kind={e.kind}
      sx={{ py: 1, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 0.25 }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap', typography: 'body2' }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {t(`notes:entryKind.${e.kind}`)}
        </Box>
        <Box component="span">
          {e.createdBy.fullName}
          {role ? ` (${role})` : ''}
        </Box>
        <Box component="time" dateTime={e.createdAt} sx={{ color: 'text.secondary' }}>
          {displayDateTime(e.createdAt)}
        </Box>
        {e.kind === 'Close' && <NoteStatusChip status={e.status} testId="entry-status" />}
        {e.itemDataId && (
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={t('notes:history.valueChanged')}
            data-testid="value-changed"
          />
        )}
      </Stack>
      {e.data && <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{e.data}</Typography>}
    </Box>
  );
}
