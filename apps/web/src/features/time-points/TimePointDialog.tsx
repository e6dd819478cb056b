import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { FormFieldChainReply, TimePointReply } from '@edc/domain';
import { formResolver } from '../../shared/forms/zodI18n';
import { DesignDialog, errorText, InfoRow, RhfCheckboxes, RhfText, SubmitActions } from '../design/components/common';
import { RuleChain } from '../rules/parts';
import { useTimeFields, useTimePointMutations } from './api';
import { DurationField } from './DurationField';
import { durationText } from './durations';
import { submitOnCtrlEnter } from './submitOnCtrlEnter';

const base = z.object({
  formFieldId: z.string(),
  duration: durationText(),
  description: z.string().trim().max(2000),
  isVisitStartPoint: z.boolean(),
});
/** A new point needs its field; an edited one keeps it (PUT has no field). */
const createResolver = formResolver(base.extend({ formFieldId: z.string().min(1) }));
const editResolver = formResolver(base);
type PointInput = z.input<typeof base>;
type PointOutput = z.output<typeof base>;

/** Form / section, the field's place in the visit (the select's second line and the chosen value). */
const placeOf = (c: FormFieldChainReply) => `${c.form.title} / ${c.formSection.sectionName}`;

/**
 * Adding or editing a time point (spec section 5): the field (a Time or DateTime field of the visit without a
 * point; fixed once the point exists), the duration hh:mm:ss (00:00:00 by default), a description and the
 * visit's start point mark. The server's refusal shows in the dialog and what was typed stays.
 */
export function TimePointDialog({
  visitId,
  point,
  onClose,
}: {
  visitId: string;
  /** The point to edit; null adds one. */
  point: TimePointReply | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { create, update } = useTimePointMutations();
  const fields = useTimeFields(visitId, point === null);
  const free = (fields.data ?? []).filter((f) => !f.hasTimePoint);
  const form = useForm<PointInput, unknown, PointOutput>({
    resolver: point ? editResolver : createResolver,
    defaultValues: {
      formFieldId: '',
      duration: point?.duration ?? '00:00:00',
      description: point?.description ?? '',
      isVisitStartPoint: point?.isVisitStartPoint ?? false,
    },
  });
  const mutation = point ? update : create;
  const submit = form.handleSubmit((v) => {
    const body = { duration: v.duration, description: v.description || null, isVisitStartPoint: v.isVisitStartPoint };
    // updatedAt: a point changed meanwhile by someone else is refused (409) rather than overwritten.
    if (point) update.mutate({ id: point.id, body: { ...body, updatedAt: point.updatedAt } }, { onSuccess: onClose });
    else create.mutate({ ...body, formFieldId: v.formFieldId }, { onSuccess: onClose });
  });
  const noFreeFields = !point && fields.isSuccess && free.length === 0;
  const fieldHelper = fields.isError
    ? t('timepoints:point.fieldsError')
    : fields.isLoading
      ? t('common:loading')
      : noFreeFields
        ? t('timepoints:point.noFreeFields')
        : undefined;

  return (
    <DesignDialog
      open
      onClose={mutation.isPending ? () => undefined : onClose}
      title={t(point ? 'timepoints:point.editTitle' : 'timepoints:point.createTitle')}
      onSubmit={(e) => void submit(e)}
      actions={
        <SubmitActions
          onCancel={onClose}
          pending={mutation.isPending}
          cancelDisabled={mutation.isPending}
          disabled={noFreeFields}
          label={t(point ? 'timepoints:point.save' : 'timepoints:point.create')}
        />
      }
    >
      <Box onKeyDown={submitOnCtrlEnter}>
        {point ? (
          <Box component="dl" sx={{ m: 0 }}>
            <InfoRow label={t('timepoints:point.field')}>
              <RuleChain rule={point} />
            </InfoRow>
          </Box>
        ) : (
          <RhfText
            control={form.control}
            name="formFieldId"
            label={t('timepoints:point.field')}
            required
            select
            autoFocus
            // Not disabled while the fields load: the dialog's focus starts here.
            disabled={noFreeFields}
            helperText={fieldHelper}
            slotProps={{
              formHelperText: { error: fields.isError },
              select: {
                renderValue: (id: unknown) => {
                  const c = free.find((f) => f.formFieldChain.formField.id === id)?.formFieldChain;
                  return c ? `${placeOf(c)} / ${c.formField.text}` : '';
                },
                MenuProps: { slotProps: { paper: { sx: { maxHeight: 420, maxWidth: 560 } } } },
              },
            }}
          >
            {free.map(({ formFieldChain: c }) => (
              <MenuItem key={c.formField.id} value={c.formField.id} sx={{ whiteSpace: 'normal' }}>
                <ListItemText primary={c.formField.text} secondary={placeOf(c)} />
              </MenuItem>
            ))}
          </RhfText>
        )}
        <DurationField
          control={form.control}
          name="duration"
          label={t('timepoints:point.duration')}
          helperText={t('timepoints:point.durationHint')}
          autoFocus={Boolean(point)}
        />
        <RhfText
          control={form.control}
          name="description"
          label={t('timepoints:point.description')}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <RhfCheckboxes
          control={form.control}
          names={['isVisitStartPoint']}
          label={() => t('timepoints:point.isVisitStartPoint')}
        />
        {mutation.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorText(mutation.error)}
          </Alert>
        )}
      </Box>
    </DesignDialog>
  );
}
