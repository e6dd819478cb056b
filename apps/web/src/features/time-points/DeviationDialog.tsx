import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import i18n from 'i18next';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { timePoints, type TimePointReply } from '@edc/domain';
import { formResolver } from '../../shared/forms/zodI18n';
import { DesignDialog, errorText, RhfCheckboxes, RhfText, SubmitActions } from '../design/components/common';
import { useTimePointMutations } from './api';
import { DurationField } from './DurationField';
import { durationText } from './durations';
import { submitOnCtrlEnter } from './submitOnCtrlEnter';

/** Whole days of the 'more than 24 hours' option: up to 9999 hours, the most a duration holds. */
const MAX_DAYS = 416;
const VALUES = ['deviation', 'deviationMinus', 'deviationPlus'] as const;

/**
 * The three values as sent: with the 'more than 24 hours' option, days * 24 added to the hours of each
 * (domain withDays); null when a value would pass 9999 hours.
 */
function sentValues(v: { deviation: string; deviationMinus: string; deviationPlus: string }, days: number) {
  const out = VALUES.map((k) => timePoints.withDays(v[k], days));
  if (out.some((x) => x === null || timePoints.parseDuration(x) === null)) return null;
  const [deviation, deviationMinus, deviationPlus] = out as [string, string, string];
  return { deviation, deviationMinus, deviationPlus };
}

const deviationForm = z
  .object({
    startTimePointId: z.string().min(1),
    deviation: durationText(),
    deviationMinus: durationText(),
    deviationPlus: durationText(),
    moreThan24: z.boolean(),
    days: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.moreThan24) return;
    const days = Number(v.days.trim());
    if (!v.days.trim() || !Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: i18n.t('timepoints:deviation.daysInvalid') });
    } else if (!sentValues(v, days)) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: i18n.t('timepoints:deviation.tooLong') });
    }
  });
const resolver = formResolver(deviationForm);
type DeviationInput = z.input<typeof deviationForm>;
type DeviationOutput = z.output<typeof deviationForm>;

/**
 * A deviation of a point (spec section 5): when it is due after a start point of the same visit, with the
 * allowed minus and plus, all required hh:mm:ss; the 'deviation more than 24 hours' option adds a number of
 * days to the three.
 */
export function DeviationDialog({
  point,
  points,
  onClose,
}: {
  point: TimePointReply;
  /** The visit's points: the start point is one of the others. */
  points: readonly TimePointReply[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { addDeviation } = useTimePointMutations();
  const starts = points.filter((p) => p.id !== point.id);
  const form = useForm<DeviationInput, unknown, DeviationOutput>({
    resolver,
    defaultValues: {
      startTimePointId: starts.length === 1 ? starts[0]!.id : '',
      deviation: '00:00:00',
      deviationMinus: '00:00:00',
      deviationPlus: '00:00:00',
      moreThan24: false,
      days: '1',
    },
  });
  const moreThan24 = useWatch({ control: form.control, name: 'moreThan24' });
  const submit = form.handleSubmit((v) => {
    const values = sentValues(v, v.moreThan24 ? Number(v.days) : 0);
    if (!values) return;
    addDeviation.mutate({ timePointId: point.id, startTimePointId: v.startTimePointId, ...values }, { onSuccess: onClose });
  });
  const field = point.formFieldChain.formField.text;

  return (
    <DesignDialog
      open
      onClose={addDeviation.isPending ? () => undefined : onClose}
      title={t('timepoints:deviation.title')}
      onSubmit={(e) => void submit(e)}
      actions={
        <SubmitActions
          onCancel={onClose}
          pending={addDeviation.isPending}
          cancelDisabled={addDeviation.isPending}
          disabled={starts.length === 0}
          label={t('timepoints:deviation.create')}
        />
      }
    >
      <Box onKeyDown={submitOnCtrlEnter}>
        <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {t('timepoints:deviation.of', { field })}
        </Typography>
        <RhfText
          control={form.control}
          name="startTimePointId"
          label={t('timepoints:deviation.startPoint')}
          required
          select
          autoFocus
          disabled={starts.length === 0}
          helperText={starts.length === 0 ? t('timepoints:deviation.noStartPoints') : undefined}
          slotProps={{
            select: {
              renderValue: (id: unknown) => starts.find((p) => p.id === id)?.formFieldChain.formField.text ?? '',
              MenuProps: { slotProps: { paper: { sx: { maxHeight: 420, maxWidth: 560 } } } },
            },
          }}
        >
          {starts.map((p) => (
            <MenuItem key={p.id} value={p.id} sx={{ whiteSpace: 'normal' }}>
              <ListItemText
                primary={p.formFieldChain.formField.text}
                secondary={`${p.formFieldChain.form.title} / ${p.formFieldChain.formSection.sectionName}`}
              />
            </MenuItem>
          ))}
        </RhfText>
        <DurationField
          control={form.control}
          name="deviation"
          label={t('timepoints:deviation.deviation')}
          helperText={t('timepoints:deviation.deviationHint')}
        />
        <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <DurationField
            control={form.control}
            name="deviationMinus"
            label={t('timepoints:deviation.deviationMinus')}
            helperText={t('timepoints:deviation.minusHint')}
          />
          <DurationField
            control={form.control}
            name="deviationPlus"
            label={t('timepoints:deviation.deviationPlus')}
            helperText={t('timepoints:deviation.plusHint')}
          />
        </Box>
        <RhfCheckboxes control={form.control} names={['moreThan24']} label={() => t('timepoints:deviation.moreThan24')} />
        {moreThan24 && (
          <RhfText
            control={form.control}
            name="days"
            label={t('timepoints:deviation.days')}
            required
            type="number"
            helperText={t('timepoints:deviation.daysHint')}
            slotProps={{ htmlInput: { min: 1, max: MAX_DAYS, step: 1 } }}
            sx={{ maxWidth: { sm: 240 } }}
          />
        )}
        {addDeviation.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorText(addDeviation.error)}
          </Alert>
        )}
      </Box>
    </DesignDialog>
  );
}
