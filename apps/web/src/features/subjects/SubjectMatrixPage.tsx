import './i18n';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import Close from '@mui/icons-material/Close';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import LegendToggleOutlined from '@mui/icons-material/LegendToggleOutlined';
import { useTranslation } from 'react-i18next';
import {
  canAddVisitToSubject,
  canChangeSubjectVisitDate,
  canCreateSubjectVisit,
  COMPLETED_STATUSES,
  DEBOUNCE_MS,
  PAGE_SIZES,
  SUBJECT_STATUSES,
  subjectRules,
  type SubjectStatus,
  type SubjectVisit,
  type SubjectWithVisits,
  type VisitType,
} from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import {
  subjectFacts,
  useResearch,
  useResearchVisits,
  useSites,
  useStatusCounts,
  useSubjectContext,
  useSubjectsPage,
  type SubjectListParams,
  type Visit,
} from './api';
import { DEFAULT_FILTER_STATE, nextSort, useMatrixFilterState, type MatrixFilterState } from './filterState';
import { SubjectCards, SubjectTable, type RowAbilities, type RowAction } from './SubjectGrid';
import { ConfirmVisitDialog } from './dialogs/ConfirmVisitDialog';
import { CreateSubjectDialog } from './dialogs/CreateSubjectDialog';
import { DeleteSubjectDialog } from './dialogs/DeleteSubjectDialog';
import { EndParticipationDialog } from './dialogs/EndParticipationDialog';
import { RandomiseDialog } from './dialogs/RandomiseDialog';
import { ScreenfailerDialog } from './dialogs/ScreenfailerDialog';
import { SignDialog } from './dialogs/SignDialog';
import { SubjectInfoDialog } from './dialogs/SubjectInfoDialog';
import { VisitInfoDialog } from './dialogs/VisitInfoDialog';
import { KioVisitDialog } from './dialogs/KioVisitDialog';
import { CompletedStatusChip, SubjectStatusIcon } from './ui';
import { countText } from '../../app/locale-format';

const StatisticsDialog = lazy(() => import('./dialogs/StatisticsDialog'));

const LISTED_STATUSES = SUBJECT_STATUSES.filter((s): s is Exclude<SubjectStatus, 'Deleted'> => s !== 'Deleted');

type OpenDialog =
  | { kind: RowAction; subject: SubjectWithVisits }
  | { kind: 'visit'; subject: SubjectWithVisits; visit: Visit }
  | { kind: 'visitInfo' | 'kioVisit'; subject: SubjectWithVisits; subjectVisitId: string }
  | { kind: 'create' | 'statistics' | 'legend' }
  | null;

function toParams(state: MatrixFilterState, searches: MatrixFilterState['searches']): SubjectListParams {
  const sortKey = {
    screeningNumber: 'sortByScrNumber',
    randomizationNumber: 'sortByRandNumber',
    identificationNumber: 'sortByIdentNumber',
  } as const;
  return {
    page: state.page,
    pageSize: state.pageSize,
    ...searches,
    ...(state.sort ? { [sortKey[state.sort.column]]: state.sort.order } : {}),
    statusList: state.statusList,
    researchOrganisationId: state.researchOrganisationId || undefined,
  };
}

/** The statuses legend: subject status icons and visit/form status colours. */
function Legend({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ width: 300, p: 2 }} role="region" aria-labelledby="legend-title">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id="legend-title" variant="h2" component="h2">
          {t('subjects:matrix.legend')}
        </Typography>
        <IconButton aria-label={t('common:actions.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Typography variant="h3" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t('subjects:legend.subjects')}
      </Typography>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {SUBJECT_STATUSES.map((s) => (
          <Stack key={s} direction="row" spacing={1} component="li" sx={{ alignItems: 'center' }}>
            <SubjectStatusIcon status={s} />
            <Typography>{t(`subjects:subjectStatus.${s}`)}</Typography>
          </Stack>
        ))}
      </Stack>
      <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('subjects:legend.visits')}
      </Typography>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, alignItems: 'flex-start' }}>
        {COMPLETED_STATUSES.map((s) => (
          <li key={s}>
            <CompletedStatusChip status={s} />
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** Subject Matrix (spec section 2): server-paged subjects with a column per visit, filters, actions and dialogs. */
export default function SubjectMatrixPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'));
  const ctx = useSubjectContext();
  const [state, update] = useMatrixFilterState();
  const searches = useDebouncedValue(state.searches, DEBOUNCE_MS);
  const params = useMemo(() => toParams(state, searches), [state, searches]);
  const enabled = Boolean(ctx.researchId);
  const subjects = useSubjectsPage(params, enabled);
  const counts = useStatusCounts(params, enabled);
  const visits = useResearchVisits(ctx.researchId);
  const research = useResearch(ctx.isSiteUser ? ctx.researchId : null);
  const sites = useSites(ctx.researchId, ctx.filtersBySite);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const visitList = useMemo(() => visits.data ?? [], [visits.data]);
  const visitTypes = useMemo(() => new Map<string, VisitType>(visitList.map((v) => [v.id, v.visitTypeString])), [visitList]);
  const statusFilterActive = state.statusList.length > 0;

  const abilities = useCallback(
    (s: SubjectWithVisits): RowAbilities => {
      const facts = subjectFacts(s, visitTypes);
      const a = ctx.actor;
      const actions: RowAction[] = [];
      if (ctx.isSiteUser && !statusFilterActive) {
        actions.push('info');
        if (subjectRules.edit(facts, a) === null) actions.push('edit');
        if (subjectRules.randomise(facts, a) === null) actions.push('randomise');
        if (subjectRules.fail(facts, a) === null) actions.push('screenfailer');
        if (subjectRules.end(facts, a) === null) actions.push('end');
        if (subjectRules.sign(facts, a) === null) actions.push('sign');
        if (subjectRules.delete(facts, a) === null) actions.push('delete');
      }
      return {
        actions,
        canCreateVisit: (v) =>
          !statusFilterActive &&
          canCreateSubjectVisit(a, v, s.subjectVisitList.filter((sv) => sv.visitId === v.id).length) === null &&
          canAddVisitToSubject(facts, a, v.visitTypeString) === null,
      };
    },
    [ctx.actor, ctx.isSiteUser, statusFilterActive, visitTypes],
  );

  /** Site users outside a status filter may correct what the rules allow (spec section 5, "canIEdit"). */
  const writes = ctx.isSiteUser && !statusFilterActive;
  const canEditRandomisation = (s: SubjectWithVisits) =>
    writes && subjectRules.updateRandomisation(subjectFacts(s, visitTypes), ctx.actor) === null;
  const canChangeDate = (s: SubjectWithVisits) => (sv: SubjectVisit) =>
    writes && canChangeSubjectVisitDate(subjectFacts(s, visitTypes), ctx.actor, sv) === null;

  const setSearch = (key: keyof MatrixFilterState['searches'], value: string) =>
    update((s) => ({ searches: { ...s.searches, [key]: value }, page: 1 }));
  const toggleStatus = (status: SubjectStatus) =>
    update((s) => ({
      statusList: s.statusList.includes(status) ? s.statusList.filter((x) => x !== status) : [...s.statusList, status],
      page: 1,
    }));
  const filtersSet =
    Object.values(state.searches).some((v) => v !== '') ||
    state.statusList.length > 0 ||
    state.researchOrganisationId !== '' ||
    state.sort !== null;

  const rows = subjects.data?.data ?? [];
  const total = subjects.data?.totalCount ?? 0;
  const gridProps = {
    rows,
    visits: visitList,
    state,
    abilities,
    onSort: (column: Parameters<typeof nextSort>[1]) => update((s) => ({ sort: nextSort(s.sort, column), page: 1 })),
    onTogglePin: (column: MatrixFilterState['pinned'][number]) =>
      update((s) => ({ pinned: s.pinned.includes(column) ? s.pinned.filter((c) => c !== column) : [...s.pinned, column] })),
    onAction: (kind: RowAction, subject: SubjectWithVisits) => setDialog({ kind, subject }),
    onConfirmVisit: (subject: SubjectWithVisits, visit: Visit) => setDialog({ kind: 'visit', subject, visit }),
    // A monitor gets the kio visit view: the monitoring visits where the visit is available.
    onOpenVisit: (subject: SubjectWithVisits, subjectVisitId: string) =>
      setDialog({ kind: ctx.isKio ? 'kioVisit' : 'visitInfo', subject, subjectVisitId }),
  };

  let content;
  if (!enabled) content = <Alert severity="info">{t('common:empty.data')}</Alert>;
  else if (subjects.isPending || visits.isPending) content = <Loading />;
  else if (subjects.isError || visits.isError)
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void Promise.all([subjects.refetch(), visits.refetch()])}>
            {t('common:actions.retry')}
          </Button>
        }
      >
        {subjects.isError ? t('subjects:matrix.loadError') : t('subjects:matrix.visitsLoadError')}
      </Alert>
    );
  else if (rows.length === 0 && mobile)
    content = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('common:empty.data')}</Typography>
      </Paper>
    );
  else content = mobile ? <SubjectCards {...gridProps} /> : <SubjectTable {...gridProps} />;

  return (
    <Box sx={{ pb: 10 }}>
      <PageTitle>{t('subjects:matrix.title')}</PageTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label={t('subjects:matrix.filters')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }}>
          <TextField
            size="small"
            label={t('subjects:matrix.screeningNumber')}
            value={state.searches.screeningNumber}
            onChange={(e) => setSearch('screeningNumber', e.target.value)}
            type="search"
          />
          <TextField
            size="small"
            label={t('subjects:matrix.randomizationNumber')}
            value={state.searches.randomisationNumber}
            onChange={(e) => setSearch('randomisationNumber', e.target.value)}
            type="search"
          />
          <TextField
            size="small"
            label={t('subjects:matrix.identificationNumber')}
            value={state.searches.identificationNumber}
            onChange={(e) => setSearch('identificationNumber', e.target.value)}
            type="search"
          />
          {ctx.filtersBySite && (
            <TextField
              size="small"
              select
              label={t('subjects:matrix.site')}
              value={state.researchOrganisationId}
              onChange={(e) => update({ researchOrganisationId: e.target.value, page: 1 })}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{t('subjects:matrix.allSites')}</MenuItem>
              {(sites.data ?? []).map((ro) => (
                <MenuItem key={ro.id} value={ro.id}>
                  {`${ro.researchOrganisationNumber} — ${ro.organisation.shortName}`}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
          <Typography component="legend" variant="subtitle2">
            {t('subjects:matrix.statusFilter')}
          </Typography>
          <FormGroup row>
            {LISTED_STATUSES.map((s) => (
              <FormControlLabel
                key={s}
                control={<Checkbox size="small" checked={state.statusList.includes(s)} onChange={() => toggleStatus(s)} />}
                label={
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <SubjectStatusIcon status={s} />
                    <span>{`${t(`subjects:subjectStatus.${s}`)} (${countText(counts.data?.counts[s] ?? 0, i18n.language)})`}</span>
                  </Stack>
                }
              />
            ))}
          </FormGroup>
          {statusFilterActive && ctx.isSiteUser && (
            <Typography variant="caption" color="text.secondary">
              {t('subjects:matrix.statusFilterHint')}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Button startIcon={<BarChartOutlined />} onClick={() => setDialog({ kind: 'statistics' })}>
            {t('subjects:matrix.statistics')}
          </Button>
          <Button startIcon={<LegendToggleOutlined />} onClick={() => setDialog({ kind: 'legend' })}>
            {t('subjects:matrix.legend')}
          </Button>
          {filtersSet && (
            <Button
              startIcon={<FilterAltOffOutlined />}
              onClick={() => update({ ...DEFAULT_FILTER_STATE, pageSize: state.pageSize, pinned: state.pinned })}
            >
              {t('subjects:matrix.clearFilters')}
            </Button>
          )}
        </Stack>
      </Paper>

      <Box sx={{ position: 'relative' }} aria-busy={subjects.isFetching}>
        {subjects.isFetching && !subjects.isPending && (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 4 }} />
        )}
        {content}
      </Box>
      {enabled && !subjects.isError && (total > 0 || state.page > 1) && (
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, state.page - 1)}
          onPageChange={(_, p) => update({ page: p + 1 })}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(e) => update({ pageSize: Number(e.target.value), page: 1 })}
          labelRowsPerPage={t('subjects:matrix.rowsPerPage')}
          // On a phone the toolbar wraps (four page buttons beside the page size); the floating Add button sits over the
          // right edge: keep the page arrows clear of it.
          sx={{
            '.MuiTablePagination-toolbar': { flexWrap: { xs: 'wrap', sm: 'nowrap' }, pl: { xs: 0 } },
            '.MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
            ...(ctx.isSiteUser ? { pr: { xs: 9, sm: 10 } } : {}),
          }}
        />
      )}

      {ctx.isSiteUser && (
        <Fab
          color="primary"
          aria-label={t('subjects:matrix.add')}
          onClick={() => setDialog({ kind: 'create' })}
          sx={{ position: 'fixed', right: { xs: 16, sm: 24 }, bottom: { xs: 88, sm: 96 } }}
        >
          <Add />
        </Fab>
      )}

      <Drawer anchor="right" open={dialog?.kind === 'legend'} onClose={close}>
        <Legend onClose={close} />
      </Drawer>
      {dialog?.kind === 'create' && <CreateSubjectDialog open onClose={close} />}
      {dialog?.kind === 'statistics' && (
        <Suspense fallback={null}>
          <StatisticsDialog
            researchId={ctx.researchId}
            researchOrganisationId={state.researchOrganisationId || undefined}
            onClose={close}
          />
        </Suspense>
      )}
      {dialog && 'subject' in dialog && (
        <>
          {(dialog.kind === 'info' || dialog.kind === 'edit') && (
            <SubjectInfoDialog
              subject={dialog.subject}
              canEdit={abilities(dialog.subject).actions.includes('edit')}
              canEditRandomisation={canEditRandomisation(dialog.subject)}
              groups={research.data?.groupList ?? []}
              startEditing={dialog.kind === 'edit'}
              onClose={close}
            />
          )}
          {dialog.kind === 'randomise' && (
            <RandomiseDialog
              subject={dialog.subject}
              groups={research.data?.groupList ?? []}
              withIwrs={ctx.withIwrs}
              onClose={close}
            />
          )}
          {dialog.kind === 'screenfailer' && <ScreenfailerDialog subject={dialog.subject} onClose={close} />}
          {dialog.kind === 'end' && <EndParticipationDialog subject={dialog.subject} onClose={close} />}
          {dialog.kind === 'sign' && <SignDialog subject={dialog.subject} onClose={close} />}
          {dialog.kind === 'delete' && <DeleteSubjectDialog subject={dialog.subject} onClose={close} />}
          {dialog.kind === 'visit' && <ConfirmVisitDialog subject={dialog.subject} visit={dialog.visit} onClose={close} />}
          {dialog.kind === 'kioVisit' && (
            <KioVisitDialog
              subject={dialog.subject}
              subjectVisitId={dialog.subjectVisitId}
              onOpenInfo={() => setDialog({ ...dialog, kind: 'visitInfo' })}
              onClose={close}
            />
          )}
          {dialog.kind === 'visitInfo' && (
            <VisitInfoDialog
              subject={dialog.subject}
              subjectVisitId={dialog.subjectVisitId}
              canChangeDate={canChangeDate(dialog.subject)}
              onClose={close}
            />
          )}
        </>
      )}
    </Box>
  );
}
