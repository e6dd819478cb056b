import { z } from 'zod';
import { GENDERS } from '../enums.js';
import { PAGE_SIZES } from '../constants.js';
import { COMPLETED_STATUSES, SUBJECT_STATUSES, VISIT_TYPES } from '../subjects/subject-status.js';
import { id, isoDate } from './common.js';
import { NOTE_STATUSES } from '../notes/note-rules.js';

/**
 * Requests and replies of the Subjects, SubjectsVisit and Statistic/SubjectVisitsStatistic calls (spec
 * operations section 7). Payload names are the spec's (`genderString`, `randomizationDate`, `Page`...).
 */

export const subjectStatus = z.enum(SUBJECT_STATUSES);
export const completedStatus = z.enum(COMPLETED_STATUSES);
export const visitTimingSchema = z.enum(['onTime', 'overdue', 'upcoming']);
/** A subject is male or female; `Both` exists only for forms. */
export const subjectGender = z.enum(['Male', 'Female']);

const shortText = (max: number) => z.string().trim().min(1).max(max);
const number = shortText(50);
const reason = shortText(1000);
const optionalReason = z.string().trim().max(1000).nullish();
/** Optimistic concurrency: the `version` the client last read; a different stored value answers 409. */
const version = z.number().int().min(1);

// ------------------------------------------------------------------------------------------ requests

export const subjectCreate = z.object({
  genderString: subjectGender,
  birthDate: isoDate,
  screenDate: isoDate,
  screeningNumber: number,
  fullName: z.string().trim().max(300).nullish(),
});

export const subjectUpdate = z.object({
  version,
  genderString: subjectGender.optional(),
  birthDate: isoDate.optional(),
  screenDate: isoDate.optional(),
  screeningNumber: number.optional(),
  fullName: z.string().trim().max(300).nullish(),
  /** Kept in the audit trail with the change. */
  reasonForChange: optionalReason,
});

/**
 * POST Randomise. Without IWRS the group and the number are required; with IWRS the system draws both from
 * the randomisation list and refuses them when given (docs/iwrs.md).
 */
export const subjectRandomise = z.object({
  randomizationDate: isoDate,
  randomizationGroup: shortText(100).optional(),
  randomizationNumber: number.optional(),
  version,
});

/**
 * PUT Randomise: what is given changes, the rest stays. The group is not corrected here: a request that
 * names one is refused (409 `randomization_group_fixed`) whatever its value, so that the answer never
 * tells a blinded caller the group; it changes through subjectGroupChange.
 */
export const subjectRandomiseUpdate = z.object({
  version,
  randomizationDate: isoDate.optional(),
  randomizationGroup: shortText(100).optional(),
  randomizationNumber: number.optional(),
  reasonForChange: optionalReason,
});

/** PUT RandomisationGroup: an unblinded user changes a randomised subject's group, with a reason (audited). */
export const subjectGroupChange = z.object({
  version,
  randomizationGroup: shortText(100),
  reason,
});

/**
 * Every action on a subject names the `version` it was based on (optimistic locking, docs/security.md): a
 * stale one answers 409, a missing one 400.
 */
/** Failure (screenfailer) and EndAheadSchedule: the reason is required. */
export const subjectEndWithReason = z.object({ endDate: isoDate, endReason: reason, version });
/** End by protocol: the reason is an optional comment. */
export const subjectEnd = z.object({ endDate: isoDate, endReason: optionalReason, version });
/**
 * POST /Subjects/{id}/Sign: the signer's password (21 CFR 11.200), an optional sign date (default the signer's
 * today) and meaning of the signature (default DEFAULT_SIGNATURE_MEANING).
 */
export const subjectSign = z.object({
  password: z.string().min(1).max(256),
  signDate: isoDate.optional(),
  meaning: z.string().trim().min(1).max(500).optional(),
  version,
});

const sortOrder = z
  .enum(['asc', 'desc', ''])
  .optional()
  .transform((v) => (v ? v : undefined));
const search = z.string().trim().max(100).optional();
const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `one of ${PAGE_SIZES.join(', ')}` });
const statusList = z
  .union([subjectStatus, z.array(subjectStatus).max(SUBJECT_STATUSES.length)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** Filters shared by the list, the status counts and the visit statistics. */
const subjectFilters = {
  /** The research: user roles Admin and Editor may name one; others work in their current research. */
  researchId: id.optional(),
  researchOrganisationId: id.optional(),
  screeningNumber: search,
  randomisationNumber: search,
  identificationNumber: search,
};

/** GET /Subjects. `Page` and `PageSize` as the spec spells them; `page` and `pageSize` are accepted too. */
export const subjectsQuery = z.object({
  ...subjectFilters,
  Page: z.coerce.number().int().min(1).optional(),
  page: z.coerce.number().int().min(1).optional(),
  PageSize: pageSize.optional(),
  pageSize: pageSize.optional(),
  statusList,
  sortByScrNumber: sortOrder,
  sortByRandNumber: sortOrder,
  sortByIdentNumber: sortOrder,
});

/** GET /Subjects/StatusCounts: the list's filters without the status filter. */
export const subjectStatusCountsQuery = z.object(subjectFilters);

/** GET /Statistic/SubjectVisitsStatistic/{researchId}. */
export const subjectVisitsStatisticQuery = z.object({
  researchOrganisationId: id.optional(),
  /** Count test sites' subjects too ('true'); they are left out by default. */
  withTestSubjects: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const subjectVisitCreate = z.object({ date: isoDate, subjectId: id, visitId: id });
export const subjectVisitsQuery = z.object({ subjectId: id });
export const subjectVisitChangeDateQuery = z.object({ date: isoDate });

// ------------------------------------------------------------------------------------------- replies

export const visitWindowReply = z.object({ target: z.string(), from: z.string(), to: z.string() });

/** A subject visit as a matrix cell. */
export const subjectVisitBrief = z.object({
  id,
  visitId: id,
  date: z.string(),
  formCompletedStatus: completedStatus,
  repeatIndex: z.number(),
  timing: visitTimingSchema,
  /** The 'requested by a monitor' mark of the monitor's grid (domain isRequestedByMonitor). */
  requestedByMonitor: z.boolean(),
});
export type SubjectVisitBrief = z.infer<typeof subjectVisitBrief>;

export const subject = z.object({
  id,
  researchId: id,
  researchOrganisationId: id,
  researchOrganisationNumber: z.string(),
  fullName: z.string().nullable(),
  gender: z.enum(GENDERS),
  birthDate: z.string(),
  screenDate: z.string(),
  screeningNumber: z.string(),
  randomizationNumber: z.string().nullable(),
  identificationNumber: z.string(),
  randomizationDate: z.string().nullable(),
  /** Only for unblinded callers (seesRandomisationGroup); absent otherwise. */
  randomizationGroup: z.string().nullable().optional(),
  status: subjectStatus,
  isRandomised: z.boolean(),
  isSigned: z.boolean(),
  signDate: z.string().nullable(),
  endDate: z.string().nullable(),
  endReason: z.string().nullable(),
  drTrialId: z.string().nullable(),
  /** Entered at a test site: left out of statistics and dataset exports unless asked for. */
  isTest: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subject = z.infer<typeof subject>;

/** A row of the matrix and GET /Subjects/{id}: the subject with its visits. */
export const subjectWithVisits = subject.extend({ subjectVisitList: z.array(subjectVisitBrief) });
export type SubjectWithVisits = z.infer<typeof subjectWithVisits>;

export const subjectVisit = z.object({
  id,
  subjectId: id,
  visitId: id,
  date: z.string(),
  formCompletedStatus: completedStatus,
  signDate: z.string().nullable(),
  startValidatingDate: z.string().nullable(),
  /** The most urgent status of the notes the caller sees in the visit's forms (data-entry replies). */
  noteStatus: z.enum(NOTE_STATUSES).nullable().optional(),
  repeatIndex: z.number(),
  timing: visitTimingSchema,
  window: visitWindowReply,
  visit: z.object({
    id,
    title: z.string(),
    visitTypeString: z.enum(VISIT_TYPES),
    index: z.number(),
    repeating: z.boolean(),
    dayNumber: z.number(),
    dayPlus: z.number(),
    dayMinus: z.number(),
  }),
  researchOrganisationVersion: z
    .object({
      id,
      startedDate: z.string(),
      researchVersion: z.object({ id, index: z.string(), startedDate: z.string() }),
      protocolVersion: z.object({ id, protocolVersionNumber: z.string(), protocolVersionDate: z.string() }),
    })
    .nullable(),
  /** The research version the visit was created under (the centre's current one, else the research's latest). */
  researchVersion: z.object({ id, index: z.string(), startedDate: z.string() }).nullable(),
  createdAt: z.string(),
});
export type SubjectVisit = z.infer<typeof subjectVisit>;

export const subjectStatusCounts = z.object({
  /** Every status but Deleted (deleted subjects are in no list and no count). */
  counts: z.record(subjectStatus.exclude(['Deleted']), z.number()),
  total: z.number(),
});
export type SubjectStatusCounts = z.infer<typeof subjectStatusCounts>;

export const subjectVisitsStatistic = z.object({
  researchId: id,
  statuses: z.array(z.object({ status: completedStatus, onTime: z.number(), overdue: z.number() })),
  onTime: z.number(),
  overdue: z.number(),
});
export type SubjectVisitsStatistic = z.infer<typeof subjectVisitsStatistic>;

/** GET /Statistic/SubjectStatistic/{researchId}: live subjects by status (spec operations section 3), scoped like the matrix. */
export const subjectStatistic = z.object({
  researchId: id,
  subjectCount: z.number(),
  startedSubjectCount: z.number(),
  screenedSubjectCount: z.number(),
  randomisedSubjectCount: z.number(),
  failedSubjectCount: z.number(),
  endAheadScheduleSubjectCount: z.number(),
  endSubjectCount: z.number(),
});
export type SubjectStatistic = z.infer<typeof subjectStatistic>;
