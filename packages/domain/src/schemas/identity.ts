import { z } from 'zod';
import { EMPLOYEE_TYPES, LANGUAGES, ORGANISATION_TYPES, RESEARCH_STATUSES, USER_ROLES } from '../enums.js';
import { PERMISSION_KEYS } from '../permissions.js';
import { email, id, name, optionalName, searchPageQuery } from './common.js';
import { organisationWithTaxNumbers } from './auth.js';

export const userRole = z.enum(USER_ROLES);
export const employeeType = z.enum(EMPLOYEE_TYPES);
export const organisationType = z.enum(ORGANISATION_TYPES);
export const language = z.enum(LANGUAGES);

export const userCreate = z.object({
  email,
  firstName: name,
  lastName: name,
  patronymic: optionalName,
  userRole: userRole.default('User'),
  /** The language of the invitation and of the new user's interface; the caller's language when omitted. */
  language: language.optional(),
});
export const userListQuery = searchPageQuery;
export const userUpdate = z.object({
  email: email.optional(),
  firstName: name.optional(),
  lastName: name.optional(),
  patronymic: optionalName,
  userRole: userRole.optional(),
  language: language.optional(),
});
export const user = z.object({
  id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  patronymic: z.string().nullable(),
  userRole,
  language,
});
export type User = z.infer<typeof user>;

/** An organisation's details with its INN and KPP (optional); shared with registration. */
export const organisationCreate = organisationWithTaxNumbers;
export const organisationUpdate = organisationCreate.partial();
/** An organisation as nested in other replies. */
export const organisation = z.object({ id, name: z.string(), shortName: z.string(), address: z.string() });
export type Organisation = z.infer<typeof organisation>;
/** An organisation as the Organisations endpoints return it: with its tax numbers. */
export const organisationFull = organisation.extend({ inn: z.string().nullable(), kpp: z.string().nullable() });
export type OrganisationFull = z.infer<typeof organisationFull>;
export const organisationListQuery = searchPageQuery;
/** GET /Organisations/Short (public, used by registration). */
export const organisationShortQuery = z.object({ search: z.string().trim().max(200).default('') });
export const organisationShort = z.object({ id, shortName: z.string() });

export const organisationUserCreate = z.object({ userId: id, organisationId: id, userRoleString: userRole.default('User') });
export const organisationUserUpdate = z.object({ userRoleString: userRole });
export const organisationUser = z.object({
  id,
  isVerify: z.boolean(),
  userRoleString: userRole,
  organisation,
  user: z.object({ id, email: z.string(), firstName: z.string(), lastName: z.string(), patronymic: z.string().nullable() }),
});
export type OrganisationUser = z.infer<typeof organisationUser>;
export const organisationUsersQuery = searchPageQuery.extend({ organisationId: id });
export const organisationDetail = organisationFull.extend({ organisationUserList: z.array(organisationUser) });
export type OrganisationDetail = z.infer<typeof organisationDetail>;

export const employeeCreate = z.object({ researchOrganisationId: id, employeeTypeString: employeeType, userId: id });
export const researchBrief = z.object({
  id,
  grlsProtocolNumber: z.string(),
  mnn: z.string().nullable(),
  statusString: z.string(),
  withIwrs: z.boolean(),
});
export const researchOrganisationBrief = z.object({
  id,
  organisationTypeString: organisationType,
  researchOrganisationNumber: z.string(),
  organisation: z.object({ id, shortName: z.string(), address: z.string() }),
  research: researchBrief,
});
export const employee = z.object({
  id,
  employeeType,
  hasAccess: z.boolean(),
  drTrialId: z.string().nullable(),
  user: z.object({ id, email: z.string(), firstName: z.string(), lastName: z.string(), patronymic: z.string().nullable() }),
  researchOrganisation: researchOrganisationBrief,
});
export type Employee = z.infer<typeof employee>;
export const employeesQuery = searchPageQuery.extend({ researchOrganisationId: id.optional() });
export const employeeTypeListQuery = z.object({ researchOrganisationId: id.optional() });
/** GET /Employees/Candidates: who may join a centre, searched among its organisation's verified members. */
export const employeeCandidatesQuery = searchPageQuery.extend({ researchOrganisationId: id });

/** A research as read by GET /Researches (design fields; versions come with the design API). */
export const research = z.object({
  id,
  drTrialId: z.string().nullable(),
  grlsProtocolNumber: z.string(),
  grlsRkiNumber: z.number().nullable(),
  grlsProtocol: z.string().nullable(),
  sponsor: z.string().nullable(),
  grlsStartDate: z.string().nullable(),
  grlsPhase: z.string().nullable(),
  mnn: z.string().nullable(),
  protocolVersion: z.string().nullable(),
  protocolVersionDate: z.string().nullable(),
  plannedSubject: z.number().nullable(),
  totalPeriods: z.number(),
  pointList: z.array(z.string()),
  groupList: z.array(z.string()),
  researchKey: z.string().nullable(),
  statusString: z.enum(RESEARCH_STATUSES),
  withIwrs: z.boolean(),
  createdAt: z.string(),
  /** Sent back on PUT /Researches/{id} to refuse a stale edit. */
  updatedAt: z.string(),
});
export type Research = z.infer<typeof research>;
export const researchesQuery = searchPageQuery;
/** A centre: an organisation taking part in a research in one role. */
export const researchOrganisation = researchOrganisationBrief;
export type ResearchOrganisation = z.infer<typeof researchOrganisation>;
export const researchOrganisationsQuery = searchPageQuery.extend({ researchId: id });

export const me = z.object({
  user,
  organisationUsers: z.array(organisationUser),
  currentOrganisationUserId: id.nullable(),
  employees: z.array(employee),
  currentEmployeeId: id.nullable(),
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  homePath: z.string(),
});
export type Me = z.infer<typeof me>;

export const supportTicket = z.object({
  id,
  email: z.string(),
  topic: z.string(),
  description: z.string(),
  userId: id.nullable(),
  createdAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicket>;
export const supportTicketsQuery = searchPageQuery;

export const supportTicketRequest = z.object({
  email: email.optional(),
  topic: z.string().trim().max(300).default(''),
  description: z.string().trim().min(1).max(5000),
});
