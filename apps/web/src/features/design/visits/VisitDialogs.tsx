import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { design, VISIT_TYPES } from '@edc/domain';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useVisitMutations, type Visit } from '../api';
import { DesignDialog, InfoRow, PointChips, RhfCheckboxes, RhfText, SubmitActions } from '../components/common';
import { InfoEditDialog, useInlineEdit } from '../components/InfoEditDialog';

const day = (min: number) => z.coerce.number<unknown>().int().min(min).max(100000);

const visitForm = z.object({
  title: design.visitCreate.shape.title,
  description: z.string().trim().max(4000),
  visitKey: design.visitCreate.shape.visitKey,
  visitTypeString: z.string().min(1).pipe(design.visitType),
  dayNumber: day(-100000),
  dayPlus: day(0),
  dayMinus: day(0),
  repeating: z.boolean(),
  isRequired: z.boolean(),
  pointList: z.array(z.string().trim().min(1).max(100)).max(200),
});
type VisitFormInput = z.input<typeof visitForm>;
type VisitFormOutput = z.output<typeof visitForm>;
const resolver = formResolver(visitForm);

const EMPTY: VisitFormInput = {
  title: '',
  description: '',
  visitKey: '',
  visitTypeString: '' as never,
  dayNumber: 0,
  dayPlus: 0,
  dayMinus: 0,
  repeating: false,
  isRequired: false,
  pointList: [],
};

const fromVisit = (v: Visit): VisitFormInput => ({
  title: v.title,
  description: v.description ?? '',
  visitKey: v.visitKey,
  visitTypeString: v.visitTypeString,
  dayNumber: v.dayNumber,
  dayPlus: v.dayPlus,
  dayMinus: v.dayMinus,
  repeating: v.repeating,
  isRequired: v.isRequired,
  pointList: v.pointList,
});

const toBody = (v: VisitFormOutput) => ({ ...v, description: v.description || null });

function VisitFields({
  control,
  pointOptions,
}: {
  control: Control<VisitFormInput, unknown, VisitFormOutput>;
  pointOptions: string[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <RhfText control={control} name="title" label={t('design:visit.title')} required printCheck autoFocus />
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <RhfText control={control} name="visitKey" label={t('design:visit.visitKey')} required />
        <RhfText control={control} name="visitTypeString" label={t('design:visit.type')} required select>
          {VISIT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`design:visitType.${type}`)}
            </MenuItem>
          ))}
        </RhfText>
      </Box>
      <RhfText control={control} name="description" label={t('design:visit.description')} multiline minRows={2} printCheck />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, 1fr)' }}>
        <RhfText control={control} name="dayNumber" label={t('design:visit.dayNumber')} type="number" />
        <RhfText control={control} name="dayMinus" label={t('design:visit.dayMinus')} type="number" />
        <RhfText control={control} name="dayPlus" label={t('design:visit.dayPlus')} type="number" />
      </Box>
      <RhfCheckboxes control={control} names={['isRequired', 'repeating']} label={(name) => t(`design:visit.${name}`)} />
      <Controller
        name="pointList"
        control={control}
        render={({ field }) => (
          <Autocomplete
            multiple
            freeSolo
            options={pointOptions}
            value={field.value ?? []}
            onChange={(_, value) => field.onChange(value.map((v) => v.trim()).filter(Boolean))}
            renderValue={(value, getItemProps) =>
              value.map((option, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} label={option} size="small" {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                margin="dense"
                label={t('design:visit.pointList')}
                helperText={t('design:visit.pointHint')}
              />
            )}
          />
        )}
      />
    </>
  );
}

export function CreateVisitDialog({
  open,
  onClose,
  researchId,
  pointOptions,
}: {
  open: boolean;
  onClose: () => void;
  researchId: string;
  pointOptions: string[];
}) {
  const { t } = useTranslation();
  const { create } = useVisitMutations();
  const form = useForm<VisitFormInput, unknown, VisitFormOutput>({ resolver, defaultValues: EMPTY });
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  return (
    <DesignDialog
      open={open}
      onClose={close}
      title={t('design:visit.create')}
      onSubmit={form.handleSubmit((values) => create.mutate({ researchId, ...toBody(values) }, { onSuccess: close }))}
      actions={<SubmitActions onCancel={close} pending={create.isPending} />}
    >
      <VisitFields control={form.control} pointOptions={pointOptions} />
    </DesignDialog>
  );
}

/** Visit details with inline edit: view → edit → confirm or cancel (cancel restores the values). */
export function VisitDetailsDialog({
  visit,
  onClose,
  pointOptions,
  canEdit,
}: {
  visit: Visit | null;
  onClose: () => void;
  pointOptions: string[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { update } = useVisitMutations();
  const inline = useInlineEdit({ item: visit, toInput: fromVisit, resolver, onClose });
  if (!visit) return null;
  return (
    <InfoEditDialog
      title={t('design:visit.details', { title: visit.title })}
      state={inline}
      canEdit={canEdit && !visit.complete}
      pending={update.isPending}
      onSubmit={inline.submit(update, (v) => ({ id: visit.id, body: { ...toBody(v), updatedAt: visit.updatedAt } }))}
      edit={<VisitFields control={inline.form.control} pointOptions={pointOptions} />}
      view={
        <>
          <InfoRow label={t('design:visit.title')}>{visit.title}</InfoRow>
          <InfoRow label={t('design:visit.visitKey')}>{visit.visitKey}</InfoRow>
          <InfoRow label={t('design:visit.type')}>{t(`design:visitType.${visit.visitTypeString}`)}</InfoRow>
          <InfoRow label={t('design:visit.description')}>{visit.description}</InfoRow>
          <InfoRow label={t('design:visit.window')}>
            {t('design:visit.windowValue', { day: visit.dayNumber, minus: visit.dayMinus, plus: visit.dayPlus })}
          </InfoRow>
          <InfoRow label={t('design:visit.isRequired')}>{t(visit.isRequired ? 'design:common.yes' : 'design:common.no')}</InfoRow>
          <InfoRow label={t('design:visit.repeating')}>{t(visit.repeating ? 'design:common.yes' : 'design:common.no')}</InfoRow>
          <InfoRow label={t('design:visit.pointList')}>
            {visit.pointList.length ? <PointChips points={visit.pointList} /> : '—'}
          </InfoRow>
          <InfoRow label={t('design:common.versions')}>{visit.researchVersionList.map((v) => v.index).join(', ') || '—'}</InfoRow>
          <InfoRow label={t('design:common.status')}>
            {t(visit.complete ? 'design:common.complete' : 'design:common.inProgress')}
          </InfoRow>
        </>
      }
    />
  );
}
