import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '@edc/domain';
import type { Form } from '../api';
import { DesignDialog, errorText, PrintTextField, QueryBlock, SubmitActions } from '../components/common';
import { useFormActions, useFormTemplates } from '../formActionsApi';

const TITLE_MAX = 500;

/** Save a complete form as a template of the current organisation (CopyFormToTemplate). */
export function SaveTemplateDialog({ form, onClose }: { form: Form | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { saveAsTemplate } = useFormActions();
  const [title, setTitle] = useState<string | null>(null);
  if (!form) return null;
  const value = title ?? form.title;
  const empty = value.trim() === '';
  const close = () => {
    setTitle(null);
    saveAsTemplate.reset();
    onClose();
  };
  return (
    <DesignDialog
      open
      onClose={close}
      title={t('design:template.saveTitle', { title: form.title })}
      onSubmit={(e) => {
        e.preventDefault();
        if (!empty) saveAsTemplate.mutate({ formId: form.id, title: value.trim() }, { onSuccess: close });
      }}
      actions={
        <SubmitActions onCancel={close} pending={saveAsTemplate.isPending} label={t('common:actions.save')} disabled={empty} />
      }
    >
      {saveAsTemplate.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(saveAsTemplate.error)}
        </Alert>
      )}
      <Typography sx={{ mb: 1 }}>{t('design:template.saveHint')}</Typography>
      <PrintTextField
        fullWidth
        margin="dense"
        required
        autoFocus
        label={t('design:template.name')}
        value={value}
        error={empty}
        helperText={empty ? t('common:validation.required') : undefined}
        onChange={(e) => setTitle(e.target.value)}
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
      />
    </DesignDialog>
  );
}

/** Create a form in the visit from one of the organisation's templates (Forms/FromTemplate). */
export function FromTemplateDialog({
  open,
  visitId,
  onClose,
  onCreated,
}: {
  open: boolean;
  visitId: string;
  onClose: () => void;
  onCreated?: (form: Form) => void;
}) {
  const { t } = useTranslation();
  const templates = useFormTemplates(open);
  const { fromTemplate } = useFormActions();
  const [chosen, setChosen] = useState('');
  const [title, setTitle] = useState('');
  const [touched, setTouched] = useState(false);
  const close = () => {
    setChosen('');
    setTitle('');
    setTouched(false);
    fromTemplate.reset();
    onClose();
  };
  const list = templates.data ?? [];
  return (
    <DesignDialog
      open={open}
      onClose={close}
      title={t('design:template.fromTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!chosen) return;
        fromTemplate.mutate(
          { formTemplateId: chosen, visitId, title: title.trim() || undefined },
          {
            onSuccess: (f) => {
              close();
              onCreated?.(f);
            },
          },
        );
      }}
      actions={<SubmitActions onCancel={close} pending={fromTemplate.isPending} />}
    >
      {fromTemplate.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(fromTemplate.error)}
        </Alert>
      )}
      <QueryBlock
        query={templates}
        errorText={t('design:errors.templates')}
        empty={list.length === 0}
        emptyText={t('design:template.empty')}
      >
        <Typography id="template-choice-label" sx={{ mb: 1 }}>
          {t('design:template.choose')}
        </Typography>
        <RadioGroup aria-labelledby="template-choice-label" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {list.map((tpl) => (
            <FormControlLabel
              key={tpl.id}
              value={tpl.id}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <Box>
                  <Typography component="span">{tpl.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('design:template.summary', {
                      type: tpl.formType.title,
                      sections: tpl.sectionCount,
                      fields: tpl.fieldCount,
                      date: formatDisplayDate(tpl.createdAt.slice(0, 10)),
                    })}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
        {touched && !chosen && <FormHelperText error>{t('design:template.chooseOne')}</FormHelperText>}
        <PrintTextField
          fullWidth
          margin="dense"
          label={t('design:template.newTitle')}
          value={title}
          helperText={t('design:template.newTitleHint')}
          onChange={(e) => setTitle(e.target.value)}
          slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
        />
      </QueryBlock>
    </DesignDialog>
  );
}
