import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  canAnswerWithData,
  CLINICAL_SIGNIFICANCE_VALUES,
  keepsMasks,
  type ItemNoteReply,
  type SubjectFormFieldReply,
  type SubjectVisitPage,
} from '@edc/domain';
import { ApiError } from '../../../../shared/api/client';
import { FormDialog } from '../../../../shared/components/FormDialog';
import { applyField, readField, updateCachedForm } from '../../api';
import { parseTyped, readableValue, typedText } from '../../format';
import { answerNote, applyAnswered, closeNote, commentNote, type NoteWhere } from '../../notesApi';
import { fieldRowStyles } from '../SectionPanel';
import { ValueInput } from '../ValueInput';
import { useProposalStore } from '../controller';
import { NoteDialogBody, NoteFailure, NoteTextField, useNoteWrite } from './noteParts';

export type NoteAction = 'answer' | 'comment' | 'close';

/** The answer suggestions of the answer dialog (spec section 5), in the interface language. */
const SUGGESTIONS = ['correct', 'edited', 'added'] as const;

/**
 * One action on a note, each in its own dialog over the note history: the site's answer (a text, with the
 * three suggestions, and optionally a new value of the field with the reason for change, sent in one
 * request), a comment, or closing (an optional last word; Closed or Not applicable). A failure keeps
 * everything typed.
 */
export function NoteActionDialog({
  action,
  note,
  field,
  where,
  onDone,
  onCancel,
}: {
  action: NoteAction;
  note: ItemNoteReply;
  /** The field as the form has it now (its current value). */
  field: SubjectFormFieldReply;
  where: NoteWhere;
  onDone: () => void;
  onCancel: () => void;
}) {
  if (action === 'answer') return <AnswerDialog note={note} field={field} where={where} onDone={onDone} onCancel={onCancel} />;
  return <CommentOrCloseDialog action={action} note={note} where={where} onDone={onDone} onCancel={onCancel} />;
}

function CommentOrCloseDialog({
  action,
  note,
  where,
  onDone,
  onCancel,
}: {
  action: 'comment' | 'close';
  note: ItemNoteReply;
  where: NoteWhere;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const statusId = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<'Closed' | 'NotApplicable'>('Closed');
  const [missing, setMissing] = useState(false);
  const { saving, failure, run } = useNoteWrite(where);
  const closing = action === 'close';
  const submit = async () => {
    if (!closing && text.trim() === '') {
      setMissing(true);
      return;
    }
    await run(
      () => (closing ? closeNote(note.id, text.trim() || null, status) : commentNote(note.id, text.trim())),
      t(closing ? 'notes:close.done' : 'notes:comment.done'),
      onDone,
    );
  };
  return (
    <FormDialog
      title={t(closing ? 'notes:close.title' : 'notes:comment.title')}
      onClose={onCancel}
      onSubmit={() => void submit()}
      saving={saving}
      submitLabel={t(closing ? 'notes:close.submit' : 'notes:comment.submit')}
      fullScreenOnPhone
    >
      <NoteDialogBody>
        <NoteQuote note={note} />
        <NoteTextField
          label={t(closing ? 'notes:close.text' : 'notes:comment.text')}
          value={text}
          required={!closing}
          onChange={(v) => {
            setText(v);
            if (v.trim() !== '') setMissing(false);
          }}
          error={missing}
        />
        {closing && (
          <FormControl>
            <FormLabel id={statusId}>{t('notes:close.as')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={statusId}
              value={status}
              onChange={(e) => setStatus(e.target.value as 'Closed' | 'NotApplicable')}
            >
              <FormControlLabel value="Closed" control={<Radio />} label={t('notes:close.Closed')} />
              <FormControlLabel value="NotApplicable" control={<Radio />} label={t('notes:close.NotApplicable')} />
            </RadioGroup>
          </FormControl>
        )}
        <NoteFailure message={failure} />
      </NoteDialogBody>
    </FormDialog>
  );
}

/** The note's first entry, quoted above the answer or comment. */
function NoteQuote({ note }: { note: ItemNoteReply }) {
  const { t } = useTranslation();
  const first = note.entries[0];
  if (!first?.data) return null;
  return (
    <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t(`notes:type.${note.type}`)} · {first.createdBy.fullName}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{first.data}</Typography>
    </Box>
  );
}

/** The visit's dayPlus (the date suggestions), from the cached visit page. */
function useDayPlus(subjectVisitId: string): number {
  const qc = useQueryClient();
  const page = qc.getQueriesData<SubjectVisitPage>({ queryKey: ['subjectVisitPage', subjectVisitId] }).find(([, d]) => d)?.[1];
  return page?.visit.dayPlus ?? 0;
}

function AnswerDialog({
  note,
  field,
  where,
  onDone,
  onCancel,
}: {
  note: ItemNoteReply;
  field: SubjectFormFieldReply;
  where: NoteWhere;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const proposals = useProposalStore();
  const inputId = useId();
  const dayPlus = useDayPlus(where.subjectVisitId);
  const visitDate =
    qc
      .getQueriesData<{ subjectVisit: { date: string } }>({ queryKey: ['subjectForm', where.subjectFormId] })
      .find(([, d]) => d)?.[1]?.subjectVisit.date ?? '';
  const ff = field.formField;
  const type = ff.field.fieldType;
  // A file's value is changed only by an upload; a calculated one only by the server.
  const mayChange = canAnswerWithData(type);
  const yesNo = { yes: t('dataEntry:field.checked'), no: t('dataEntry:field.unchecked') };
  const readable = (v: string | null | undefined) => readableValue(type, v, i18n.language, yesNo);

  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [change, setChange] = useState(false);
  const [draft, setDraft] = useState(() => typedText(type, field.itemData?.data, i18n.language));
  const [cs, setCs] = useState(field.itemData?.clinicalSignificanceString ?? '');
  const [invalid, setInvalid] = useState<null | 'invalid' | 'unchanged'>(null);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const { saving, failure, run } = useNoteWrite(where);
  const [stale, setStale] = useState<string | null>(null);

  /** The new value as sent, or why it cannot be. */
  const newValue = (): { data: string | null } | 'invalid' | 'unchanged' => {
    const parsed = parseTyped(type, draft);
    if (parsed === 'invalid' || (parsed !== null && (type === 'Text' || type === 'Number') && !keepsMasks(parsed, ff)))
      return 'invalid';
    const cur = field.itemData;
    if ((cur?.data ?? null) === parsed && (cur?.clinicalSignificanceString ?? '') === cs) return 'unchanged';
    return { data: parsed };
  };

  const submit = async () => {
    let ok = true;
    if (text.trim() === '') {
      setMissing(true);
      ok = false;
    }
    let value: { data: string | null } | null = null;
    if (change) {
      const v = newValue();
      if (v === 'invalid' || v === 'unchanged') {
        setInvalid(v);
        ok = false;
      } else value = v;
      if (reason.trim() === '') {
        setReasonMissing(true);
        ok = false;
      }
    }
    if (!ok) return;
    setStale(null);
    await run(
      async () => {
        const reply = await answerNote(
          note.id,
          text.trim(),
          value
            ? {
                data: value.data,
                comment: field.itemData?.comment ?? null,
                clinicalSignificanceString: cs || null,
                reasonForChange: reason.trim(),
                currentItemDataId: field.itemData?.id ?? null,
              }
            : null,
        );
        applyAnswered(qc, where, reply.data);
        // The values the rules propose after the new value go to the form, as after a save in it.
        const saved = reply.data.itemData;
        if (saved && proposals) {
          proposals.drop(field.id);
          if (saved.proposals?.length) proposals.put(saved.proposals);
        }
      },
      t('notes:answer.done'),
      onDone,
      // Someone else saved the field first: the form shows the current value, what was typed stays.
      async (e: unknown) => {
        if (!(value && e instanceof ApiError && e.status === 409 && e.hasCode('item_data_stale'))) return false;
        try {
          const fresh = await readField(field.id);
          updateCachedForm(qc, where.subjectFormId, (f) => applyField(f, fresh));
          setStale(readable(fresh.itemData?.data));
          return true;
        } catch {
          return false;
        }
      },
    );
  };

  return (
    <FormDialog
      title={t('notes:answer.title')}
      onClose={onCancel}
      onSubmit={() => void submit()}
      saving={saving}
      submitLabel={t('notes:answer.submit')}
      fullScreenOnPhone
    >
      <NoteDialogBody>
        <NoteQuote note={note} />
        <NoteTextField
          label={t('notes:answer.text')}
          value={text}
          onChange={(v) => {
            setText(v);
            if (v.trim() !== '') setMissing(false);
          }}
          error={missing}
        />
        <Stack
          direction="row"
          role="group"
          aria-label={t('notes:answer.suggestions')}
          sx={{ flexWrap: 'wrap', gap: 1 }}
          data-testid="answer-suggestions"
        >
          {SUGGESTIONS.map((k) => {
            const s = t(`notes:answer.suggestion.${k}`);
            return (
              <Chip
                key={k}
                label={s}
                size="small"
                variant="outlined"
                onClick={() => {
                  setText(s);
                  setMissing(false);
                }}
              />
            );
          })}
        </Stack>
        {mayChange ? (
          <FormControlLabel
            control={
              <Checkbox
                checked={change}
                onChange={(e) => {
                  setChange(e.target.checked);
                  setInvalid(null);
                }}
              />
            }
            label={t('notes:answer.changeValue')}
            sx={{ mt: 1 }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('notes:answer.noDataChange')}
          </Typography>
        )}
        {change && (
          <Box sx={{ ...fieldRowStyles, display: 'grid', gap: 1, pl: { xs: 0, sm: 1 } }} data-testid="answer-value">
            <Typography variant="body2">
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('notes:answer.current')}:
              </Box>{' '}
              <span data-testid="answer-current">{readable(field.itemData?.data) || '—'}</span>
            </Typography>
            <Box component="label" htmlFor={inputId} sx={{ typography: 'body2', color: 'text.secondary' }}>
              {t('notes:answer.newValue')}: {ff.text}
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <ValueInput
                id={inputId}
                field={field}
                draft={draft}
                invalid={invalid !== null}
                disabled={false}
                readOnly={false}
                visitDate={visitDate}
                dayPlus={dayPlus}
                onDraft={(v) => {
                  setDraft(v);
                  setInvalid(null);
                }}
                // The value is sent with the answer: choosing or pressing Enter only sets it.
                onCommit={(v) => {
                  if (v !== undefined) setDraft(v);
                }}
                onFile={() => undefined}
              />
              {(ff.units ?? ff.field.units) && <span className="field-aside">{ff.units ?? ff.field.units}</span>}
              {ff.clinicalSignificance && (
                <TextField
                  select
                  size="small"
                  margin="none"
                  fullWidth={false}
                  value={cs}
                  label={t('dataEntry:field.clinicalSignificance')}
                  onChange={(e) => {
                    setCs(e.target.value);
                    setInvalid(null);
                  }}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  sx={{ minWidth: 110 }}
                >
                  <option value="">—</option>
                  {CLINICAL_SIGNIFICANCE_VALUES.map((v) => (
                    <option key={v} value={v}>
                      {t(`dataEntry:field.cs.${v}`)}
                    </option>
                  ))}
                </TextField>
              )}
            </Box>
            {invalid && (
              <Typography role="alert" variant="body2" color="error">
                {invalid === 'invalid'
                  ? `${t('dataEntry:field.invalid')}${ff.mask ? ` (${t('dataEntry:field.mask', { mask: ff.mask })})` : ''}`
                  : t('notes:answer.unchanged')}
              </Typography>
            )}
            <TextField
              label={t('notes:answer.reason')}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim() !== '') setReasonMissing(false);
              }}
              required
              fullWidth
              multiline
              maxRows={3}
              margin="dense"
              error={reasonMissing}
              helperText={reasonMissing ? t('common:validation.required') : undefined}
              slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'answer-reason' } }}
            />
            <Box>
              <Chip
                label={t('dataEntry:reason.suggestion')}
                size="small"
                variant="outlined"
                onClick={() => {
                  setReason(t('dataEntry:reason.suggestion'));
                  setReasonMissing(false);
                }}
              />
            </Box>
          </Box>
        )}
        {stale !== null && (
          <Alert severity="warning" data-testid="stale-message">
            {t('dataEntry:field.stale', { value: stale || t('dataEntry:field.empty') })}
          </Alert>
        )}
        <NoteFailure message={failure} />
      </NoteDialogBody>
    </FormDialog>
  );
}
