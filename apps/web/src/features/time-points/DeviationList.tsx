import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TimeDeviationReply } from '@edc/domain';

/** '+01:00:00 (−00:05:00/+00:10:00) после «Время дозирования»': when the point is due after its start point. */
export const deviationText = (d: TimeDeviationReply, t: TFunction) =>
  t('timepoints:deviationText', {
    deviation: d.deviation,
    minus: d.deviationMinus,
    plus: d.deviationPlus,
    start: d.startTimePoint.formFieldText,
  });

/** A point's deviations in the grid, each with its delete button for those who edit. */
export function DeviationList({
  deviations,
  onDelete,
}: {
  deviations: readonly TimeDeviationReply[];
  /** Absent for those who only read. */
  onDelete?: (deviation: TimeDeviationReply) => void;
}) {
  const { t } = useTranslation();
  if (deviations.length === 0) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {deviations.map((d) => (
        <Box component="li" key={d.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="deviation">
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {deviationText(d, t)}
          </Typography>
          {onDelete && (
            <Tooltip title={t('timepoints:actions.delete')}>
              <IconButton
                size="small"
                aria-label={t('timepoints:actions.deleteDeviationOf', { start: d.startTimePoint.formFieldText })}
                onClick={() => onDelete(d)}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ))}
    </Box>
  );
}
