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
export const signUpRequest = z.object({ userDto, organisationShortName: z.string().trim().min(1).max(200) });
export const signUpWithOrganisationRequest = z.object({ userDto, organisationDto });

export const restorePasswordRequest = z.object({ email });
export const setPasswordRequest = z.object({ password });
export const setPasswordWithCredentialsRequest = z.object({ email, password });
export const changePasswordRequest = z.object({ oldPassword: z.string().min(1).max(256), newPassword: password });
export const signOutQuery = z.object({ id: id.optional() });
