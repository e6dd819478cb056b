import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import { useTranslation } from 'react-i18next';
import {
  dataExportResult,
  EXPORT_FORM_STATUSES,
  EXPORT_FORMATS,
  type DataExportRequest,
  type ExportFormat,
  type ExportFormStatus,
  type JobReply,
} from '@edc/domain';
import { errorText } from '../design/components/common';
import type { Form } from '../design/api';
import { centreName, downloadJob, useResearchForms, useResearchVisits, useStartExport } from './api';
import { JobList } from './JobList';
import { useSubjectCentres } from '../centres/api';

/** Ids in the order of their options; an id no longer among the options is dropped. */
const chosen = <T extends { id: string }>(options: readonly T[] | undefined, ids: readonly string[]) =>
  (options ?? []).filter((o) => ids.includes(o.id));

/** The export's format, as the list shows it. */
function FormatChip({ job }: { job: JobReply }) {
  const { t } = useTranslation();
  const format = job.params.format;
  if (typeof format !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(format)) return null;
  return (
    <Chip size="small" variant="outlined" sx={{ mt: 0.5, mr: 0.5 }} label={t(`dataExchange:export.formats.${format}.label`)} />
  );
}

/** What a Done export holds. */
function ExportSummary({ job }: { job: JobReply }) {
  const { t } = useTranslation();
  const result = dataExportResult.safeParse(job.result);
  if (job.status !== 'Done' || !result.success) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="export-summary">
      {t('dataExchange:export.summary', result.data)}
    </Typography>
  );
}

/**
 * The export tab (permission `data_export`): the format and the filters of a new export (empty filters: all),
 * and the research's exports with their progress, errors and files.
 */
export function ExportTab({ researchId }: { researchId: string }) {
  const { t } = useTranslation();
  const centres = useSubjectCentres(researchId);
  const visits = useResearchVisits(researchId);
  const forms = useResearchForms(researchId);
  const start = useStartExport();
  const [format, setFormat] = useState<ExportFormat>('odm');
  const [centreIds, setCentreIds] = useState<string[]>([]);
  const [visitIds, setVisitIds] = useState<string[]>([]);
  const [formIds, setFormIds] = useState<string[]>([]);
  const [formStatus, setFormStatus] = useState<ExportFormStatus>('All');
  const [withAuditRecords, setWithAuditRecords] = useState(false);
  const [withSignatures, setWithSignatures] = useState(false);
  // Test sites' subjects are left out unless asked for (docs/qa-validation.md "Test data").
  const [withTestSubjects, setWithTestSubjects] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [downloading, setDownloading] = useState<string | null>(null);

  const visitList = visits.data ?? [];
  const visitIndex = new Map(visitList.map((v, i) => [v.id, i]));
  const visitTitle = (id: string) => visitList.find((v) => v.id === id)?.title ?? '';
  // The forms of the chosen visits (all visits when none is chosen), grouped by visit in the design's order.
  const formOptions = (forms.data ?? [])
    .filter((f) => visitIds.length === 0 || visitIds.includes(f.visitId))
    .sort((a, b) => (visitIndex.get(a.visitId) ?? 0) - (visitIndex.get(b.visitId) ?? 0) || a.index - b.index);
  const formLabel = (f: Form) => `${visitTitle(f.visitId)} · ${f.title}`;

  const chooseVisits = (ids: string[]) => {
    setVisitIds(ids);
    // A chosen form of a visit no longer chosen would export nothing: it goes.
    if (ids.length > 0)
      setFormIds((prev) => prev.filter((id) => ids.includes(forms.data?.find((f) => f.id === id)?.visitId ?? '')));
  };

  const submit = () => {
    const odm = format === 'odm';
    const body: DataExportRequest = {
      researchId,
      format,
      formStatus,
      withAuditRecords: odm && withAuditRecords,
      withSignatures: odm && withSignatures,
      withTestSubjects,
      ...(centreIds.length ? { researchOrganisationIds: centreIds } : {}),
      ...(visitIds.length ? { visitIds } : {}),
      ...(formIds.length ? { formIds } : {}),
    };
    start.mutate(body, { onSuccess: () => setPaging((p) => ({ ...p, page: 1 })) });
  };

  const download = (job: JobReply) => {
    setDownloading(job.id);
    // A failed download is toasted (shared/api/transfer.ts).
    void downloadJob(job)
      .catch(() => undefined)
      .finally(() => setDownloading(null));
  };

  const optionsFailed = centres.isError || visits.isError || forms.isError;
  const allPlaceholder = (n: number) => (n === 0 ? t('dataExchange:export.all') : undefined);

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 3 }} component="section" aria-labelledby="export-form-title">
        <Typography id="export-form-title" variant="h3" component="h2" sx={{ mb: 2 }}>
          {t('dataExchange:export.title')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3 }}>
          <FormControl component="fieldset" sx={{ minWidth: 0 }}>
            <FormLabel component="legend" sx={{ mb: 1 }}>
              {t('dataExchange:export.format')}
            </FormLabel>
            <RadioGroup value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)} name="export-format">
              {EXPORT_FORMATS.map((f) => (
                <FormControlLabel
                  key={f}
                  value={f}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', mb: 1, mr: 0, '.MuiRadio-root': { mt: -0.75 } }}
                  label={
                    <Box>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                        {t(`dataExchange:export.formats.${f}.label`)}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {t(`dataExchange:export.formats.${f}.hint`)}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>

          <Box
            role="group"
            aria-labelledby="export-filters-label"
            aria-describedby="export-filters-hint"
            sx={{ minWidth: 0, display: 'grid', gap: 2, alignContent: 'start' }}
          >
            <Box>
              <FormLabel id="export-filters-label" component="div">
                {t('dataExchange:export.filters')}
              </FormLabel>
              <Typography id="export-filters-hint" variant="body2" color="text.secondary">
                {t('dataExchange:export.filtersHint')}
              </Typography>
            </Box>
            {optionsFailed && <Alert severity="warning">{t('dataExchange:export.optionsError')}</Alert>}
            <Autocomplete
              multiple
              disableCloseOnSelect
              size="small"
              options={centres.data ?? []}
              loading={centres.isLoading}
              value={chosen(centres.data, centreIds)}
              onChange={(_, v) => setCentreIds(v.map((c) => c.id))}
              getOptionLabel={centreName}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  margin="none"
                  label={t('dataExchange:export.centres')}
                  placeholder={allPlaceholder(centreIds.length)}
                />
              )}
            />
            <Autocomplete
              multiple
              disableCloseOnSelect
              size="small"
              options={visitList}
              loading={visits.isLoading}
              value={chosen(visitList, visitIds)}
              onChange={(_, v) => chooseVisits(v.map((x) => x.id))}
              getOptionLabel={(v) => v.title}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  margin="none"
                  label={t('dataExchange:export.visits')}
                  placeholder={allPlaceholder(visitIds.length)}
                />
              )}
            />
            <Autocomplete
              multiple
              disableCloseOnSelect
              size="small"
              options={formOptions}
              loading={forms.isLoading}
              value={chosen(forms.data, formIds)}
              onChange={(_, v) => setFormIds(v.map((f) => f.id))}
              getOptionLabel={formLabel}
              groupBy={(f) => visitTitle(f.visitId)}
              renderOption={(props, f) => {
                const { key, ...rest } = props;
                return (
                  <li key={key} {...rest}>
                    {f.title}
                  </li>
                );
              }}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  margin="none"
                  label={t('dataExchange:export.forms')}
                  placeholder={allPlaceholder(formIds.length)}
                />
              )}
            />
            <TextField
              select
              size="small"
              margin="none"
              label={t('dataExchange:export.formStatus')}
              value={formStatus}
              onChange={(e) => setFormStatus(e.target.value as ExportFormStatus)}
            >
              {EXPORT_FORM_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`dataExchange:export.formStatuses.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            {format === 'odm' && (
              <FormControl component="fieldset" sx={{ minWidth: 0 }}>
                <FormLabel component="legend">{t('dataExchange:export.odmOptions')}</FormLabel>
                <FormGroup>
                  <FormControlLabel
                    control={<Checkbox checked={withAuditRecords} onChange={(e) => setWithAuditRecords(e.target.checked)} />}
                    label={t('dataExchange:export.withAuditRecords')}
                  />
                  <FormControlLabel
                    control={<Checkbox checked={withSignatures} onChange={(e) => setWithSignatures(e.target.checked)} />}
                    label={t('dataExchange:export.withSignatures')}
                  />
                </FormGroup>
              </FormControl>
            )}
          </Box>
        </Box>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={withTestSubjects} onChange={(e) => setWithTestSubjects(e.target.checked)} />}
          label={t('dataExchange:export.withTestSubjects')}
        />
        <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button variant="contained" startIcon={<PlayArrowOutlined />} loading={start.isPending} onClick={submit}>
            {t('dataExchange:export.start')}
          </Button>
        </Box>
        {start.isError && (
          <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }} role="alert">
            {t('dataExchange:export.startFailed')}: {errorText(start.error)}
          </Alert>
        )}
      </Paper>

      <JobList
        kind="data_export"
        researchId={researchId}
        testId="export"
        label={t('dataExchange:export.list')}
        emptyText={t('dataExchange:export.empty')}
        errorText={t('dataExchange:export.loadError')}
        page={paging.page}
        pageSize={paging.pageSize}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
        details={(job) => (
          <>
            <FormatChip job={job} />
            <ExportSummary job={job} />
          </>
        )}
        actions={(job) =>
          job.status === 'Done' && job.documentLink ? (
            <Button
              size="small"
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              loading={downloading === job.id}
              onClick={() => download(job)}
              aria-label={t('dataExchange:jobs.downloadOf', { name: job.name })}
            >
              {t('dataExchange:jobs.download')}
            </Button>
          ) : null
        }
      />
    </>
  );
}
