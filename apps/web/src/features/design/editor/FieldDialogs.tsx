import { useState } from 'react';
import i18n from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { checkMask, DATA_LINK_TYPES, DURATION_PATTERN, isValidRegExMask, TIME_FIELD_TYPES } from '@edc/domain';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useFieldDefinitions, useFormFieldMutations, type FieldDefinition, type FormField } from '../api';
import { DesignDialog, InfoRow, QueryState, RhfText, usePrintWarning } from '../components/common';

interface Row {
  fieldId: string;
  text: string;
  isRequired: boolean;
}

function RowText({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  const warning = usePrintWarning(value);
  return (
    <TextField
      size="small"
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { 'aria-label': label } }}
      error={value.trim() === ''}
      helperText={value.trim() === '' ? i18n.t('common:validation.required') : warning}
    />
  );
}

/** Adds one or several fields (field definitions of the form's type) to a section. */
export function AddFieldsDialog({
  open,
  onClose,
  formTypeId,
  sectionId,
}: {
  open: boolean;
  onClose: () => void;
  formTypeId: string;
  sectionId: string;
}) {
  const { t } = useTranslation();
  const definitions = useFieldDefinitions(open ? formTypeId : undefined);
  const { createList } = useFormFieldMutations();
  const [rows, setRows] = useState<Row[]>([]);
  const [touched, setTouched] = useState(false);
  const close = () => {
    setRows([]);
    setTouched(false);
    onClose();
  };
  const toggle = (d: FieldDefinition, on: boolean) =>
    setRows((r) => (on ? [...r, { fieldId: d.id, text: d.title, isRequired: false }] : r.filter((x) => x.fieldId !== d.id)));
  const patch = (fieldId: string, p: Partial<Row>) => setRows((r) => r.map((x) => (x.fieldId === fieldId ? { ...x, ...p } : x)));
  const list = definitions.data ?? [];
  return (
    <DesignDialog
      open={open}
      onClose={close}
      maxWidth="md"
      title={t('design:field.add')}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (rows.length === 0 || rows.some((r) => r.text.trim() === '')) return;
        createList.mutate(
          { formSectionId: sectionId, formFieldList: rows.map((r) => ({ ...r, text: r.text.trim() })) },
          { onSuccess: close },
        );
      }}
      actions={
        <>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={createList.isPending}>
            {t('design:field.addN', { count: rows.length })}
          </Button>
        </>
      }
    >
      <QueryState
        loading={definitions.isLoading}
        error={definitions.isError}
        errorText={t('design:errors.fields')}
        onRetry={() => void definitions.refetch()}
        empty={list.length === 0}
        emptyText={t('design:field.noDefinitions')}
      >
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('design:field.definitions')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{t('design:field.definition')}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>{t('design:field.text')}</TableCell>
                <TableCell>{t('design:field.isRequired')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((d) => {
                const row = rows.find((r) => r.fieldId === d.id);
                return (
                  <TableRow key={d.id}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={Boolean(row)}
                        onChange={(e) => toggle(d, e.target.checked)}
                        slotProps={{ input: { 'aria-label': t('design:field.choose', { title: d.title }) } }}
                      />
                    </TableCell>
                    <TableCell>
                      {d.title}
                      <Typography variant="body2" color="text.secondary">
                        {t(`design:fieldType.${d.fieldType}`)} · {d.fieldKey}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {row && (
                        <RowText
                          value={row.text}
                          onChange={(text) => patch(d.id, { text })}
                          label={t('design:field.textOf', { title: d.title })}
                        />
                      )}
                    </TableCell>
                    <TableCell>
                      {row && (
                        <Checkbox
                          checked={row.isRequired}
                          onChange={(e) => patch(d.id, { isRequired: e.target.checked })}
                          slotProps={{ input: { 'aria-label': t('design:field.requiredOf', { title: d.title }) } }}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
        {touched && rows.length === 0 && (
          <Typography color="error" role="alert" sx={{ mt: 1 }}>
            {t('design:field.chooseOne')}
          </Typography>
        )}
      </QueryState>
    </DesignDialog>
  );
}

const optionalText = (max: number) => z.string().trim().max(max);
const fieldSchema = z.object({
  text: z.string().trim().min(1).max(4000),
  textBefore: optionalText(4000),
  textAfter: optionalText(4000),
  units: optionalText(100),
  annotationKey: optionalText(200),
  comment: optionalText(4000),
  mask: optionalText(200).refine((v) => !v || checkMask(v).ok, { error: () => i18n.t('design:field.maskInvalid') }),
  regExMask: optionalText(500).refine((v) => !v || isValidRegExMask(v), { error: () => i18n.t('design:field.regExInvalid') }),
  dataLink: z.string(),
  duration: z.string().refine((v) => !v || DURATION_PATTERN.test(v), { error: () => i18n.t('design:field.durationInvalid') }),
  isRequired: z.boolean(),
  isHidden: z.boolean(),
  requiredForEdc: z.boolean(),
  clinicalSignificance: z.boolean(),
});
type FieldInput = z.input<typeof fieldSchema>;
const fieldResolver = formResolver(fieldSchema);
const FLAGS = ['isRequired', 'isHidden', 'requiredForEdc', 'clinicalSignificance'] as const;

const fromField = (f: FormField): FieldInput => ({
  text: f.text,
  textBefore: f.textBefore ?? '',
  textAfter: f.textAfter ?? '',
  units: f.units ?? '',
  annotationKey: f.annotationKey ?? '',
  comment: f.comment ?? '',
  mask: f.mask ?? '',
  regExMask: f.regExMask ?? '',
  dataLink: f.dataLink ?? '',
  duration: f.duration ?? '',
  isRequired: f.isRequired,
  isHidden: f.isHidden,
  requiredForEdc: f.requiredForEdc,
  clinicalSignificance: f.clinicalSignificance,
});

/** Field details with inline edit (view → edit → confirm or cancel). */
export function FieldDetailsDialog({
  field,
  onClose,
  canEdit,
}: {
  field: FormField | null;
  onClose: () => void;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { update } = useFormFieldMutations();
  const rhf = useForm<FieldInput, unknown, z.output<typeof fieldSchema>>({
    resolver: fieldResolver,
    values: field ? fromField(field) : undefined,
  });
  if (!field) return null;
  const isTime = TIME_FIELD_TYPES.includes(field.field.fieldType);
  const cancel = () => {
    rhf.reset(fromField(field));
    setEditing(false);
  };
  const close = () => {
    setEditing(false);
    onClose();
  };
  const orNull = (v: string) => (v ? v : null);
  return (
    <DesignDialog
      open
      onClose={close}
      title={t('design:field.details', { text: field.text })}
      onSubmit={rhf.handleSubmit((v) =>
        update.mutate(
          {
            id: field.id,
            body: {
              text: v.text,
              textBefore: orNull(v.textBefore),
              textAfter: orNull(v.textAfter),
              units: orNull(v.units),
              annotationKey: orNull(v.annotationKey),
              comment: orNull(v.comment),
              mask: orNull(v.mask),
              regExMask: orNull(v.regExMask),
              dataLink: (orNull(v.dataLink) as FormField['dataLink']) ?? null,
              ...(isTime ? { duration: orNull(v.duration) } : {}),
              isRequired: v.isRequired,
              isHidden: v.isHidden,
              requiredForEdc: v.requiredForEdc,
              clinicalSignificance: v.clinicalSignificance,
              updatedAt: field.updatedAt,
            },
          },
          { onSuccess: () => setEditing(false), onError: cancel },
        ),
      )}
      actions={
        editing ? (
          <>
            <Button onClick={cancel}>{t('common:actions.cancel')}</Button>
            <Button type="submit" variant="contained" loading={update.isPending}>
              {t('design:common.confirm')}
            </Button>
          </>
        ) : (
          <>
            {canEdit && <Button onClick={() => setEditing(true)}>{t('design:common.edit')}</Button>}
            <Button variant="contained" onClick={close}>
              {t('common:actions.close')}
            </Button>
          </>
        )
      }
    >
      <Box component="dl" sx={{ m: 0, mb: 1 }}>
        <InfoRow label={t('design:field.definition')}>
          {field.field.title} ({t(`design:fieldType.${field.field.fieldType}`)}, {field.field.fieldKey})
        </InfoRow>
        {field.field.optionList.length > 0 && (
          <InfoRow label={t('design:fieldDef.options')}>{field.field.optionList.join(', ')}</InfoRow>
        )}
      </Box>
      {editing ? (
        <>
          <RhfText control={rhf.control} name="text" label={t('design:field.text')} required printCheck autoFocus />
          <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <RhfText control={rhf.control} name="textBefore" label={t('design:field.textBefore')} printCheck />
            <RhfText control={rhf.control} name="textAfter" label={t('design:field.textAfter')} printCheck />
            <RhfText control={rhf.control} name="units" label={t('design:field.units')} printCheck />
            <RhfText control={rhf.control} name="annotationKey" label={t('design:field.annotationKey')} />
            <RhfText control={rhf.control} name="mask" label={t('design:field.mask')} helperText={t('design:field.maskHint')} />
            <RhfText control={rhf.control} name="regExMask" label={t('design:field.regExMask')} />
            <RhfText control={rhf.control} name="dataLink" label={t('design:field.dataLink')} select>
              <MenuItem value="">{t('design:field.noDataLink')}</MenuItem>
              {DATA_LINK_TYPES.map((d) => (
                <MenuItem key={d} value={d}>
                  {t(`design:dataLink.${d}`)}
                </MenuItem>
              ))}
            </RhfText>
            {isTime && (
              <RhfText control={rhf.control} name="duration" label={t('design:field.duration')} placeholder="00:00:00" />
            )}
          </Box>
          <RhfText control={rhf.control} name="comment" label={t('design:field.comment')} multiline minRows={2} printCheck />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {FLAGS.map((name) => (
              <Controller
                key={name}
                name={name}
                control={rhf.control}
                render={({ field: f }) => (
                  <FormControlLabel
                    control={<Checkbox checked={Boolean(f.value)} onChange={(e) => f.onChange(e.target.checked)} />}
                    label={t(`design:field.${name}`)}
                  />
                )}
              />
            ))}
          </Box>
        </>
      ) : (
        <Box component="dl" sx={{ m: 0 }}>
          <InfoRow label={t('design:field.text')}>{field.text}</InfoRow>
          <InfoRow label={t('design:field.textBefore')}>{field.textBefore}</InfoRow>
          <InfoRow label={t('design:field.textAfter')}>{field.textAfter}</InfoRow>
          <InfoRow label={t('design:field.units')}>{field.units}</InfoRow>
          <InfoRow label={t('design:field.mask')}>{field.mask}</InfoRow>
          <InfoRow label={t('design:field.regExMask')}>{field.regExMask}</InfoRow>
          <InfoRow label={t('design:field.dataLink')}>{field.dataLink ? t(`design:dataLink.${field.dataLink}`) : null}</InfoRow>
          {isTime && <InfoRow label={t('design:field.duration')}>{field.duration}</InfoRow>}
          <InfoRow label={t('design:field.comment')}>{field.comment}</InfoRow>
          <InfoRow label={t('design:field.flags')}>
            {FLAGS.filter((f) => field[f])
              .map((f) => t(`design:field.${f}`))
              .join(', ') || '—'}
          </InfoRow>
        </Box>
      )}
    </DesignDialog>
  );
}
