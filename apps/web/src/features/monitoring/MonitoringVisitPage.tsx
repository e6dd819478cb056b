import '../subjects/i18n';
import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type SubjectWithVisits } from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { useResearchVisits, useSites, useSubjectContext, type SubjectListParams } from '../subjects/api';
import { nextSort, useMatrixFilterState, type MatrixFilterState } from '../subjects/filterState';
import { SubjectCards, SubjectTable, type RowAbilities } from '../subjects/SubjectGrid';
import { SubjectInfoDialog } from '../subjects/dialogs/SubjectInfoDialog';
import { displayDateTime, TimeStateChip } from '../subjects/dialogs/MonitoringVisitsTab';
import { useMonitoringVisit, useMonitoringVisitSubjects } from './api';
import { MonitoringReportButton } from './MonitoringReportButton';
import { useRememberedScroll } from './useRememberedScroll';

const DEBOUNCE_MS = 400;
/** A monitor reads: the info action only, no visit to confirm. */
const READ_ONLY: RowAbilities = { actions: ['info'], canCreateVisit: () => false };
const abilities = () => READ_ONLY;

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

/**
 * A monitoring visit's subject grid (spec section 2, /monitoringVisits/{id}): the subjects it covers, a
 * column per visit, pinning, server paging and filters kept per monitoring visit, the centre filter; a
 * visit links to its page with ?monitoringVisitId so the breadcrumb leads back here.
 */
export default function MonitoringVisitPage() {
  const { monitoringVisitId: id } = useParams();
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'));
  const ctx = useSubjectContext();
  const visit = useMonitoringVisit(id);
  const [state, update] = useMatrixFilterState(`monitoringVisit.${id ?? ''}.filters`);
  const searches = useDebouncedValue(state.searches, DEBOUNCE_MS);
  const params = useMemo(() => toParams(state, searches), [state, searches]);
  const subjects = useMonitoringVisitSubjects(id, params);
  const visits = useResearchVisits(ctx.researchId);
  const sites = useSites(ctx.researchId, !visit.data?.siteId);
  const [info, setInfo] = useState<SubjectWithVisits | null>(null);
  useRememberedScroll(`monitoringVisit.${id ?? ''}.scroll`, !subjects.isPending);

  const visitHref = useCallback((subjectVisitId: string) => `/subjectVisit/${subjectVisitId}?monitoringVisitId=${id}`, [id]);
  const setSearch = (key: keyof MatrixFilterState['searches'], value: string) =>
    update((s) => ({ searches: { ...s.searches, [key]: value }, page: 1 }));

  // Only the visits the monitoring visit covers make columns: with chosen visits, the visits held in them.
  const rows = useMemo(() => subjects.data?.data ?? [], [subjects.data]);
  const visitList = useMemo(() => {
    const all = visits.data ?? [];
    if (visit.data?.siteId) return all;
    const held = new Set(rows.flatMap((s) => s.subjectVisitList.map((v) => v.visitId)));
    return all.filter((v) => held.has(v.id));
  }, [visits.data, visit.data?.siteId, rows]);

  useEffect(() => {
    if (subjects.data && state.page > 1 && subjects.data.data.length === 0) update({ page: 1 });
  }, [subjects.data, state.page, update]);

  if (visit.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void visit.refetch()}>{t('monitoringVisits:retry')}</Button>}>
        {t('monitoringVisits:visitLoadError')}
      </Alert>
    );

  const gridProps = {
    rows,
    visits: visitList,
    state,
    abilities,
    visitHref,
    showRequested: true,
    onSort: (column: Parameters<typeof nextSort>[1]) => update((s) => ({ sort: nextSort(s.sort, column), page: 1 })),
    onTogglePin: (column: MatrixFilterState['pinned'][number]) =>
      update((s) => ({ pinned: s.pinned.includes(column) ? s.pinned.filter((c) => c !== column) : [...s.pinned, column] })),
    onAction: (_kind: string, subject: SubjectWithVisits) => setInfo(subject),
    onConfirmVisit: () => undefined,
    onOpenVisit: (subject: SubjectWithVisits) => setInfo(subject),
  };

  let content;
  if (subjects.isPending || visits.isPending || visit.isPending) content = <Loading />;
  else if (subjects.isError || visits.isError)
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void Promise.all([subjects.refetch(), visits.refetch()])}>
            {t('monitoringVisits:retry')}
          </Button>
        }
      >
        {t('monitoringVisits:subjectsLoadError')}
      </Alert>
    );
  else if (rows.length === 0)
    content = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('monitoringVisits:noSubjects')}</Typography>
      </Paper>
    );
  else content = mobile ? <SubjectCards {...gridProps} /> : <SubjectTable {...gridProps} />;

  const total = subjects.data?.totalCount ?? 0;
  return (
    <Box sx={{ pb: 4 }}>
      <PageTitle>{t('monitoringVisits:visitTitle')}</PageTitle>
      {visit.data && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography>
            {t('monitoringVisits:period', {
              start: displayDateTime(visit.data.startDate),
              end: displayDateTime(visit.data.endDate),
            })}
          </Typography>
          <TimeStateChip state={visit.data.timeState} />
          <Typography color="text.secondary" variant="body2">
            {t('monitoringVisits:workHours', {
              from: visit.data.workDayStart.slice(0, 5),
              to: visit.data.workDayEnd.slice(0, 5),
            })}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <MonitoringReportButton monitoringVisitId={visit.data.id} />
        </Stack>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label={t('subjects:matrix.filters')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 2 }}>
          <TextField
            size="small"
            type="search"
            label={t('subjects:matrix.screeningNumber')}
            value={state.searches.screeningNumber}
            onChange={(e) => setSearch('screeningNumber', e.target.value)}
          />
          <TextField
            size="small"
            type="search"
            label={t('subjects:matrix.randomizationNumber')}
            value={state.searches.randomisationNumber}
            onChange={(e) => setSearch('randomisationNumber', e.target.value)}
          />
          {!visit.data?.siteId && (
            <TextField
              size="small"
              select
              label={t('monitoringVisits:centreFilter')}
              value={state.researchOrganisationId}
              onChange={(e) => update({ researchOrganisationId: e.target.value, page: 1 })}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{t('monitoringVisits:allCentres')}</MenuItem>
              {(sites.data ?? []).map((ro) => (
                <MenuItem key={ro.id} value={ro.id}>
                  {`${ro.researchOrganisationNumber} — ${ro.organisation.shortName}`}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </Paper>
      <Box sx={{ position: 'relative' }} aria-busy={subjects.isFetching}>
        {subjects.isFetching && !subjects.isPending && (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 4 }} />
        )}
        {content}
      </Box>
      {!subjects.isError && (total > 0 || state.page > 1) && (
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, state.page - 1)}
          onPageChange={(_, p) => update({ page: p + 1 })}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(e) => update({ pageSize: Number(e.target.value), page: 1 })}
          labelRowsPerPage={t('subjects:matrix.rowsPerPage')}
        />
      )}
      {info && (
        <SubjectInfoDialog
          subject={info}
          canEdit={false}
          canEditRandomisation={false}
          groups={[]}
          startEditing={false}
          onClose={() => setInfo(null)}
        />
      )}
    </Box>
  );
}
