import './i18n';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import AddAlarmOutlined from '@mui/icons-material/AddAlarmOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import { useTranslation } from 'react-i18next';
import type { ScheduleDocumentReply, TimeDeviationReply, TimePointReply } from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { designKeys, useDesignResearch, useVisits, type Visit } from '../design/api';
import { QueryBlock, useDeleteDialog } from '../design/components/common';
import { ResearchPicker } from '../design/components/ResearchPicker';
import { ResponsiveList, type Column } from '../design/components/ResponsiveList';
import { useQueryParams } from '../design/components/useQueryParams';
import { RuleChain } from '../rules/parts';
import { useTimePointsAccess } from './access';
import { useTimePointMutations, useTimePoints } from './api';
import { DeviationDialog } from './DeviationDialog';
import { deviationText, DeviationList } from './DeviationList';
import { ForecastDialog } from './ForecastDialog';
import { ScheduleDialog } from './ScheduleDialog';
import { ScheduleNotice } from './ScheduleNotice';
import { TimePointDialog } from './TimePointDialog';
import { useResearchList } from '../researches/api';

type Dialog =
  | { kind: 'point'; point: TimePointReply | null }
  | { kind: 'deviation'; point: TimePointReply }
  | { kind: 'forecast' }
  | { kind: 'schedule' };

const fieldOf = (p: TimePointReply) => p.formFieldChain.formField.text;

/**
 * /researchSettings/timePoints (spec section 2 "Time points settings"; sections 3, 5, 9): the points of a visit
 * of the current research (the visit in `?visitId=`, the first one by default) with their deviations, the
 * staffing forecast and the scheduled-activities report. Permission `time_points_settings` reads the page;
 * `design_edit` adds, edits and deletes points and deviations.
 */
export default function TimePointsSettingsPage() {
  const { t } = useTranslation();
  const access = useTimePointsAccess();
  const { researchId, loading, choose, me } = useDesignResearch();
  const { params, setParam } = useQueryParams();
  const visitId = params.get('visitId');
  const canPick = me?.user.userRole === 'Admin' || me?.user.userRole === 'Editor';
  const researches = useResearchList(canPick && access.view);
  const visits = useVisits(access.view ? researchId : null, null);
  const visitList = visits.data ?? [];
  const visit = visitList.find((v) => v.id === visitId) ?? null;
  const points = useTimePoints(visit?.id ?? null, access.view);
  const pointList = points.data ?? [];
  const { remove, removeDeviation } = useTimePointMutations();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [schedule, setSchedule] = useState<ScheduleDocumentReply | null>(null);
  const qc = useQueryClient();

  // useDesignResearch reads the research of `?visitId=` from the visit: the list's copy saves that request
  // (and the page's spinner while it runs) when a visit is chosen here.
  const chooseVisit = (v: Visit | undefined) => {
    if (v) qc.setQueryData(designKeys.visit(v.id), v);
    setParam('visitId', v?.id ?? null);
  };
  const chooseRef = useRef(chooseVisit);
  chooseRef.current = chooseVisit;
  // No visit chosen (or one of another research): the research's first visit.
  const first = visits.data?.[0];
  const chosenKnown = Boolean(visit);
  useEffect(() => {
    if (first && !chosenKnown) chooseRef.current(first);
  }, [first, chosenKnown]);

  const pointDeletion = useDeleteDialog<TimePointReply>(remove, {
    title: t('timepoints:delete.title'),
    text: (p) => t('timepoints:delete.text', { field: p ? fieldOf(p) : '' }),
  });
  const deviationDeletion = useDeleteDialog<TimeDeviationReply>(removeDeviation, {
    title: t('timepoints:deleteDeviation.title'),
    text: (d) => t('timepoints:deleteDeviation.text', { text: d ? deviationText(d, t) : '' }),
  });

  if (access.loaded && !access.view)
    return (
      <>
        <PageTitle>{t('timepoints:title')}</PageTitle>
        <Alert severity="warning">{t('timepoints:noRights')}</Alert>
      </>
    );
  if (loading) return <Loading />;

  const columns: Column<TimePointReply>[] = [
    {
      key: 'field',
      header: t('timepoints:column.field'),
      primary: true,
      width: '32%',
      render: (p) => (
        <Box>
          <RuleChain rule={p} />
          {p.isVisitStartPoint && (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t('timepoints:startPoint')}
              sx={{ mt: 0.5 }}
              data-testid="start-point"
            />
          )}
        </Box>
      ),
    },
    {
      key: 'duration',
      header: t('timepoints:column.duration'),
      primary: true,
      render: (p) => (
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {p.duration}
        </Box>
      ),
    },
    {
      key: 'description',
      header: t('timepoints:column.description'),
      render: (p) => <Box sx={{ whiteSpace: 'pre-line', overflowWrap: 'break-word', minWidth: 160 }}>{p.description || '—'}</Box>,
    },
    {
      key: 'deviations',
      header: t('timepoints:column.deviations'),
      width: '32%',
      render: (p) => (
        <DeviationList deviations={p.timeDeviationList} onDelete={access.edit ? deviationDeletion.ask : undefined} />
      ),
    },
  ];

  const actions = (p: TimePointReply) => (
    <>
      <Tooltip title={t('timepoints:actions.edit')}>
        <IconButton
          aria-label={t('timepoints:actions.editOf', { field: fieldOf(p) })}
          onClick={() => setDialog({ kind: 'point', point: p })}
        >
          <EditOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('timepoints:actions.addDeviation')}>
        <IconButton
          aria-label={t('timepoints:actions.addDeviationOf', { field: fieldOf(p) })}
          onClick={() => setDialog({ kind: 'deviation', point: p })}
        >
          <AddAlarmOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('timepoints:actions.delete')}>
        <IconButton aria-label={t('timepoints:actions.deleteOf', { field: fieldOf(p) })} onClick={() => pointDeletion.ask(p)}>
          <DeleteOutline />
        </IconButton>
      </Tooltip>
    </>
  );

  const noPoints = points.isSuccess && pointList.length === 0;
  return (
    <>
      <PageTitle>{t('timepoints:title')}</PageTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        {canPick && <ResearchPicker researches={researches.data} value={researchId} onChange={choose} />}
        {researchId && (
          <TextField
            select
            size="small"
            margin="none"
            label={t('timepoints:visit')}
            value={visit?.id ?? ''}
            onChange={(e) => chooseVisit(visitList.find((v) => v.id === e.target.value))}
            disabled={!visits.data || visitList.length === 0}
            sx={{ width: { xs: '100%', sm: 280 } }}
          >
            {visitList.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.title}
              </MenuItem>
            ))}
          </TextField>
        )}
        {visit && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: { sm: 'auto' } }}>
            <Button
              variant="outlined"
              startIcon={<GroupsOutlined />}
              disabled={noPoints}
              onClick={() => setDialog({ kind: 'forecast' })}
            >
              {t('timepoints:actions.forecast')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<TableViewOutlined />}
              disabled={noPoints}
              onClick={() => setDialog({ kind: 'schedule' })}
            >
              {t('timepoints:actions.schedule')}
            </Button>
            {access.edit && (
              <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ kind: 'point', point: null })}>
                {t('timepoints:actions.add')}
              </Button>
            )}
          </Box>
        )}
      </Box>
      {schedule && <ScheduleNotice key={schedule.id} started={schedule} onHide={() => setSchedule(null)} />}
      {access.loaded && !access.edit && visit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('timepoints:readOnly')}
        </Alert>
      )}
      {!researchId ? (
        <Alert severity="info">{t('design:common.noResearch')}</Alert>
      ) : (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 0, md: 2 }, borderWidth: { xs: 0, md: 1 }, bgcolor: { xs: 'transparent', md: 'background.paper' } }}
        >
          <QueryBlock
            query={visits}
            errorText={t('timepoints:visitsError')}
            empty={visitList.length === 0}
            emptyText={t('timepoints:noVisits')}
          >
            {!visit ? (
              <Loading />
            ) : (
              <QueryBlock
                query={points}
                errorText={t('timepoints:loadError')}
                empty={pointList.length === 0}
                emptyText={t('timepoints:empty')}
              >
                <ResponsiveList
                  label={t('timepoints:list')}
                  testId="time-point"
                  rows={pointList}
                  getId={(p) => p.id}
                  rowLabel={fieldOf}
                  columns={columns}
                  actions={access.edit ? actions : undefined}
                />
              </QueryBlock>
            )}
          </QueryBlock>
        </Paper>
      )}
      {visit && dialog?.kind === 'point' && (
        <TimePointDialog visitId={visit.id} point={dialog.point} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'deviation' && (
        <DeviationDialog point={dialog.point} points={pointList} onClose={() => setDialog(null)} />
      )}
      {visit && dialog?.kind === 'forecast' && <ForecastDialog visit={visit} onClose={() => setDialog(null)} />}
      {visit && dialog?.kind === 'schedule' && (
        <ScheduleDialog visit={visit} onClose={() => setDialog(null)} onStarted={setSchedule} />
      )}
      {pointDeletion.dialog}
      {deviationDeletion.dialog}
    </>
  );
}
