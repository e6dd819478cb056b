import '../api';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DoneAll from '@mui/icons-material/DoneAll';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type MonitoringVisit } from '@edc/domain';
import { Loading } from '../../../shared/components/Loading';
import { PageTitle } from '../../../shared/components/PageTitle';
import { useDesignResearch } from '../../design/api';
import { ResearchPicker } from '../../design/components/ResearchPicker';
import { displayDateTime, TimeStateChip } from '../../subjects/dialogs/MonitoringVisitsTab';
import { usePlanMutations, usePlannedVisits } from './api';
import { MonitoringVisitDialog } from './MonitoringVisitDialog';
import '../../design/i18n';
import { useResearchList } from '../../researches/api';

type Confirming = { kind: 'confirm' | 'delete'; visit: MonitoringVisit } | null;

/**
 * /researchSettings/monitoringVisits (design-and-admin sections 2, 3, 5, 6): the research's monitoring visits
 * in two tabs, unconfirmed and confirmed, server-paged; planning, editing, confirming and deleting a visit
 * until it has ended. User roles Admin and Editor pick the research and get the link to the visit.
 */
export default function MonitoringVisitsSettingsPage() {
  const { t } = useTranslation();
  const { researchId, choose, me } = useDesignResearch();
  const canPick = me?.user.userRole === 'Admin' || me?.user.userRole === 'Editor';
  const researches = useResearchList(canPick);
  const [confirmed, setConfirmed] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const list = usePlannedVisits(researchId, confirmed, page, pageSize);
  const { confirm, remove } = usePlanMutations();
  const [editing, setEditing] = useState<MonitoringVisit | 'new' | null>(null);
  const [asking, setAsking] = useState<Confirming>(null);
  const planner = me?.permissions.includes('monitoring_visits_settings') ?? false;

  const row = (v: MonitoringVisit) => {
    const ended = v.timeState === 'finished';
    const period = t('monitoringVisits:period', { start: displayDateTime(v.startDate), end: displayDateTime(v.endDate) });
    return (
      <Paper
        key={v.id}
        variant="outlined"
        component="li"
        sx={{ p: 2, listStyle: 'none' }}
        data-testid="planned-visit"
        aria-label={period}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              {canPick ? (
                <Typography component={RouterLink} to={`/monitoringVisits/${v.id}`} sx={{ fontWeight: 500 }}>
                  {period}
                </Typography>
              ) : (
                <Typography sx={{ fontWeight: 500 }}>{period}</Typography>
              )}
              <TimeStateChip state={v.timeState} />
            </Stack>
            <Typography variant="body2">{`${t('monitoringVisits:centre')}: ${v.researchOrganisation.shortName}`}</Typography>
            <Typography variant="body2">{`${t('monitoringVisits:monitors')}: ${v.monitorList.map((m) => m.fullName).join(', ')}`}</Typography>
            <Typography variant="body2" color="text.secondary">
              {v.site
                ? t('monitoringVisits:coversSite', { number: v.site.number })
                : t('monitoringVisits:coversChosen', { count: v.subjectVisitIdList.length })}
            </Typography>
          </Box>
          {planner && !ended && (
            <Stack direction="row">
              <Tooltip title={t('monitoringVisits:settings.edit')}>
                <IconButton aria-label={t('monitoringVisits:settings.edit')} onClick={() => setEditing(v)}>
                  <EditOutlined />
                </IconButton>
              </Tooltip>
              {!v.confirmed && (
                <Tooltip title={t('monitoringVisits:settings.confirm')}>
                  <IconButton
                    aria-label={t('monitoringVisits:settings.confirm')}
                    onClick={() => setAsking({ kind: 'confirm', visit: v })}
                  >
                    <DoneAll />
                  </IconButton>
                </Tooltip>
              )}
              <Tooltip title={t('monitoringVisits:settings.delete')}>
                <IconButton
                  aria-label={t('monitoringVisits:settings.delete')}
                  onClick={() => setAsking({ kind: 'delete', visit: v })}
                >
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </Stack>
          )}
        </Stack>
      </Paper>
    );
  };

  let content;
  if (!researchId) content = <Alert severity="info">{t('design:common.noResearch')}</Alert>;
  else if (list.isPending) content = <Loading />;
  else if (list.isError)
    content = (
      <Alert severity="error" action={<Button onClick={() => void list.refetch()}>{t('monitoringVisits:retry')}</Button>}>
        {t('monitoringVisits:loadError')}
      </Alert>
    );
  else if (list.data.data.length === 0) content = <Typography color="text.secondary">{t('monitoringVisits:empty')}</Typography>;
  else
    content = (
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {list.data.data.map(row)}
      </Stack>
    );

  const doAsk = () => {
    if (!asking) return;
    const m = asking.kind === 'confirm' ? confirm : remove;
    m.mutate(asking.visit.id, { onSettled: () => setAsking(null) });
  };

  return (
    <>
      <PageTitle>{t('monitoringVisits:settings.title')}</PageTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        {canPick && <ResearchPicker researches={researches.data} value={researchId} onChange={choose} />}
        {planner && researchId && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')} sx={{ ml: { sm: 'auto' } }}>
            {t('monitoringVisits:settings.create')}
          </Button>
        )}
      </Box>
      <Tabs
        value={confirmed ? 'confirmed' : 'unconfirmed'}
        onChange={(_, v) => {
          setConfirmed(v === 'confirmed');
          setPage(1);
        }}
        variant="scrollable"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="unconfirmed" label={t('monitoringVisits:settings.unconfirmedTab')} />
        <Tab value="confirmed" label={t('monitoringVisits:settings.confirmedTab')} />
      </Tabs>
      {content}
      {list.data && list.data.totalCount > 0 && (
        <TablePagination
          component="div"
          count={list.data.totalCount}
          page={page - 1}
          onPageChange={(_, p) => setPage(p + 1)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(1);
          }}
        />
      )}
      {editing && researchId && (
        <MonitoringVisitDialog
          researchId={researchId}
          visit={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <Dialog open={Boolean(asking)} onClose={() => setAsking(null)} aria-labelledby="mv-ask-title">
        <DialogTitle id="mv-ask-title">
          {asking?.kind === 'delete' ? t('monitoringVisits:settings.deleteAsk') : t('monitoringVisits:settings.confirmAsk')}
        </DialogTitle>
        <DialogContent>
          {asking && (
            <Typography>
              {t('monitoringVisits:period', {
                start: displayDateTime(asking.visit.startDate),
                end: displayDateTime(asking.visit.endDate),
              })}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{t('common:actions.cancel')}</Button>
          <Button
            variant="contained"
            color={asking?.kind === 'delete' ? 'error' : 'primary'}
            onClick={doAsk}
            loading={confirm.isPending || remove.isPending}
          >
            {asking?.kind === 'delete' ? t('monitoringVisits:settings.delete') : t('monitoringVisits:settings.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
