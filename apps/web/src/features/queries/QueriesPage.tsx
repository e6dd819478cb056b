import './i18n';
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { useTranslation } from 'react-i18next';
import { visibleNoteTypes } from '@edc/domain';
import { PageTitle } from '../../shared/components/PageTitle';
import { Pager, useIsMobile } from '../centres/components';
import { QueryState } from '../design/components/common';
import { currentEmployee, useMe } from '../identity/api';
import { useNotesPage, useNotesReport } from './api';
import { activeFilterCount, apiQuery, clearedFilter, useNumberInputs, useQueriesFilter } from './filterState';
import { NoteStatistic } from './NoteStatistic';
import { NotesCards, NotesSkeleton, NotesTable } from './NotesGrid';
import { QueriesFilters } from './QueriesFilters';

/**
 * Queries (/queries, spec section 2): the notes of the current research in a server-paged grid (cards on a
 * phone) with the spec's filters, kept in the address; each row opens its field in the subject form. Admin, qa
 * and kio choose a centre and start with their own queries ('my queries', spec section 6). The report is the
 * same list as an XLSX file.
 */
export default function QueriesPage() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const me = useMe();
  const employee = currentEmployee(me.data);
  const organisationType = employee?.researchOrganisation.organisationTypeString ?? null;
  const researchId = employee?.researchOrganisation.research.id ?? null;
  const staff = organisationType === 'Admin' || organisationType === 'Qa' || organisationType === 'Kio';
  const allowed = me.data?.permissions.includes('queries') ?? false;

  const [filter, update] = useQueriesFilter(staff);
  const numbers = useNumberInputs(filter, update);
  const query = useMemo(() => apiQuery(filter), [filter]);
  const notes = useNotesPage(query, allowed && Boolean(researchId));
  const report = useNotesReport(t('queries:report.fileName'));
  const types = visibleNoteTypes({ organisationType, employeeType: employee?.employeeType ?? null });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const active = activeFilterCount(filter, staff);

  const rows = notes.data?.data ?? [];
  const total = notes.data?.totalCount ?? 0;
  // A page past the end (an old address, or fewer notes since): the last page that has notes.
  const lastPage = Math.max(1, Math.ceil(total / filter.pageSize));
  const pastTheEnd = Boolean(notes.data) && !notes.isPlaceholderData && filter.page > lastPage && total > 0;
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage });
  }, [pastTheEnd, lastPage, update]);

  if (me.data && !allowed)
    return (
      <>
        <PageTitle>{t('queries:title')}</PageTitle>
        <Alert severity="warning">{t('centres:noRights')}</Alert>
      </>
    );

  const filters = researchId && (
    <QueriesFilters
      filter={filter}
      update={update}
      numbers={numbers.typed}
      onNumber={numbers.setNumber}
      researchId={researchId}
      types={types}
      showSites={staff}
    />
  );

  return (
    <Box sx={{ pb: 4 }}>
      <PageTitle>{t('queries:title')}</PageTitle>
      {!me.data || !researchId ? (
        me.isPending ? (
          <NotesSkeleton mobile={mobile} />
        ) : (
          <Alert severity="info">{t('queries:empty')}</Alert>
        )
      ) : (
        <>
          <NoteStatistic
            researchId={researchId}
            onPick={(type, status) => update({ noteTypeList: [type], noteStatusList: [status] })}
          />
          {mobile ? (
            <Paper variant="outlined" sx={{ mb: 2 }}>
              <Button
                fullWidth
                onClick={() => setFiltersOpen((o) => !o)}
                aria-expanded={filtersOpen}
                aria-controls="queries-filters"
                aria-label={
                  active > 0
                    ? `${filtersOpen ? t('queries:filters.hide') : t('queries:filters.show')} (${t('queries:filters.active', { count: active })})`
                    : undefined
                }
                startIcon={
                  <Badge badgeContent={active} color="primary">
                    <FilterListOutlined />
                  </Badge>
                }
                sx={{ justifyContent: 'flex-start', px: 2, py: 1 }}
              >
                {filtersOpen ? t('queries:filters.hide') : t('queries:filters.show')}
              </Button>
              <Collapse in={filtersOpen} id="queries-filters">
                <Box component="section" aria-label={t('queries:filters.title')} sx={{ p: 2, pt: 1 }}>
                  {filters}
                </Box>
              </Collapse>
            </Paper>
          ) : (
            <Paper variant="outlined" component="section" aria-label={t('queries:filters.title')} sx={{ p: 2, mb: 2 }}>
              {filters}
            </Paper>
          )}
          <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              loading={report.isPending}
              loadingPosition="start"
              onClick={() => report.mutate(apiQuery(filter, false))}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {report.isPending ? t('queries:report.downloading') : t('queries:report.download')}
            </Button>
            {active > 0 && (
              <Button
                startIcon={<FilterAltOffOutlined />}
                onClick={() => {
                  numbers.reset();
                  update(clearedFilter(filter, staff));
                }}
              >
                {t('queries:filters.clear')}
              </Button>
            )}
          </Stack>
          <Box sx={{ position: 'relative' }} aria-busy={notes.isFetching}>
            {notes.isFetching && !notes.isPending && (
              <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }} />
            )}
            {notes.isPending ? (
              <NotesSkeleton mobile={mobile} />
            ) : (
              <Paper
                variant="outlined"
                sx={rows.length > 0 ? { border: 0, bgcolor: 'transparent' } : undefined}
                data-testid="queries-result"
              >
                <QueryState
                  loading={false}
                  error={notes.isError}
                  errorText={t('queries:loadError')}
                  onRetry={() => void notes.refetch()}
                  empty={rows.length === 0}
                  emptyText={t('queries:empty')}
                >
                  {mobile ? <NotesCards rows={rows} /> : <NotesTable rows={rows} />}
                </QueryState>
              </Paper>
            )}
          </Box>
          {!notes.isError && total > 0 && (
            <Pager
              page={Math.min(filter.page, lastPage)}
              pageSize={filter.pageSize}
              total={total}
              onChange={(page, pageSize) => update({ page, pageSize })}
            />
          )}
        </>
      )}
    </Box>
  );
}
