import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SubjectVisitsStatistic } from '@edc/domain';
import { Loading } from '../../../shared/components/Loading';
import { useVisitsStatistic } from '../api';
import { countText } from '../../../app/locale-format';

const ON_TIME = '#2e7d32';
const OVERDUE = '#c62828';

/** On-time and overdue visit counts per completed status as a grouped bar chart (plain SVG). */
function BarChart({ stat }: { stat: SubjectVisitsStatistic }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => countText(value, i18n.language);
  const rows = stat.statuses;
  const max = Math.max(1, ...rows.flatMap((r) => [r.onTime, r.overdue]));
  // Bars as wide as their labels (1 400 000 visits at 70,000 subjects), the axis as wide as its top label.
  const labelWidth = (value: number) => Math.ceil(n(value).length * 6.5);
  const bar = Math.max(24, labelWidth(max) + 4);
  const group = 2 * bar + 24;
  const left = Math.max(30, labelWidth(max) + 6);
  const height = 180;
  const width = left + 6 + rows.length * group + 4;
  const y = (value: number) => height - (value / max) * (height - 20);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <svg width={width} height={height + 56} role="img" aria-label={t('subjects:dialogs.statistics')}>
        <line x1={left} x2={width} y1={height} y2={height} stroke="#999" />
        <text x={0} y={24} fontSize={11} fill="#666">
          {n(max)}
        </text>
        <text x={0} y={height} fontSize={11} fill="#666">
          0
        </text>
        {rows.map((r, i) => {
          const x = left + 6 + i * group;
          return (
            <g key={r.status}>
              <rect x={x} y={y(r.onTime)} width={bar} height={height - y(r.onTime)} fill={ON_TIME} />
              <rect x={x + bar + 2} y={y(r.overdue)} width={bar} height={height - y(r.overdue)} fill={OVERDUE} />
              {r.onTime > 0 && (
                <text x={x + bar / 2} y={y(r.onTime) - 3} fontSize={11} textAnchor="middle">
                  {n(r.onTime)}
                </text>
              )}
              {r.overdue > 0 && (
                <text x={x + bar * 1.5 + 2} y={y(r.overdue) - 3} fontSize={11} textAnchor="middle">
                  {n(r.overdue)}
                </text>
              )}
              <text x={x + bar} y={height + 16} fontSize={11} textAnchor="middle">
                {t(`subjects:completedStatus.${r.status}`)}
              </text>
            </g>
          );
        })}
        <rect x={left + 6} y={height + 32} width={12} height={12} fill={ON_TIME} />
        <text x={left + 22} y={height + 42} fontSize={12}>
          {t('subjects:dialogs.onTime')}
        </text>
        <rect x={left + 110} y={height + 32} width={12} height={12} fill={OVERDUE} />
        <text x={left + 126} y={height + 42} fontSize={12}>
          {t('subjects:dialogs.overdue')}
        </text>
      </svg>
    </Box>
  );
}

export default function StatisticsDialog({
  researchId,
  researchOrganisationId,
  onClose,
}: {
  researchId: string | null;
  researchOrganisationId?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [withTest, setWithTest] = useState(false);
  const stat = useVisitsStatistic(researchId, researchOrganisationId, true, withTest);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="visits-statistic-title">
      <DialogTitle id="visits-statistic-title">{t('subjects:dialogs.statistics')}</DialogTitle>
      <DialogContent>
        <FormControlLabel
          control={<Checkbox checked={withTest} onChange={(e) => setWithTest(e.target.checked)} />}
          label={t('subjects:testSubject.withTest')}
        />
        {stat.isPending ? (
          <Loading />
        ) : stat.isError ? (
          <Alert severity="error">{t('subjects:dialogs.statisticsError')}</Alert>
        ) : (
          <>
            <BarChart stat={stat.data} />
            <Typography sx={{ mt: 1 }}>
              {t('subjects:dialogs.statisticsTotal', {
                onTime: countText(stat.data.onTime, i18n.language),
                overdue: countText(stat.data.overdue, i18n.language),
              })}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
