import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/**
 * Validate or cancel a QA visit's or form's validation. When validating is not possible the button stays
 * disabled and says why (open notes, version not under validation); cancelling is always possible.
 */
export function ValidateButton({
  validated,
  openNotes,
  validating,
  pending,
  onClick,
  testId,
}: {
  validated: boolean;
  openNotes: number;
  validating: boolean;
  pending: boolean;
  onClick: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const reason = validated
    ? null
    : !validating
      ? t('qaValidation:validate.notValidating')
      : openNotes > 0
        ? t('qaValidation:validate.openNotes', { count: openNotes })
        : null;
  const button = (
    <Button
      size="small"
      variant={validated ? 'outlined' : 'contained'}
      disabled={reason !== null || pending}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      data-testid={testId}
    >
      {validated ? t('qaValidation:validate.cancel') : t('qaValidation:validate.validate')}
    </Button>
  );
  if (!reason) return button;
  return (
    <Tooltip title={reason}>
      {/* A disabled button gets no pointer events: the span carries the tooltip. */}
      <span>{button}</span>
    </Tooltip>
  );
}
