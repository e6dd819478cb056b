import { lazy, Suspense, useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FORECAST_DEFAULT_INTERVAL, FORECAST_MAX_SUBJECTS, type ForecastReply } from '@edc/domain';
import { ApiError } from '../../shared/api/client';
import { Loading } from '../../shared/components/Loading';
import { formResolver } from '../../shared/forms/zodI18n';
import { DesignDialog, RhfText } from '../design/components/common';
import { useForecast } from './api';
import { DurationField } from './DurationField';
import { durationText, subjectsCountText } from './durations';
import type { ForecastInterval } from './ForecastChart';
import { submitOnCtrlEnter } from './submitOnCtrlEnter';

const ForecastChart = lazy(() => import('./ForecastChart'));

const forecastForm = z.object({ subjectsCount: subjectsCountText(), timeInterval: durationText() });
const resolver = formResolver(forecastForm);
type ForecastInput = z.input<typeof forecastForm>;
type ForecastOutput = z.output<typeof forecastForm>;

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: 20, fontWeight: 600 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** The forecast's figures, one subject's day as a chart, and the same day as a list of intervals. */
function ForecastResult({ forecast }: { forecast: ForecastReply }) {
  const { t } = useTranslation();
  const resultId = useId();
  const chartId = useId();
  const nameOf = (iv: ForecastInterval) =>
    iv.isTimePoint ? (iv.formField?.text ?? t('timepoints:forecast.activity')) : t('timepoints:forecast.wait');
  return (
    <Box component="section" aria-labelledby={resultId} sx={{ mt: 2 }}>
      <Typography id={resultId} variant="h3" component="h3" sx={{ mb: 1 }}>
        {t('timepoints:forecast.results')}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        <Figure label={t('timepoints:forecast.oneSubject')} value={forecast.supposedTimeForOneSubject} testId="forecast-one" />
        <Figure label={t('timepoints:forecast.allSubjects')} value={forecast.supposedTimeForAllSubjects} testId="forecast-all" />
        <Figure label={t('timepoints:forecast.employees')} value={forecast.supposedEmployeesCount} testId="forecast-employees" />
      </Box>
      {forecast.timeIntervalsList.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }} role="status">
          {t('timepoints:forecast.noIntervals')}
        </Typography>
      ) : (
        <Box component="figure" aria-labelledby={chartId} sx={{ m: 0, mt: 2 }}>
          <Typography id={chartId} component="figcaption" variant="subtitle2">
            {t('timepoints:forecast.chartTitle')}
          </Typography>
          <Box aria-hidden sx={{ minHeight: 150 }} data-testid="forecast-chart">
            <Suspense fallback={<Loading minHeight={150} />}>
              <ForecastChart
                intervals={forecast.timeIntervalsList}
                nameOf={nameOf}
                subjectLabel={t('timepoints:forecast.subject')}
              />
            </Suspense>
          </Box>
          <Box component="ol" sx={{ m: 0, pl: 3 }} aria-label={t('timepoints:forecast.chartLabel')}>
            {forecast.timeIntervalsList.map((iv) => (
              <Typography
                component="li"
                variant="body2"
                key={iv.id}
                color={iv.isTimePoint ? 'text.primary' : 'text.secondary'}
                data-kind={iv.isTimePoint ? 'activity' : 'wait'}
              >
                {t('timepoints:forecast.intervalItem', { start: iv.start, name: nameOf(iv), duration: iv.duration })}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/**
 * The staffing forecast of a visit (spec sections 2, 5, 9): the number of subjects (1..1000) and the interval
 * between their starts (00:00:10 by default) give the time one subject takes, the time all take, the staff
 * needed and one subject's day. The form stays filled, so another calculation needs only a change.
 */
export function ForecastDialog({ visit, onClose }: { visit: { id: string; title: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const forecast = useForecast();
  const form = useForm<ForecastInput, unknown, ForecastOutput>({
    resolver,
    defaultValues: { subjectsCount: '', timeInterval: FORECAST_DEFAULT_INTERVAL },
  });
  const submit = form.handleSubmit((v) => forecast.mutate({ visitId: visit.id, ...v }));
  const detail = forecast.error instanceof ApiError && forecast.error.status !== 0 ? forecast.error.message : null;

  return (
    <DesignDialog
      open
      onClose={onClose}
      maxWidth="md"
      title={t('timepoints:forecast.title')}
      onSubmit={(e) => void submit(e)}
      actions={
        <>
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
          <Button type="submit" variant="contained" loading={forecast.isPending}>
            {t('timepoints:forecast.submit')}
          </Button>
        </>
      }
    >
      <Box onKeyDown={submitOnCtrlEnter}>
        <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {t('timepoints:forecast.visit', { title: visit.title })}
        </Typography>
        <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <RhfText
            control={form.control}
            name="subjectsCount"
            label={t('timepoints:forecast.subjectsCount')}
            required
            autoFocus
            type="number"
            slotProps={{ htmlInput: { min: 1, max: FORECAST_MAX_SUBJECTS, step: 1 } }}
          />
          <DurationField control={form.control} name="timeInterval" label={t('timepoints:forecast.interval')} />
        </Box>
        {forecast.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('timepoints:forecast.error')}
            {detail && detail !== t('timepoints:forecast.error') ? `: ${detail}` : ''}
          </Alert>
        )}
        {forecast.data && !forecast.isError && <ForecastResult forecast={forecast.data} />}
      </Box>
    </DesignDialog>
  );
}
