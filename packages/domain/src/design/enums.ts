import type { EmployeeType } from '../enums.js';

/**
 * Enumerations of the study design (spec section 3), spelled as the API spells them. Visit types
 * (Screening, Randomisation, Period, End) live in subjects/subject-status.ts, shared with the subject side.
 */

export const FIELD_TYPES = ['Text', 'Number', 'Select', 'Checkbox', 'Date', 'Time', 'DateTime', 'Calculated', 'File'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** Field types that can carry a time point (and so a duration). */
export const TIME_FIELD_TYPES: readonly FieldType[] = ['Time', 'DateTime'];

export const DATA_LINK_TYPES = [
  'FullName',
  'BirthDate',
  'Gender',
  'ScreeningNumber',
  'RandomisationNumber',
  'RandomisationDate',
  'RandomisationGroup',
  'IdentificationNumber',
] as const;
export type DataLinkType = (typeof DATA_LINK_TYPES)[number];

export const CLINICAL_SIGNIFICANCE_VALUES = ['Normal', 'NonClinicalSignificance', 'ClinicalSignificance'] as const;
export type ClinicalSignificance = (typeof CLINICAL_SIGNIFICANCE_VALUES)[number];

/** Roles that see and edit a new form unless told otherwise (spec sections 5 and 9). */
export const DEFAULT_FORM_EMPLOYEE_TYPES: readonly EmployeeType[] = [
  'PrincipalInvestigator',
  'UnblindedCoResearcher',
  'CoResearcher',
];

/** Durations of time points: hh:mm:ss, hours may exceed 24. */
export const DURATION_PATTERN = /^\d{2,4}:[0-5]\d:[0-5]\d$/;
export const DEFAULT_DURATION = '00:00:00';
