import i18n from 'i18next';
import { z } from 'zod';
import { common, setPasswordRequest, setPasswordWithCredentialsRequest } from '@edc/domain';

const mismatch = {
  path: ['repeat'],
  error: () => i18n.t('common:validation.passwordsMismatch'),
};

/** New password typed twice. */
export const newPasswordForm = setPasswordRequest.extend({ repeat: z.string() }).refine((v) => v.password === v.repeat, mismatch);

export const newPasswordWithEmailForm = setPasswordWithCredentialsRequest
  .extend({ repeat: z.string() })
  .refine((v) => v.password === v.repeat, mismatch);

/** Profile: current password, new password typed twice. */
export const changePasswordForm = z
  .object({ oldPassword: z.string().min(1).max(256), newPassword: common.password, repeat: z.string() })
  .refine((v) => v.newPassword === v.repeat, mismatch);
