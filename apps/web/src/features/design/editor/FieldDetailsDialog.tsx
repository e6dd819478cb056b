import i18n from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { checkMask, DATA_LINK_TYPES, DURATION_PATTERN, isValidRegExMask, TIME_FIELD_TYPES } from '@edc/domain';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useFormFieldMutations, type FormField } from '../api';
import { useResearchForms } from '../formActionsApi';
import { DesignDialog, InfoRow, RhfCheckboxes, RhfText, SubmitActions } from '../components/common';
import { useInlineEdit } from '../components/InfoEditDialog';

const optionalText = (max: number) => z.string().trim().max(max);
const fieldSchema = z
  .object({
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
    contextFormId: z.string(),
    contextText: optionalText(1000),
  })
  .refine((v) => Boolean(v.contextFormId) === Boolean(v.contextText), {
    path: ['contextText'],
    error: () => i18n.t('design:field.contextIncomplete'),
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
  contextFormId: f.contextFormId ?? '',
  contextText: f.contextText ?? '',
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
  const { update } = useFormFieldMutations();
  const forms = useResearchForms(field?.researchId ?? null, Boolean(field));
  const contextForms = (forms.data ?? []).filter((f) => f.id !== field?.formId);
  const inline = useInlineEdit({ item: field, toInput: fromField, resolver: fieldResolver, onClose });
  const { form: rhf, editing, edit, cancel, close } = inline;
  if (!field) return null;
  const isTime = TIME_FIELD_TYPES.includes(field.field.fieldType);
  const orNull = (v: string) => (v ? v : null);
  return (
    <DesignDialog
      open
      onClose={close}
      title={t('design:field.details', { text: field.text })}
      onSubmit={inline.submit(update, (v) => ({
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
          contextFormId: orNull(v.contextFormId),
          contextText: orNull(v.contextText),
          updatedAt: field.updatedAt,
        },
      }))}
      actions={
        editing ? (
          <SubmitActions onCancel={cancel} pending={update.isPending} label={t('design:common.confirm')} />
        ) : (
          <>
            {canEdit && <Button onClick={edit}>{t('design:common.edit')}</Button>}
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
          <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <RhfText control={rhf.control} name="contextFormId" label={t('design:field.contextForm')} select>
              <MenuItem value="">{t('design:field.noContextForm')}</MenuItem>
              {contextForms.map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.title}
                </MenuItem>
              ))}
            </RhfText>
            <RhfText control={rhf.control} name="contextText" label={t('design:field.contextText')} printCheck />
          </Box>
          <RhfCheckboxes control={rhf.control} names={FLAGS} label={(name) => t(`design:field.${name}`)} />
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
          <InfoRow label={t('design:field.contextForm')}>
            {field.contextFormId
              ? `${forms.data?.find((f) => f.id === field.contextFormId)?.title ?? '…'}: ${field.contextText ?? ''}`
              : null}
          </InfoRow>
          <InfoRow label={t('design:dependency.parent')}>
            {field.parentFormField
              ? t('design:dependency.parentValue', { text: field.parentFormField.text, rule: field.parentVisibleRule ?? '' })
              : null}
          </InfoRow>
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
