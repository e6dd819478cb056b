import { z } from 'zod';
import { DURATION_PATTERN } from '../design/enums.js';
import { id } from './common.js';

/**
 * Time points and deviations (spec design-and-admin sections 2, 3, 5, 7, 8, 9; operations sections 3, 5, 7;
 * docs/time-points.md). A time point is a Time or DateTime field of a visit's form with the duration of its
 * activity; a deviation says when it is due after a start point. Payload names are the spec's.
 */

/** hh:mm:ss, hours may exceed 24 (two to four digits). */
export const timePointDuration = z.string().regex(DURATION_PATTERN, 'hh:mm:ss');

/** Forecast and schedule defaults (spec section 9): subjects 10 s apart, the schedule from 09:00:00. */
export const FORECAST_DEFAULT_INTERVAL = '00:00:10';
export const SCHEDULE_DEFAULT_START_TIME = '09:00:00';
/** The most subjects a forecast or a schedule is made for. */
export const FORECAST_MAX_SUBJECTS = 1000;

// ------------------------------------------------------------------------------------------ requests

/** GET /TimePoints?visitId=: the visit's points, in the order of their fields in the visit's forms. */
export const timePointsQuery = z.object({ visitId: id });

/**
 * POST /TimePoints: a point on a Time or DateTime field of a form of the visit that has no point yet
 * (400 time_point_field_taken otherwise); one start point per visit (409 time_point_start_taken).
 */
export const timePointCreate = z.object({
  formFieldId: id,
  duration: timePointDuration,
  description: z.string().trim().max(2000).nullish(),
  isVisitStartPoint: z.boolean().default(false),
});
export type TimePointCreate = z.infer<typeof timePointCreate>;

/**
 * PUT /TimePoints/{id}/: duration, description and the start flag (the field stays); `updatedAt`, when sent,
 * must be the point's (409 conflict otherwise), as for the other settings.
 */
export const timePointUpdate = timePointCreate
  .omit({ formFieldId: true })
  .extend({ updatedAt: z.iso.datetime({ offset: true }).optional() });
export type TimePointUpdate = z.infer<typeof timePointUpdate>;

/**
 * POST /TimeDeviations: when the point is due after a start point of the same visit (not itself): `deviation`
 * later, allowed `deviationMinus` earlier and `deviationPlus` later; hours may exceed 24 (the dialog's 'more
 * than 24 hours' option adds days * 24 to the hours before sending).
 */
export const timeDeviationCreate = z.object({
  timePointId: id,
  startTimePointId: id,
  deviation: timePointDuration,
  deviationPlus: timePointDuration,
  deviationMinus: timePointDuration,
});
export type TimeDeviationCreate = z.infer<typeof timeDeviationCreate>;

/** POST /TimePoints/EmployeesCountForecast. */
export const forecastRequest = z.object({
  visitId: id,
  subjectsCount: z.coerce.number().int().min(1).max(FORECAST_MAX_SUBJECTS),
  /** hh:mm:ss between two subjects' starts. */
  timeInterval: timePointDuration,
});
export type ForecastRequest = z.infer<typeof forecastRequest>;

/**
 * POST /TimePoints/GenerateScheduledActivities (the visit's points, `visitId`) and
 * POST /TimePoints/{id}/GenerateScheduledActivities (one point): the schedule of every subject's activities
 * as an XLSX document of type ScheduledActivities, made in the background (status Started, then Done).
 * `startDateTime` is the local date-time of the first subject's start point, YYYY-MM-DDTHH:mm[:ss].
 */
export const scheduleRequest = z.object({
  visitId: id.optional(),
  subjectCount: z.coerce.number().int().min(1).max(FORECAST_MAX_SUBJECTS),
  timeInterval: timePointDuration,
  startDateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'YYYY-MM-DDTHH:mm[:ss]'),
});
export type ScheduleRequest = z.infer<typeof scheduleRequest>;

/** GET /FormFields/Time?visitId=: the visit's Time and DateTime fields (those without a point, and all). */
export const timeFieldsQuery = z.object({ visitId: id });

/** GET /SubjectTimePoints?subjectVisitId=. */
export const subjectTimePointsQuery = z.object({ subjectVisitId: id });

// ------------------------------------------------------------------------------------------- replies

export const formFieldChainReply = z.object({
  visit: z.object({ id, title: z.string() }),
  form: z.object({ id, title: z.string() }),
  formSection: z.object({ id, sectionName: z.string() }),
  formField: z.object({ id, text: z.string(), fieldType: z.enum(['Time', 'DateTime']) }),
});
export type FormFieldChainReply = z.infer<typeof formFieldChainReply>;

export const timeDeviationReply = z.object({
  id,
  timePointId: id,
  startTimePointId: id,
  deviation: z.string(),
  deviationPlus: z.string(),
  deviationMinus: z.string(),
  /** The start point's field, for the grid. */
  startTimePoint: z.object({ id, formFieldText: z.string() }),
});
export type TimeDeviationReply = z.infer<typeof timeDeviationReply>;

export const timePointReply = z.object({
  id,
  visitId: id,
  formFieldId: id,
  duration: z.string(),
  description: z.string().nullable(),
  isVisitStartPoint: z.boolean(),
  formFieldChain: formFieldChainReply,
  timeDeviationList: z.array(timeDeviationReply),
  updatedAt: z.string(),
});
export type TimePointReply = z.infer<typeof timePointReply>;

/** GET /FormFields/Time: `hasTimePoint` marks the fields a point already uses (not offered for a new one). */
export const timeFieldReply = z.object({
  formFieldChain: formFieldChainReply,
  hasTimePoint: z.boolean(),
});
export type TimeFieldReply = z.infer<typeof timeFieldReply>;

/** The forecast (domain timePoints.forecast). */
export const forecastReply = z.object({
  supposedTimeForOneSubject: z.string(),
  supposedTimeForAllSubjects: z.string(),
  supposedEmployeesCount: z.number().int(),
  timeIntervalsList: z.array(
    z.object({
      id: z.string(),
      duration: z.string(),
      isTimePoint: z.boolean(),
      /** The activity's field (null for a wait). */
      formField: z.object({ id, text: z.string() }).nullable(),
      /** hh:mm:ss from the first activity's start. */
      start: z.string(),
    }),
  ),
});
export type ForecastReply = z.infer<typeof forecastReply>;

/** The schedule's document as made so far: Started, then Done (downloadable) or Error. */
export const scheduleDocumentReply = z.object({
  id,
  name: z.string(),
  status: z.enum(['Started', 'Done', 'Error']),
  /** GET it (with the bearer token) for the XLSX once Done; null before. */
  documentLink: z.string().nullable(),
});
export type ScheduleDocumentReply = z.infer<typeof scheduleDocumentReply>;

/**
 * GET /SubjectTimePoints: each time point of the subject visit's forms (per subject form field), with the
 * planned window from the visit's start point and the deviations, the value entered and the recommended
 * time (operations section 3). Times as the field shows them: YYYY-MM-DDTHH:mm:ss or HH:mm:ss.
 */
export const subjectTimePointReply = z.object({
  id: z.string(),
  timePoint: z.object({ id, description: z.string().nullable(), isVisitStartPoint: z.boolean(), duration: z.string() }),
  subjectFormId: id,
  subjectFormFieldId: id,
  formTitle: z.string(),
  fieldText: z.string(),
  fieldType: z.enum(['Time', 'DateTime']),
  planedTimeStart: z.string().nullable(),
  planedTimeEnd: z.string().nullable(),
  factTime: z.string().nullable(),
  recommendedTime: z.string().nullable(),
  /** The value entered lies outside the window (entered before the window was known). */
  outside: z.boolean(),
});
export type SubjectTimePointReply = z.infer<typeof subjectTimePointReply>;
