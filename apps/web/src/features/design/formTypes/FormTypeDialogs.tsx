import { useState } from 'react';
import i18n from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { design, FIELD_TYPES, normaliseOptions, type FieldType } from '@edc/domain';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useFormTypeMutations, type FieldDefinition, type FormType } from '../api';
import { DesignDialog, PrintTextField, RhfText, SubmitActions } from '../components/common';

const formTypeSchema = z.object({
  title: design.formTypeCreate.shape.title,
  formTypeKey: design.formTypeCreate.shape.formTypeKey,
  description: z.string().trim().max(4000),
});
type FormTypeInput = z.input<typeof formTypeSchema>;
const formTypeResolver = formResolver(formTypeSchema);
const NEW_TYPE: FormTypeInput = { title: '', formTypeKey: '', description: '' };

export function FormTypeDialog({
  open,
  onClose,
  formType,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  formType?: FormType;
  onCreated?: (ft: FormType) => void;
}) {
  const { t } = useTranslation();
  const { create, update } = useFormTypeMutations();
  const initial = formType
    ? { title: formType.title, formTypeKey: formType.formTypeKey, description: formType.description ?? '' }
    : NEW_TYPE;
  const rhf = useForm<FormTypeInput, unknown, z.output<typeof formTypeSchema>>({ resolver: formTypeResolver, values: initial });
  const close = () => {
    rhf.reset(initial);
    onClose();
  };
  return (
    <DesignDialog
      open={open}
      onClose={close}
      title={formType ? t('design:formType.edit') : t('design:formType.create')}
      onSubmit={rhf.handleSubmit((v) => {
        const body = { ...v, description: v.description || null };
        if (formType)
          update.mutate(
            { id: formType.id, body: { ...body, updatedAt: formType.updatedAt } },
            { onSuccess: close, onError: close },
          );
        else
          create.mutate(body, {
            onSuccess: (ft) => {
              close();
              onCreated?.(ft);
            },
          });
      })}
      actions={
        <SubmitActions
          onCancel={close}
          pending={create.isPending || update.isPending}
          label={formType ? t('common:actions.save') : t('design:common.create')}
        />
      }
    >
      <RhfText control={rhf.control} name="title" label={t('design:formType.title')} required printCheck autoFocus />
      <RhfText control={rhf.control} name="formTypeKey" label={t('design:formType.key')} required />
      <RhfText
        control={rhf.control}
        name="description"
        label={t('design:formType.description')}
        multiline
        minRows={2}
        printCheck
      />
    </DesignDialog>
  );
}

const fieldDefSchema = z.object({
  title: design.fieldCreate.shape.title,
  fieldKey: design.fieldCreate.shape.fieldKey,
  fieldType: z.string().min(1).pipe(z.enum(FIELD_TYPES)),
  units: z.string().trim().max(100),
});
type FieldDefInput = z.input<typeof fieldDefSchema>;
const fieldDefResolver = formResolver(fieldDefSchema);

/**
 * Add or edit a field definition (spec section 5): a select needs options, empty options are dropped,
 * one option may be the default, the list starts with two empty slots; the type is read-only on edit.
 */
export function FieldDefinitionDialog({
  open,
  onClose,
  formTypeId,
  field,
}: {
  open: boolean;
  onClose: () => void;
  formTypeId: string;
  field?: FieldDefinition;
}) {
  const { t } = useTranslation();
  const { createField, updateField } = useFormTypeMutations();
  const initial: FieldDefInput = field
    ? { title: field.title, fieldKey: field.fieldKey, fieldType: field.fieldType, units: field.units ?? '' }
    : { title: '', fieldKey: '', fieldType: '' as FieldType, units: '' };
  const rhf = useForm<FieldDefInput, unknown, z.output<typeof fieldDefSchema>>({ resolver: fieldDefResolver, values: initial });
  const initialOptions = field?.optionList.length ? field.optionList : ['', ''];
  const [options, setOptions] = useState<string[]>(initialOptions);
  const [defaultIndex, setDefaultIndex] = useState<number | null>(
    field?.defaultOption ? field.optionList.indexOf(field.defaultOption) : null,
  );
  const [optionsError, setOptionsError] = useState<string | null>(null);
  const type = rhf.watch('fieldType');
  const close = () => {
    rhf.reset(initial);
    setOptions(initialOptions);
    setDefaultIndex(null);
    setOptionsError(null);
    onClose();
  };
  const submit = rhf.handleSubmit((v) => {
    const def = defaultIndex !== null ? (options[defaultIndex] ?? null) : null;
    const normalised = normaliseOptions(v.fieldType, options, def);
    if (!normalised.ok) {
      setOptionsError(i18n.t(`design:fieldDef.problem.${normalised.problem}`));
      return;
    }
    setOptionsError(null);
    const body = { title: v.title, fieldKey: v.fieldKey, units: v.units || null, ...normalised.value };
    if (field)
      updateField.mutate({ id: field.id, body: { ...body, updatedAt: field.updatedAt } }, { onSuccess: close, onError: close });
    else createField.mutate({ formTypeId, fieldType: v.fieldType, ...body }, { onSuccess: close });
  });
  return (
    <DesignDialog
      open={open}
      onClose={close}
      title={field ? t('design:fieldDef.edit') : t('design:fieldDef.create')}
      onSubmit={submit}
      actions={
        <SubmitActions
          onCancel={close}
          pending={createField.isPending || updateField.isPending}
          label={field ? t('common:actions.save') : t('design:common.create')}
        />
      }
    >
      <RhfText control={rhf.control} name="title" label={t('design:fieldDef.title')} required printCheck autoFocus />
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <RhfText control={rhf.control} name="fieldKey" label={t('design:fieldDef.key')} required />
        <RhfText
          control={rhf.control}
          name="fieldType"
          label={t('design:fieldDef.type')}
          required
          select
          disabled={Boolean(field)}
          helperText={field ? t('design:fieldDef.typeReadOnly') : undefined}
        >
          {FIELD_TYPES.map((ft) => (
            <MenuItem key={ft} value={ft}>
              {t(`design:fieldType.${ft}`)}
            </MenuItem>
          ))}
        </RhfText>
      </Box>
      <RhfText control={rhf.control} name="units" label={t('design:field.units')} printCheck />
      {type === 'Select' && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
          <Typography component="legend" variant="subtitle2">
            {t('design:fieldDef.options')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('design:fieldDef.defaultHint')}
          </Typography>
          {options.map((o, i) => (
            <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Radio
                checked={defaultIndex === i}
                onClick={() => setDefaultIndex((d) => (d === i ? null : i))}
                slotProps={{ input: { 'aria-label': t('design:fieldDef.defaultN', { n: i + 1 }) } }}
              />
              <PrintTextField
                size="small"
                margin="dense"
                fullWidth
                label={t('design:fieldDef.optionN', { n: i + 1 })}
                value={o}
                onChange={(e) => setOptions((list) => list.map((x, j) => (j === i ? e.target.value : x)))}
              />
              <IconButton
                aria-label={t('design:fieldDef.removeOption', { n: i + 1 })}
                onClick={() => {
                  setOptions((list) => list.filter((_, j) => j !== i));
                  setDefaultIndex((d) => (d === i ? null : d !== null && d > i ? d - 1 : d));
                }}
              >
                <Close />
              </IconButton>
            </Box>
          ))}
          <Button startIcon={<Add />} onClick={() => setOptions((list) => [...list, ''])}>
            {t('design:fieldDef.addOption')}
          </Button>
        </Box>
      )}
      {optionsError && (
        <FormHelperText error role="alert">
          {optionsError}
        </FormHelperText>
      )}
    </DesignDialog>
  );
}
