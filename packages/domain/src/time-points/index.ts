/** Time points and deviations (issue 15; docs/time-points.md): durations, windows and the staffing forecast. */
export { parseDuration, formatDuration, withDays } from './durations.js';
export {
  momentOf,
  formatMoment,
  pointWindows,
  inWindow,
  subjectPointTimes,
  pointTimeText,
  type Moment,
  type PlannedPoint,
  type PointDeviation,
  type PointTimes,
  type Window,
} from './windows.js';
export { forecast, pointOffsets, type Forecast, type ForecastInterval, type ForecastPoint } from './forecast.js';
