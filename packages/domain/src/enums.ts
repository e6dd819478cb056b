/** Enumerations shared by the server and the web app; spelled as in the spec's API payloads. */

export const ORGANISATION_TYPES = ['Admin', 'Kio', 'Qa', 'Site', 'TestSite'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];

export const USER_ROLES = ['Admin', 'Editor', 'User', 'Sponsor'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const EMPLOYEE_TYPES = [
  'Manager',
  'HeadOfOrganisation',
  'PrincipalInvestigator',
  'UnblindedCoResearcher',
  'CoResearcher',
  'Coordinator',
  'DataManager',
  'DataEntryPerson',
  'Pharmacist',
  'BlindedPharmacist',
  'UnblindedPharmacist',
  'Nurse',
  'UnblindedNurse',
  'LabSpecialist',
  'HeadOfQa',
  'SpecialistQa',
  'Monitor',
] as const;
export type EmployeeType = (typeof EMPLOYEE_TYPES)[number];

export const GENDERS = ['Male', 'Female', 'Both'] as const;
export type Gender = (typeof GENDERS)[number];

export const RESEARCH_STATUSES = ['Current', 'Locked', 'Archived', 'Deleted'] as const;
export type ResearchStatus = (typeof RESEARCH_STATUSES)[number];

export const RESEARCH_VERSION_STATUSES = ['Designed', 'QaValidating', 'Testing', 'Working', 'Locked', 'Archived'] as const;
export type ResearchVersionStatus = (typeof RESEARCH_VERSION_STATUSES)[number];

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';
