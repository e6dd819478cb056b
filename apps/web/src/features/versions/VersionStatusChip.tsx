import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ResearchVersionStatus } from '@edc/domain';

/** One colour per research version status: the design phases warm up towards the working version. */
export const STATUS_COLOUR: Record<ResearchVersionStatus, ChipProps['color']> = {
  Designed: 'default',
  QaValidating: 'warning',
  Testing: 'info',
  Working: 'success',
  Locked: 'secondary',
  Archived: 'default',
};

export function VersionStatusChip({ status }: { status: ResearchVersionStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOUR[status]}
      variant={status === 'Archived' ? 'outlined' : 'filled'}
      label={t(`versions:status.${status}`)}
      data-testid="version-status"
    />
  );
}
