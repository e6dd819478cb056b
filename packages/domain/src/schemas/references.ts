import { z } from 'zod';
import { GENDERS } from '../enums.js';
import { FIELD_TYPES } from '../design/enums.js';
import { MAX_REFERENCE_AGE } from '../references/reference-rules.js';
import { id, isoDate, pageQuery } from './common.js';

/**
 * Reference (normal) ranges, spec section 7: OrganisationReferenceGroups, OrganisationReferences,
 * ReferenceGroups (of a centre) and References. A group holds the ranges of one form type for a period;
 * a reference is the range of one field for an age band and gender.
 */

/** Optimistic concurrency: the `updatedAt` the client last read, required on updates; a different stored value answers 409. */
const updatedAt = z.iso.datetime({ offset: true });
const age = z.number().int().min(0).max(MAX_REFERENCE_AGE);
const bound = z.number();

export const referenceGender = z.enum(GENDERS);

// ------------------------------------------------------------------------------------------- groups

const period = { dateFrom: isoDate, dateTo: isoDate.nullish() };

export const organisationReferenceGroupCreate = z.object({ organisationId: id, formTypeId: id, ...period });
export const referenceGroupCreate = z.object({
  researchOrganisationId: id,
  formTypeId: id,
  ...period,
  /** Start from an organisation group: it must be of the centre's organisation and form type; its ranges are copied. */
  organisationReferenceGroupId: id.nullish(),
});
export const referenceGroupUpdate = z.object({
  formTypeId: id.optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.nullish(),
  updatedAt,
});

export const organisationReferenceGroupsQuery = pageQuery.extend({ organisationId: id, formTypeId: id.optional() });
export const referenceGroupsQuery = pageQuery.extend({ researchOrganisationId: id, formTypeId: id.optional() });
export const copyToParams = z.object({ id, researchOrganisationId: id });

const groupCommon = {
  id,
  formTypeId: id,
  formType: z.object({ id, title: z.string() }),
  dateFrom: z.string(),
  dateTo: z.string().nullable(),
  isLocked: z.boolean(),
  /** The spec's other name of isLocked. */
  validated: z.boolean(),
  referenceCount: z.number(),
  updatedAt: z.string(),
};

// --------------------------------------------------------------------------------------- references

const rangeFields = {
  fieldId: id,
  minReference: bound,
  maxReference: bound,
  minAge: age,
  maxAge: age,
  genderString: referenceGender,
  errorMessage: z.string().trim().min(1).max(1000),
};

export const organisationReferenceCreate = z.object({ organisationReferenceGroupId: id, ...rangeFields });
export const referenceCreate = z.object({ referenceGroupId: id, ...rangeFields });
/** PUT: any of the range's fields; the merged result must still keep min ≤ max. */
export const referenceUpdate = z.object({
  fieldId: id.optional(),
  minReference: bound.optional(),
  maxReference: bound.optional(),
  minAge: age.optional(),
  maxAge: age.optional(),
  genderString: referenceGender.optional(),
  errorMessage: rangeFields.errorMessage.optional(),
  updatedAt,
});
export const referencesQuery = pageQuery.extend({ referenceGroupId: id });

/** A field definition that may carry a reference (GET .../ByFormType). */
export const referenceField = z.object({
  id,
  title: z.string(),
  fieldKey: z.string(),
  fieldType: z.enum(FIELD_TYPES),
  units: z.string().nullable(),
});
export type ReferenceField = z.infer<typeof referenceField>;

const referenceCommon = {
  id,
  fieldId: id,
  field: referenceField,
  minReference: z.number(),
  maxReference: z.number(),
  minAge: z.number(),
  maxAge: z.number(),
  genderString: referenceGender,
  errorMessage: z.string(),
  updatedAt: z.string(),
};

export const reference = z.object({ ...referenceCommon, referenceGroupId: id });
export type Reference = z.infer<typeof reference>;
export const organisationReference = z.object({ ...referenceCommon, organisationReferenceGroupId: id });
export type OrganisationReference = z.infer<typeof organisationReference>;

export const referenceGroup = z.object({
  ...groupCommon,
  researchOrganisationId: id,
  organisationReferenceGroupId: id.nullable(),
});
export type ReferenceGroup = z.infer<typeof referenceGroup>;
export const referenceGroupDetail = referenceGroup.extend({ referenceList: z.array(reference) });
export type ReferenceGroupDetail = z.infer<typeof referenceGroupDetail>;

export const organisationReferenceGroup = z.object({ ...groupCommon, organisationId: id });
export type OrganisationReferenceGroup = z.infer<typeof organisationReferenceGroup>;
export const organisationReferenceGroupDetail = organisationReferenceGroup.extend({
  referenceList: z.array(organisationReference),
});
export type OrganisationReferenceGroupDetail = z.infer<typeof organisationReferenceGroupDetail>;
