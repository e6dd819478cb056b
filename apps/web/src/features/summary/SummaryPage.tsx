import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type FormEntry, type SummaryFormOption } from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { SiteSelect } from '../subjects/SiteSelect';
import { useSummaryEntries, useSummaryForms, useSummaryLayout } from './api';
import { summaryWidth } from './cells';
import { EntriesGrid } from './EntriesGrid';
import { entryColumns } from './entryColumns';
import { exportCsv } from './exportTable';
import { exportXlsx } from './exportXlsx';
import { PagedGridFrame } from './PagedGridFrame';

/** Spec section 9: the summary's form data is fetched 400 ms after the last change. */
const FETCH_DEBOUNCE_MS = 400;

/**
 * Summary tables (/summary, spec operations section 2): choose a form (grouped by visit, by visit index);
 * a server-paged table of its entries across subjects — status badge, the three numbers and the form index
 * pinned, a column per visible field, each section's 'Completed?', the 'more' action. A value opens the form
 * at that field. The shown page exports to CSV and XLSX. Empty states: 'Form not selected', 'No data'.
 */
export default function SummaryPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const forms = useSummaryForms();
  const [form, setForm] = useState<SummaryFormOption | null>(null);
  const [site, setSite] = useState('');
  const [withTest, setWithTest] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const request = useDebouncedValue(
    { formId: form?.id ?? null, params: { ...paging, researchOrganisationId: site, withTestSubjects: withTest } },
    FETCH_DEBOUNCE_MS,
  );
  const layout = useSummaryLayout(form?.id ?? null);
  const entries = useSummaryEntries(request.formId, request.params);
  const rows = useMemo<FormEntry[]>(() => entries.data?.data ?? [], [entries.data]);
  const columns = useMemo(
    () => (layout.data ? entryColumns<FormEntry>(layout.data, t, { width: (c) => summaryWidth(c.fieldType), narrow }) : []),
    [layout.data, t, narrow],
  );
  // A new form or filter starts again at page 1.
  const choose = (next: SummaryFormOption | null) => {
    setForm(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  let content;
  if (!form)
    content = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('summary:formNotSelected')}</Typography>
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
        {t('summary:loadError')}
      </Alert>
    );
  else if (layout.isPending || entries.isPending || request.formId !== form.id) content = <Loading />;
  else if (rows.length === 0)
    content = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('summary:noData')}</Typography>
      </Paper>
    );
  else content = <EntriesGrid rows={rows} columns={columns} rowKey={(e) => e.subjectFormId} label={layout.data.title} />;

  const total = entries.data?.totalCount ?? 0;
  const canExport = !!layout.data && rows.length > 0 && request.formId === form?.id;
  return (
    <Box sx={{ pb: 4 }}>
      <PageTitle>{t('summary:title')}</PageTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label={t('summary:filters')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1.5, md: 2 }} sx={{ alignItems: { md: 'center' } }}>
          <Autocomplete
            options={forms.data ?? []}
            loading={forms.isPending}
            value={form}
            onChange={(_, v) => choose(v)}
            groupBy={(o) => o.visitTitle}
            getOptionLabel={(o) => (o.repeating ? `${o.title} ↻` : o.title)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            sx={{ width: { xs: '100%', md: 360 } }}
            renderInput={(params) => <TextField {...params} size="small" label={t('summary:form')} />}
          />
          <SiteSelect
            value={site}
            onChange={(v) => {
              setSite(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            sx={{ width: { xs: '100%', md: 240 } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={withTest}
                onChange={(e) => {
                  setWithTest(e.target.checked);
                  setPaging((p) => ({ ...p, page: 1 }));
                }}
              />
            }
            label={t('summary:withTestSubjects')}
          />
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" spacing={1}>
            <Button
              startIcon={<FileDownloadOutlined />}
              disabled={!canExport}
              onClick={() => exportCsv(layout.data!, rows, t, i18n.language)}
            >
              CSV
            </Button>
            <Button
              startIcon={<FileDownloadOutlined />}
              disabled={!canExport}
              onClick={() => void exportXlsx(layout.data!, rows, t, i18n.language)}
            >
              XLSX
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {forms.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('summary:formsLoadError')}
        </Alert>
      )}
      <PagedGridFrame
        fetching={entries.isFetching}
        pending={entries.isPending}
        showPager={!!form && !entries.isError}
        total={total}
        paging={paging}
        setPaging={setPaging}
      >
        {content}
      </PagedGridFrame>
    </Box>
  );
}
