import { useEffect, useState } from 'react';
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { QaFormReply, QaItemNoteReply } from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { useSections } from '../design/api';
import { useEveryQaNote } from './api';
import { AddNoteDialog, NoteDialog } from './NoteDialogs';
import { QaStatusChip } from './QaStatusChip';

/**
 * A form as QA reads it: its sections and fields, read-only, each field with its notes beside it. `sectionId`
 * and `formFieldId` (query parameters) scroll to a section or a field and mark it.
 */
export function QaFormView({
  qaVisitId,
  qaForm,
  isQa,
  sectionId,
  formFieldId,
}: {
  qaVisitId: string;
  qaForm: QaFormReply;
  isQa: boolean;
  sectionId: string | null;
  formFieldId: string | null;
}) {
  const { t } = useTranslation();
  const sections = useSections(qaForm.formId);
  const notes = useEveryQaNote({ qaFormId: qaForm.id });
  const [adding, setAdding] = useState<{ formFieldId: string | null; label: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const byField = new Map<string, QaItemNoteReply[]>();
  for (const n of notes.data ?? []) {
    const key = n.formField?.id ?? '';
    byField.set(key, [...(byField.get(key) ?? []), n]);
  }
  const target = formFieldId ?? sectionId;
  useEffect(() => {
    if (!target || !sections.data) return;
    document.getElementById(`qa-${target}`)?.scrollIntoView({ block: 'center' });
  }, [target, sections.data]);

  const canAdd = isQa && !qaForm.validated;
  const noteChips = (list: QaItemNoteReply[] | undefined) =>
    (list ?? []).map((n) => (
      <Box key={n.id} component="span" onClick={() => setOpen(n.id)} sx={{ cursor: 'pointer' }} title={n.qaNoteList[0]?.data}>
        <QaStatusChip status={n.status} />
      </Box>
    ));

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="qa-form-view">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {qaForm.title}
        </Typography>
        {noteChips(byField.get(''))}
        {canAdd && (
          <Tooltip title={t('qaValidation:add.onForm')}>
            <IconButton
              onClick={() => setAdding({ formFieldId: null, label: qaForm.title })}
              aria-label={t('qaValidation:add.onForm')}
            >
              <AddCommentOutlined />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {qaForm.withdrawnAt && !qaForm.validated && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('qaValidation:withdrawn', { cause: t(`qaValidation:cause.${qaForm.withdrawnCause}`) })}
        </Alert>
      )}
      {sections.isPending && <Loading />}
      {sections.isError && <Alert severity="error">{t('qaValidation:errors.form')}</Alert>}
      {sections.data?.map((s) => (
        <Box
          key={s.id}
          id={`qa-${s.id}`}
          sx={{ mt: 2, ...(s.id === sectionId ? { outline: 2, outlineColor: 'primary.main' } : {}) }}
        >
          <Typography variant="subtitle1" sx={{ fontWeight: 500 }}>
            {s.sectionName}
          </Typography>
          {s.formFieldList.map((f) => (
            <Stack
              key={f.id}
              id={`qa-${f.id}`}
              data-testid={`qa-field-${f.id}`}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                alignItems: { sm: 'center' },
                ...(f.id === formFieldId ? { bgcolor: 'action.selected' } : {}),
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {f.text}
                  {f.isRequired ? ' *' : ''}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`design:fieldType.${f.field.fieldType}`, { defaultValue: f.field.fieldType })}
                  {f.units ? ` · ${f.units}` : ''}
                </Typography>
              </Box>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                {noteChips(byField.get(f.id))}
                {canAdd && (
                  <Tooltip title={t('qaValidation:add.onField')}>
                    <IconButton
                      size="small"
                      aria-label={t('qaValidation:add.onField')}
                      data-testid={`qa-add-note-${f.id}`}
                      onClick={() => setAdding({ formFieldId: f.id, label: `${qaForm.title} / ${f.text}` })}
                    >
                      <AddCommentOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
            </Stack>
          ))}
          {s.formFieldList.length === 0 && <Chip size="small" label={t('qaValidation:noFields')} sx={{ mt: 1 }} />}
        </Box>
      ))}
      {adding && (
        <AddNoteDialog
          target={{ qaVisitId, qaFormId: qaForm.id, formFieldId: adding.formFieldId }}
          label={adding.label}
          onClose={() => setAdding(null)}
        />
      )}
      {open && <NoteDialog id={open} onClose={() => setOpen(null)} />}
    </Paper>
  );
}
