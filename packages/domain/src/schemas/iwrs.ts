import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { MANUAL_MEDICATION_ACTIONS, MEDICATION_STATUSES } from '../iwrs/medication-status.js';
import { unbalancedBlockSize } from '../iwrs/block-list.js';
import { id } from './common.js';

/**
 * Requests and replies of the IWRS calls (spec operations section 7: /SubjectDosing, the medications of a
 * dosing, /Medication; and the lists, kits and shipments behind them, docs/iwrs.md). An arm
 * (`medicationGroup`, `group`) is in a reply only for callers who may see randomisation groups.
 */

export const medicationStatus = z.enum(MEDICATION_STATUSES);
const text = (max: number) => z.string().trim().min(1).max(max);
/**
 * '' for a list of the whole research, a centre's number, or with a stratification field its value
 * (`M`) or a centre's number and the value (`01/M`) (docs/iwrs.md, "Lists and strata").
 */
const stratum = z.string().trim().max(100).default('');
const csv = z
  .string()
  .min(1)
  .max(6 * 1024 * 1024);
/** An XLSX workbook in base64; its first sheet is read like a CSV file (docs/iwrs.md, "Files"). */
const xlsx = z
  .string()
  .min(1)
  .max(8 * 1024 * 1024);
/** A file of rows: `csv` text or an `xlsx` workbook, exactly one (the server says which is missing). */
const tableFile = { csv: csv.optional(), xlsx: xlsx.optional() };
const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `one of ${PAGE_SIZES.join(', ')}` });
/** `Page` and `PageSize` as the spec spells them; `page` and `pageSize` are accepted too. */
const paging = {
  Page: z.coerce.number().int().min(1).optional(),
  page: z.coerce.number().int().min(1).optional(),
  PageSize: pageSize.optional(),
  pageSize: pageSize.optional(),
};
const version = z.number().int().min(1);

// ------------------------------------------------------------------------------- randomisation lists

export const randomisationListGenerate = z
  .object({
    stratum,
    arms: z
      .array(z.object({ group: text(100), ratio: z.number().int().min(1).max(10) }))
      .min(1)
      .max(10)
      .refine((arms) => new Set(arms.map((a) => a.group)).size === arms.length, { message: 'groups must differ' }),
    blockSizes: z.array(z.number().int().min(1).max(100)).min(1).max(10),
    size: z.number().int().min(1).max(100_000),
    /** Recorded with the list; the server chooses one when none is given. */
    seed: text(200).optional(),
    numberPrefix: z.string().trim().max(20).default('R-'),
    startNumber: z.number().int().min(0).max(1_000_000_000).default(1),
    numberWidth: z.number().int().min(1).max(10).default(4),
  })
  .superRefine((v, ctx) => {
    const bad = unbalancedBlockSize(v);
    if (bad !== undefined) {
      const total = v.arms.reduce((n, a) => n + a.ratio, 0);
      ctx.addIssue({ code: 'custom', path: ['blockSizes'], message: `${bad} is not a multiple of the ratio total ${total}` });
    }
  });
export type RandomisationListGenerate = z.output<typeof randomisationListGenerate>;

/** A list from CSV or XLSX: a header row naming `randomizationNumber` and `group`, then one entry per row in draw order. */
export const randomisationListUpload = z.object({ stratum, ...tableFile });

export const randomisationListSummary = z.object({
  id,
  stratum: z.string(),
  source: z.enum(['generated', 'uploaded']),
  seed: z.string().nullable(),
  blockSizes: z.array(z.number()).nullable(),
  arms: z.array(z.object({ group: z.string(), ratio: z.number() })).nullable(),
  size: z.number(),
  used: z.number(),
  remaining: z.number(),
  createdAt: z.string(),
});
export type RandomisationListSummary = z.infer<typeof randomisationListSummary>;

export const randomisationEntriesQuery = z.object(paging);
export const randomisationEntry = z.object({
  position: z.number(),
  randomizationNumber: z.string(),
  group: z.string(),
  subjectId: z.string().nullable(),
  screeningNumber: z.string().nullable(),
  usedAt: z.string().nullable(),
});

/** The reply of an upload: the first list, and every list the file made (one per stratum of its `stratum` column). */
export const randomisationListUploaded = randomisationListSummary.extend({ lists: z.array(randomisationListSummary) });

/** The stratification factor: a form field of the research, or null for strata by centre only. */
export const stratumFieldSet = z.object({ formFieldId: id.nullable() });
export const stratumFieldOption = z.object({
  formFieldId: z.string(),
  text: z.string(),
  formTitle: z.string(),
  fieldType: z.string(),
});
export type StratumFieldOption = z.infer<typeof stratumFieldOption>;
export const stratumFieldsQuery = z.object({ search: z.string().trim().max(100).optional() });
/** Used and remaining entries of each stratum, over all its lists. */
export const randomisationStrata = z.object({
  field: stratumFieldOption.nullable(),
  strata: z.array(
    z.object({ stratum: z.string(), lists: z.number(), size: z.number(), used: z.number(), remaining: z.number() }),
  ),
});
export type RandomisationStrata = z.infer<typeof randomisationStrata>;

export const randomisationListVerify = z.object({ matches: z.boolean(), size: z.number() });

// ------------------------------------------------------------------------------------ kits (medications)

/** Kits from CSV or XLSX: a header row naming `identNumber`, `medicationGroup`, `lot` and `expiryDate` (YYYY-MM-DD). */
export const medicationImport = z.object(tableFile);
export const medicationImportReply = z.object({ created: z.number() });

export const medicationsQuery = z.object({
  ...paging,
  /** A site's kits; `depot` for those at the sponsor's depot. */
  researchOrganisationId: z.union([id, z.literal('depot')]).optional(),
  status: z
    .union([medicationStatus, z.array(medicationStatus).max(MEDICATION_STATUSES.length)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  identNumber: z.string().trim().max(100).optional(),
});

export const medicationStatusChange = z.object({
  action: z.enum(MANUAL_MEDICATION_ACTIONS),
  version,
  reason: z.string().trim().max(1000).nullish(),
});
/** Confirming or missing a dispense names the kit's version it was based on. */
export const medicationDispenseOutcome = z.object({ version });

export const medicationStatusLog = z.object({
  status: medicationStatus,
  statusDateTime: z.string(),
  userEmail: z.string().nullable(),
});

export const medication = z.object({
  id,
  identNumber: z.string(),
  /** Only for callers who may see randomisation groups. */
  medicationGroup: z.string().optional(),
  lot: z.string(),
  expiryDate: z.string(),
  currentStatus: medicationStatus,
  researchOrganisationId: z.string().nullable(),
  researchOrganisationNumber: z.string().nullable(),
  version: z.number(),
  /** Newest first. */
  statusLogs: z.array(medicationStatusLog).optional(),
});
export type Medication = z.infer<typeof medication>;

/** Kits a site can still dispense, per site, with a warning below LOW_STOCK_KITS. */
export const medicationStock = z.object({
  researchOrganisationId: z.string(),
  researchOrganisationNumber: z.string(),
  available: z.number(),
  low: z.boolean(),
});

// -------------------------------------------------------------------------------------------- shipments

export const shipmentCreate = z.object({
  researchOrganisationId: id,
  medicationIds: z.array(id).min(1).max(1000),
});
export const shipmentsQuery = z.object({ ...paging, researchOrganisationId: id.optional() });
export const shipment = z.object({
  id,
  number: z.number(),
  researchOrganisationId: z.string(),
  researchOrganisationNumber: z.string(),
  status: z.enum(['Shipped', 'Received']),
  shippedAt: z.string(),
  shippedBy: z.string().nullable(),
  receivedAt: z.string().nullable(),
  receivedBy: z.string().nullable(),
  kitCount: z.number(),
});
export type Shipment = z.infer<typeof shipment>;

// ---------------------------------------------------------------------------------------------- dosings

/** POST /SubjectDosing: the system picks the kit; the dosing time is now unless given. */
export const subjectDosingCreate = z.object({
  subjectId: id,
  periodNumber: z.number().int().min(1).max(1000),
  dosingDateTime: z.iso.datetime({ offset: true }).optional(),
});

export const subjectDosingsQuery = z.object({
  ...paging,
  periodNumber: z.coerce.number().int().min(1).max(1000).optional(),
  researchOrganisationId: id.optional(),
  subjectId: id.optional(),
});

export const subjectDosing = z.object({
  id,
  subjectId: z.string(),
  subject: z.object({
    screeningNumber: z.string(),
    randomizationNumber: z.string().nullable(),
    identificationNumber: z.string(),
    fullName: z.string().nullable(),
  }),
  researchOrganisationId: z.string(),
  researchOrganisationNumber: z.string(),
  periodNumber: z.number(),
  dispenseNumber: z.number(),
  dosingDateTime: z.string(),
});
export type SubjectDosing = z.infer<typeof subjectDosing>;
export const subjectDosingWithMedications = subjectDosing.extend({ medications: z.array(medication) });

// ---------------------------------------------------------------------------------- emergency unblinding

/** POST /Subjects/{id}/EmergencyUnblind: the principal investigator's reason and password (as for a signature). */
export const emergencyUnblind = z.object({
  reason: text(1000),
  password: z.string().min(1).max(200),
});

/** An emergency unblinding; `randomizationGroup` only for callers who see groups, and for the one who unblinded. */
export const emergencyUnblinding = z.object({
  id,
  subjectId: z.string(),
  screeningNumber: z.string(),
  researchOrganisationId: z.string(),
  researchOrganisationNumber: z.string(),
  userEmail: z.string().nullable(),
  reason: z.string(),
  unblindedAt: z.string(),
  randomizationGroup: z.string().optional(),
  randomizationNumber: z.string().nullable().optional(),
});
export type EmergencyUnblinding = z.infer<typeof emergencyUnblinding>;
export const emergencyUnblindingsQuery = z.object({ ...paging, subjectId: id.optional() });
