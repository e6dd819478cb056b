import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { QaNoteStatus } from '@edc/domain';
import { noteStatusColour } from '../queries/noteUi';

/** A QA note status (or a set's indicator) as a chip in the spec's colour: new red, updated orange, proposed green, closed blue. */
export function QaStatusChip({ status }: { status: QaNoteStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      data-status={status}
      label={t(`qaValidation:status.${status}`)}
      sx={{ bgcolor: noteStatusColour(status), color: '#fff', fontWeight: 500 }}
    />
  );
}
