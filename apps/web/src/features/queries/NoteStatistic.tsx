import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ItemNoteStatistic, NoteStatus, NoteType } from '@edc/domain';
import { useNoteStatistic } from './api';
import { noteStatusColour } from './noteUi';

type Counts = ItemNoteStatistic[number];

/** The statistic's count of each status, in the spec's order of statuses. */
const COUNT_OF: Array<[NoteStatus, (c: Counts) => number]> = [
  ['New', (c) => c.newCount],
  ['Updated', (c) => c.updatedCount],
  ['ResolutionProposed', (c) => c.resolutionProposedCount],
  ['Closed', (c) => c.closedCount],
  ['NotApplicable', (c) => c.notApplicableCount],
];

/**
 * The research's notes at a glance (GET /Statistic/ItemNoteStatistic): per note type the caller sees, a coloured
 * chip per status that has notes; a chip shows those notes in the grid (its type and status as the filters).
 */
export function NoteStatistic({
  researchId,
  onPick,
}: {
  researchId: string;
  onPick: (type: NoteType, status: NoteStatus) => void;
}) {
  const { t } = useTranslation();
  const statistic = useNoteStatistic(researchId);
  if (statistic.isPending) return <Skeleton variant="rounded" height={40} sx={{ mb: 2 }} aria-hidden="true" />;
  if (statistic.isError)
    return (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void statistic.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      >
        {t('queries:statistic.loadError')}
      </Alert>
    );
  const types = statistic.data.filter((c) => COUNT_OF.some(([, n]) => n(c) > 0));
  if (types.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="notes-statistic-title"
      sx={{ p: 1.5, mb: 2 }}
      data-testid="notes-statistic"
    >
      <Typography id="notes-statistic-title" variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('queries:statistic.title')}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.75 }}
      >
        {types.map((c) => {
          const type = t(`queries:type.${c.type}`);
          const total = COUNT_OF.reduce((sum, [, n]) => sum + n(c), 0);
          return (
            <Box key={c.type} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 500, alignSelf: 'center' }}>
                {type}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {t('queries:statistic.total', { count: total })}
                </Typography>
              </Typography>
              <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {COUNT_OF.filter(([, n]) => n(c) > 0).map(([status, n]) => {
                  const label = t(`queries:status.${status}`);
                  return (
                    <Chip
                      key={status}
                      size="small"
                      clickable
                      onClick={() => onPick(c.type, status)}
                      label={`${label}: ${n(c)}`}
                      title={t('queries:statistic.filter', { type, status: label })}
                      aria-label={t('queries:statistic.count', { type, status: label, count: n(c) })}
                      data-status={status}
                      sx={{
                        bgcolor: noteStatusColour(status),
                        color: '#fff',
                        fontWeight: 500,
                        '&:hover, &:focus-visible': { bgcolor: noteStatusColour(status), filter: 'brightness(0.9)' },
                      }}
                    />
                  );
                })}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
