import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type JournalEntry } from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { SiteSelect } from '../subjects/SiteSelect';
import { useJournalEntries, useJournalLayout, useJournalSections } from './api';
import { journalWidth } from './cells';
import { EntriesGrid, type GridColumn } from './EntriesGrid';
import { entryColumns } from './entryColumns';
import { JournalCompleteCell } from './JournalCompleteCell';
import { PagedGridFrame } from './PagedGridFrame';

/**
 * Journals (/journals, spec operations section 2): choose a visit and a journal (a section of one of its
 * forms); a server-paged grid of the subjects' entries by screening number, a column per visible field at the
 * spec's widths by type, the section's 'Completed?' and, for permitted roles, completing it from the row.
 */
export default function JournalsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const sections = useJournalSections();
  const [visitId, setVisitId] = useState('');
  const [sectionId, setSectionId] = useState('');
  const [site, setSite] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const visits = useMemo(() => {
    const seen = new Map<string, string>();
    for (const s of sections.data ?? []) if (!seen.has(s.visitId)) seen.set(s.visitId, s.visitTitle);
    return [...seen.entries()];
  }, [sections.data]);
  const journals = (sections.data ?? []).filter((s) => s.visitId === visitId);
  const chosen = sectionId || null;
  const layout = useJournalLayout(chosen);
  const entries = useJournalEntries(chosen, { ...paging, researchOrganisationId: site });
  const rows = useMemo<JournalEntry[]>(() => entries.data?.data ?? [], [entries.data]);
  const columns = useMemo(() => {
    if (!layout.data) return [];
    const complete: GridColumn<JournalEntry> = {
      id: 'complete',
      header: t('summary:journals.complete'),
      headerText: t('summary:journals.complete'),
      width: 170,
      cell: (e) => <JournalCompleteCell entry={e} />,
    };
    return entryColumns<JournalEntry>(layout.data, t, { width: (c) => journalWidth(c.fieldType), narrow, trailing: [complete] });
  }, [layout.data, t, narrow]);
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));

  let content;
  if (!chosen)
    content = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('summary:journals.pickJournal')}</Typography>
      </Paper>
    );
  else if (layout.isError || entries.isError)
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void Promise.all([layout.refetch(), entries.refetch()])}>
            {t('summary:retry')}
          </Button>
        }
      >
        {t('summary:journals.loadError')}
      </Alert>
    );
  else if (layout.isPending || entries.isPending) content = <Loading />;
  else if (rows.length === 0)
    content = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('summary:journals.empty')}</Typography>
      </Paper>
    );
  else
    content = (
      <EntriesGrid
        rows={rows}
        columns={columns}
        rowKey={(e) => e.subjectFormId}
        label={`${layout.data.title} — ${layout.data.sections[0]?.sectionName ?? ''}`}
      />
    );

  const total = entries.data?.totalCount ?? 0;
  return (
    <Box sx={{ pb: 4 }}>
      <PageTitle>{t('summary:journals.title')}</PageTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label={t('summary:filters')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1.5, md: 2 }}>
          <TextField
            select
            size="small"
            label={t('summary:journals.visit')}
            value={visitId}
            onChange={(e) => {
              setVisitId(e.target.value);
              setSectionId('');
              firstPage();
            }}
            sx={{ width: { xs: '100%', md: 260 } }}
          >
            {visits.map(([id, title]) => (
              <MenuItem key={id} value={id}>
                {title}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('summary:journals.journal')}
            value={sectionId}
            disabled={!visitId}
            onChange={(e) => {
              setSectionId(e.target.value);
              firstPage();
            }}
            sx={{ width: { xs: '100%', md: 340 } }}
          >
            {journals.map((s) => (
              <MenuItem key={s.formSectionId} value={s.formSectionId}>
                {`${s.formTitle} — ${s.sectionName}`}
              </MenuItem>
            ))}
          </TextField>
          <SiteSelect
            value={site}
            onChange={(v) => {
              setSite(v);
              firstPage();
            }}
            sx={{ width: { xs: '100%', md: 240 } }}
          />
        </Stack>
      </Paper>
      {sections.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('summary:formsLoadError')}
        </Alert>
      )}
      <PagedGridFrame
        fetching={entries.isFetching}
        pending={entries.isPending}
        showPager={!!chosen && !entries.isError}
        total={total}
        paging={paging}
        setPaging={setPaging}
      >
        {content}
      </PagedGridFrame>
    </Box>
  );
}
