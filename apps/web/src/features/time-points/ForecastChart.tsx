import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import { timePoints, type ForecastReply } from '@edc/domain';

export type ForecastInterval = ForecastReply['timeIntervalsList'][number];

const seconds = (duration: string) => timePoints.parseDuration(duration) ?? 0;

/** An axis tick: hh:mm from the first activity's start. */
const tick = (value: number) => timePoints.formatDuration(value).slice(0, -3);

/**
 * One subject's day as a timeline (spec: 'shown as a timeline chart, not only numbers'): a single stacked
 * horizontal bar whose segments are the intervals in order, activities coloured and waits pale. Loaded on its
 * own (React.lazy) so the charts library stays out of the other pages' bundles; the dialog lists the same
 * intervals as text, so the chart is a picture for the eye only.
 */
export default function ForecastChart({
  intervals,
  nameOf,
  subjectLabel,
}: {
  intervals: readonly ForecastInterval[];
  nameOf: (interval: ForecastInterval) => string;
  subjectLabel: string;
}) {
  const theme = useTheme();
  // Neighbouring activities alternate two shades, so that two with no wait between them stay apart.
  const shades = [theme.palette.primary.main, theme.palette.secondary.main];
  let activity = 0;
  const series = intervals.map((iv) => ({
    id: iv.id,
    data: [seconds(iv.duration)],
    stack: 'day',
    label: nameOf(iv),
    color: iv.isTimePoint ? shades[activity++ % shades.length]! : theme.palette.grey[300],
    valueFormatter: (value: number | null) => (value === null ? '' : timePoints.formatDuration(value)),
  }));
  const total = intervals.reduce((sum, iv) => sum + seconds(iv.duration), 0);
  return (
    <BarChart
      layout="horizontal"
      height={150}
      series={series}
      yAxis={[{ scaleType: 'band', data: [subjectLabel], width: 80 }]}
      xAxis={[{ min: 0, max: Math.max(total, 1), valueFormatter: tick, tickNumber: 6 }]}
      hideLegend
      margin={{ right: 16 }}
    />
  );
}
