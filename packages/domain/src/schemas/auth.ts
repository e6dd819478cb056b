import { z } from 'zod';
import { email, name, optionalName, password, id } from './common.js';

export const signInRequest = z.object({ email, password: z.string().min(1).max(256) });
export const signInReply = z.object({
  accessToken: z.string(),
  /** PKCS#8 private key (base64) of the session's RSA-OAEP SHA-256 pair; the public key stays on the server. */
  rsaKey: z.string(),
});
export type SignInReply = z.infer<typeof signInReply>;

export const signInWithTokenRequest = z.object({ email, token: z.string().min(1).max(512), employeeId: id.nullish() });

export const userDto = z.object({ email, firstName: name, lastName: name, patronymic: optionalName });
export const organisationDto = z.object({
  name: z.string().trim().min(1).max(500),
  shortName: z.string().trim().min(1).max(200),
  address: z.string().trim().min(1).max(1000),
});
/** Russian tax numbers: INN of 10 digits (a company) or 12 (a sole trader); KPP of 9 (digits, 5th and 6th may be letters). */
export const inn = z
  .string()
  .trim()
  .regex(/^(\d{10}|\d{12})$/, 'INN: 10 or 12 digits');
export const kpp = z
  .string()
  .trim()
  .regex(/^\d{4}[\dA-Z]{2}\d{3}$/, 'KPP: 9 characters');
/** A new organisation's details; the tax numbers come with a company lookup suggestion (optional). */
export const organisationWithTaxNumbers = organisationDto.extend({ inn: inn.nullish(), kpp: kpp.nullish() });
export const signUpRequest = z.object({ userDto, organisationShortName: z.string().trim().min(1).max(200) });
/** Registration with a new organisation, with its INN and KPP when it was chosen from the company lookup. */
export const signUpWithOrganisationRequest = z.object({ userDto, organisationDto: organisationWithTaxNumbers });

export const restorePasswordRequest = z.object({ email });
export const setPasswordRequest = z.object({ password });
export const setPasswordWithCredentialsRequest = z.object({ email, password });
export const changePasswordRequest = z.object({ oldPassword: z.string().min(1).max(256), newPassword: password });
export const signOutQuery = z.object({ id: id.optional() });
