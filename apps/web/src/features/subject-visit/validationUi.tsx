import './i18n';
import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { TFunction } from 'i18next';
import type { ValidationRefusal } from '@edc/domain';

/** Why a validation action is not possible, in the user's language (the domain's refusal codes). */
export const refusalText = (t: TFunction, code: ValidationRefusal) => t(`validation:refusal.${code}`);

/** The server's messages of a failed call (ApiError's), or a generic text when it gave none. */
export function validationFailureText(t: TFunction, e: unknown): string {
  const errors = (e as { errors?: { message?: string }[] } | null)?.errors;
  const text = Array.isArray(errors)
    ? errors
        .map((x) => x.message)
        .filter(Boolean)
        .join(' ')
    : '';
  return text || t('validation:failed');
}

/**
 * A button that is shown disabled with its reason as a tooltip. It stays focusable (aria-disabled rather than
 * disabled), so the reason shows on hover, on keyboard focus and on a tap, and is read as its description.
 */
export function ReasonButton({ reason, onClick, sx, ...props }: ButtonProps & { reason: string | null }) {
  if (!reason) return <Button onClick={onClick} sx={sx} {...props} />;
  return (
    <Tooltip title={reason} enterTouchDelay={0} describeChild>
      <Button
        {...props}
        loading={false}
        aria-disabled
        data-reason={reason}
        className="Mui-disabled"
        onClick={(e) => e.preventDefault()}
        sx={[{ '&.Mui-disabled': { pointerEvents: 'auto', cursor: 'not-allowed' } }, ...(Array.isArray(sx) ? sx : [sx])]}
      />
    </Tooltip>
  );
}
