import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { MONITORING_TIME_STATES } from '../monitoring/monitoring-visit.js';
import { id } from './common.js';
import { subjectsQuery } from './subjects.js';

/**
 * Requests and replies of the MonitoringVisits calls and of GET /SubjectsVisit/{id}/MonitoringVisits (spec
 * operations section 7; docs/monitoring-visits.md). The payload names are the spec's. The request schema
 * only shapes the input: the rules with the spec's messages (end after start, 'Выберите визиты'...) are
 * validateMonitoringVisitPlan's, so each refusal names its field in both languages.
 */

const text = z.string().max(64);
const idList = (max: number) => z.array(id).max(max);

/** POST /MonitoringVisits: workDayStart and workDayEnd default to 08:00:00 and 21:00:00 when absent. */
export const monitoringVisitCreate = z.object({
  startDate: text.nullish(),
  endDate: text.nullish(),
  researchOrganisationId: id.nullish(),
  monitorList: idList(200).nullish(),
  workDayStart: text.nullish(),
  workDayEnd: text.nullish(),
  subjectVisitIdList: idList(10_000).nullish(),
  siteId: id.nullish(),
});

/** PUT /MonitoringVisits/{id}/: the whole plan again with the `version` read (required; a stale one answers 409). */
export const monitoringVisitUpdate = monitoringVisitCreate.extend({ version: z.number().int().min(1) });

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `one of ${PAGE_SIZES.join(', ')}` });
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** GET /MonitoringVisits: one page, newest start first. */
export const monitoringVisitsQuery = z.object({
  /** User roles Admin and Editor may name a research; others work in their current one. */
  researchId: id.optional(),
  confirmed: flag,
  Page: z.coerce.number().int().min(1).optional(),
  page: z.coerce.number().int().min(1).optional(),
  PageSize: pageSize.optional(),
  pageSize: pageSize.optional(),
});

export const monitoringTimeStateSchema = z.enum(MONITORING_TIME_STATES);

const centreRef = z.object({
  id,
  number: z.string(),
  organisationId: id,
  name: z.string(),
  shortName: z.string(),
});

export const monitoringVisitMonitor = z.object({
  /** The employee id (what monitorList carries). */
  id,
  userId: id,
  fullName: z.string(),
  employeeType: z.string(),
});

/** A monitoring visit as the subject visit's tab lists it. */
export const monitoringVisitBrief = z.object({
  id,
  researchId: id,
  startDate: z.string(),
  endDate: z.string(),
  workDayStart: z.string(),
  workDayEnd: z.string(),
  confirmed: z.boolean(),
  timeState: monitoringTimeStateSchema,
  /** The monitoring (KIO) centre carrying out the visit. */
  researchOrganisation: centreRef,
  monitorList: z.array(monitoringVisitMonitor),
  /** The site whose every visit is covered; null when the visits are chosen one by one. */
  siteId: id.nullable(),
  site: centreRef.nullable(),
});
export type MonitoringVisitBrief = z.infer<typeof monitoringVisitBrief>;

/** A monitoring visit in full (GET by id, writes) and as a row of the list. */
export const monitoringVisit = monitoringVisitBrief.extend({
  subjectVisitIdList: z.array(id),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MonitoringVisit = z.infer<typeof monitoringVisit>;

/**
 * GET /Subjects/MonitoringVisit/{id}: the monitor's subject grid of a monitoring visit. The subject list's
 * filters, sorts and paging; `researchOrganisationId` is the centre filter (the research is the visit's).
 */
export const monitoringVisitSubjectsQuery = subjectsQuery.omit({ researchId: true });

/** The formats of the monitoring visit report (docs/monitoring-visits.md "Report"). */
export const MONITORING_REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type MonitoringReportFormat = (typeof MONITORING_REPORT_FORMATS)[number];

/** POST /MonitoringVisits/{id}/GenerateReport: the report as a PDF (the default) or an XLSX workbook. */
export const monitoringVisitReportGenerate = z.object({ format: z.enum(MONITORING_REPORT_FORMATS).optional() });
export type MonitoringVisitReportGenerate = z.infer<typeof monitoringVisitReportGenerate>;

/** GET /Statistic/MonitoringVisitsStatistic/{researchId}: the caller's monitoring visits by state. */
export const monitoringVisitsStatistic = z.object({
  researchId: id,
  total: z.number(),
  confirmed: z.number(),
  unconfirmed: z.number(),
  notStarted: z.number(),
  inProgress: z.number(),
  finished: z.number(),
});
export type MonitoringVisitsStatistic = z.infer<typeof monitoringVisitsStatistic>;
