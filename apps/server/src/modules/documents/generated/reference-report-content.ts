import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { organisations, referenceGroups, referenceRanges, researches } from '../../../platform/db/schema/index.js';
import { findCentre } from '../../centres/centres.queries.js';
import { fieldsById, formTypeTitles } from '../../references/reference-common.js';

/** What the reference report prints (docs/documents.md "Reference report"): a centre's live groups and ranges. */
export interface ReferenceReportRange {
  field: string;
  units: string;
  gender: string;
  minAge: number;
  maxAge: number;
  minReference: number;
  maxReference: number;
  errorMessage: string;
}

export interface ReferenceReportGroup {
  formType: string;
  dateFrom: string;
  dateTo: string | null;
  isLocked: boolean;
  ranges: ReferenceReportRange[];
}

export interface ReferenceReportContent {
  researchTitle: string;
  centre: string;
  groups: ReferenceReportGroup[];
}

/** The centre's live groups (by form type, newest period first), each with its live ranges by field, sex and age. */
export async function readReferenceReport(db: Db, centreId: string): Promise<ReferenceReportContent | undefined> {
  const centre = await findCentre(db, centreId);
  if (!centre) return undefined;
  const [research] = await db
    .select({ title: researches.grlsProtocolNumber })
    .from(researches)
    .where(eq(researches.id, centre.researchId));
  const [organisation] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, centre.organisationId));
  const groups = await db
    .select()
    .from(referenceGroups)
    .where(and(eq(referenceGroups.researchOrganisationId, centreId), isNull(referenceGroups.deletedAt)))
    .orderBy(asc(referenceGroups.formTypeId), desc(referenceGroups.dateFrom));
  const ranges = groups.length
    ? await db
        .select()
        .from(referenceRanges)
        .where(
          and(
            inArray(
              referenceRanges.referenceGroupId,
              groups.map((g) => g.id),
            ),
            isNull(referenceRanges.deletedAt),
          ),
        )
        .orderBy(asc(referenceRanges.createdAt), asc(referenceRanges.id))
    : [];
  const titles = await formTypeTitles(
    db,
    groups.map((g) => g.formTypeId),
  );
  const fieldOf = await fieldsById(
    db,
    ranges.map((r) => r.fieldId),
  );
  const out = groups.map((g) => ({
    formType: titles.get(g.formTypeId) ?? '',
    dateFrom: g.dateFrom,
    dateTo: g.dateTo,
    isLocked: g.isLocked,
    ranges: ranges
      .filter((r) => r.referenceGroupId === g.id)
      .map((r) => ({
        field: fieldOf.get(r.fieldId)?.title ?? '',
        units: fieldOf.get(r.fieldId)?.units ?? '',
        gender: r.gender,
        minAge: r.minAge,
        maxAge: r.maxAge,
        minReference: r.minReference,
        maxReference: r.maxReference,
        errorMessage: r.errorMessage,
      }))
      .sort((a, b) => a.field.localeCompare(b.field) || a.gender.localeCompare(b.gender) || a.minAge - b.minAge),
  }));
  out.sort((a, b) => a.formType.localeCompare(b.formType));
  return {
    researchTitle: research?.title ?? '',
    centre: [centre.number, organisation?.name].filter(Boolean).join(' '),
    groups: out,
  };
}
