import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  FORECAST_DEFAULT_INTERVAL,
  FORECAST_MAX_SUBJECTS,
  isoToText,
  localToday,
  SCHEDULE_DEFAULT_START_TIME,
  type ScheduleDocumentReply,
} from '@edc/domain';
import { DateField } from '../../shared/components/DateField';
import { dateText } from '../../shared/forms/dateText';
import { formResolver } from '../../shared/forms/zodI18n';
import { DesignDialog, errorText, RhfText, SubmitActions } from '../design/components/common';
import { useStartSchedule } from './api';
import { DurationField } from './DurationField';
import { durationText, normaliseTimeOfDay, subjectsCountText, timeOfDayText } from './durations';
import { submitOnCtrlEnter } from './submitOnCtrlEnter';

const scheduleForm = z.object({
  startDate: dateText(),
  startTime: timeOfDayText(),
  subjectCount: subjectsCountText(),
  timeInterval: durationText(),
});
const resolver = formResolver(scheduleForm);
type ScheduleInput = z.input<typeof scheduleForm>;
type ScheduleOutput = z.output<typeof scheduleForm>;

/**
 * The scheduled-activities report of a visit (spec sections 5, 7, 9): the first subject's start (today at
 * 09:00:00 by default), the number of subjects and the interval between them. The server makes the XLSX in the
 * background; `onStarted` hands its document to the page, which follows it (ScheduleNotice).
 */
export function ScheduleDialog({
  visit,
  onClose,
  onStarted,
}: {
  visit: { id: string; title: string };
  onClose: () => void;
  onStarted: (doc: ScheduleDocumentReply) => void;
}) {
  const { t } = useTranslation();
  const start = useStartSchedule();
  const form = useForm<ScheduleInput, unknown, ScheduleOutput>({
    resolver,
    defaultValues: {
      startDate: isoToText(localToday()),
      startTime: SCHEDULE_DEFAULT_START_TIME,
      subjectCount: '',
      timeInterval: FORECAST_DEFAULT_INTERVAL,
    },
  });
  const submit = form.handleSubmit((v) =>
    start.mutate(
      {
        visitId: visit.id,
        subjectCount: v.subjectCount,
        timeInterval: v.timeInterval,
        startDateTime: `${v.startDate}T${v.startTime}`,
      },
      {
        onSuccess: (doc) => {
          onStarted(doc);
          onClose();
        },
      },
    ),
  );

  return (
    <DesignDialog
      open
      onClose={start.isPending ? () => undefined : onClose}
      title={t('timepoints:schedule.title')}
      onSubmit={(e) => void submit(e)}
      actions={
        <SubmitActions
          onCancel={onClose}
          pending={start.isPending}
          cancelDisabled={start.isPending}
          label={t('timepoints:schedule.submit')}
        />
      }
    >
      <Box onKeyDown={submitOnCtrlEnter}>
        <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {t('timepoints:forecast.visit', { title: visit.title })}
        </Typography>
        <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <DateField
            control={form.control}
            name="startDate"
            label={t('timepoints:schedule.startDate')}
            required
            autoFocus
            fullWidth
            margin="dense"
          />
          <DurationField
            control={form.control}
            name="startTime"
            label={t('timepoints:schedule.startTime')}
            normalise={normaliseTimeOfDay}
          />
          <RhfText
            control={form.control}
            name="subjectCount"
            label={t('timepoints:schedule.subjectCount')}
            required
            type="number"
            slotProps={{ htmlInput: { min: 1, max: FORECAST_MAX_SUBJECTS, step: 1 } }}
          />
          <DurationField control={form.control} name="timeInterval" label={t('timepoints:schedule.interval')} />
        </Box>
        {start.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorText(start.error)}
          </Alert>
        )}
      </Box>
    </DesignDialog>
  );
}
