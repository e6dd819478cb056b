import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { clinicalImportReport, type ClinicalImportRequest, type JobReply, type ResearchOrganisation } from '@edc/domain';
import { ProgressLine } from '../../shared/components/ProgressLine';
import { errorText } from '../design/components/common';
import { centreName, isOpen, useJob, useStartImport } from './api';
import { MAX_IMPORT_BYTES, sizeText } from './format';
import { BadReport, ImportReport, type SiteMapping } from './ImportReport';
import { JobError, JobList, JobProgress, JobStatusChip } from './JobList';
import { useSubjectCentres } from '../centres/api';

interface ChosenFile {
  name: string;
  size: number;
  text: string;
}

/** A request as sent: its job, and the centres it named (to tell when they have changed since). */
interface Sent {
  job: JobReply;
  defaultCentre: string;
  centres: Record<string, string>;
}

const sameCentres = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** A job of this page followed until it ends: its progress, its error, then its report. */
function JobPanel({
  label,
  job,
  centres,
  mapping,
}: {
  label: string;
  job: JobReply;
  centres: ResearchOrganisation[];
  mapping?: SiteMapping;
}) {
  const report = job.status === 'Done' ? clinicalImportReport.safeParse(job.result) : null;
  return (
    <Box sx={{ mt: 3 }} data-testid={job.params.dryRun === false ? 'import-run' : 'import-check'}>
      {job.status !== 'Done' && (
        <Box role="status" aria-live="polite" sx={{ mb: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500 }}>{label}</Typography>
            <JobStatusChip status={job.status} />
          </Box>
          {isOpen(job.status) && <JobProgress job={job} />}
          <JobError job={job} />
        </Box>
      )}
      {report && (report.success ? <ImportReport report={report.data} centres={centres} mapping={mapping} /> : <BadReport />)}
    </Box>
  );
}

/** The history's report of a Done import, in a dialog. */
function ReportDialog({ job, centres, onClose }: { job: JobReply; centres: ResearchOrganisation[]; onClose: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const report = clinicalImportReport.safeParse(job.result);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen} aria-labelledby="import-report-title">
      <DialogTitle id="import-report-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('dataExchange:import.reportDialog', { name: job.name })}
      </DialogTitle>
      <DialogContent>
        {report.success ? <ImportReport report={report.data} centres={centres} headingLevel={3} /> : <BadReport />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dataExchange:import.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The import tab (permission `data_import`): an ODM ClinicalData file read in the browser, a dry run that
 * reports what would be created and refused and which of the file's sites have no centre, the centres chosen
 * for them, then the real run with the same file and centres. A failed request keeps the file and the choices.
 */
export function ImportTab({ researchId }: { researchId: string }) {
  const { t, i18n } = useTranslation();
  const centres = useSubjectCentres(researchId);
  const centreList = centres.data ?? [];
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [defaultCentre, setDefaultCentre] = useState('');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [check, setCheck] = useState<Sent | null>(null);
  const [run, setRun] = useState<Sent | null>(null);
  const [upload, setUpload] = useState<{ dryRun: boolean; percent: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [historyPaging, setHistoryPaging] = useState({ page: 1, pageSize: 10 });
  const [reportOf, setReportOf] = useState<JobReply | null>(null);
  const start = useStartImport((fraction) => setUpload((u) => (u ? { ...u, percent: Math.round(fraction * 100) } : u)));
  const checkJob = useJob(check?.job.id ?? null, check?.job).data ?? check?.job ?? null;
  const runJob = useJob(run?.job.id ?? null, run?.job).data ?? run?.job ?? null;

  const size = (bytes: number) => sizeText(bytes, t, i18n.language);

  const choose = async (f: File | undefined) => {
    if (!f) return;
    // A new file starts afresh: its sites, checks and runs are its own.
    setFile(null);
    setFileError(null);
    setMapping({});
    setCheck(null);
    setRun(null);
    start.reset();
    if (f.size > MAX_IMPORT_BYTES) {
      setFileError(t('dataExchange:import.tooLarge', { name: f.name, size: size(f.size) }));
      return;
    }
    if (f.size === 0) {
      setFileError(t('dataExchange:import.empty', { name: f.name }));
      return;
    }
    setReading(true);
    try {
      setFile({ name: f.name, size: f.size, text: await f.text() });
    } catch {
      setFileError(t('dataExchange:import.readError', { name: f.name }));
    } finally {
      setReading(false);
    }
  };

  const chosenCentres = Object.fromEntries(Object.entries(mapping).filter(([, id]) => id));
  const send = (dryRun: boolean) => {
    if (!file) return;
    const body: ClinicalImportRequest = {
      researchId,
      fileName: file.name.slice(0, 255),
      xml: file.text,
      dryRun,
      ...(defaultCentre ? { researchOrganisationId: defaultCentre } : {}),
      ...(Object.keys(chosenCentres).length ? { centres: chosenCentres } : {}),
    };
    setUpload({ dryRun, percent: 0 });
    start.mutate(body, {
      onSuccess: (job) => {
        const sent = { job, defaultCentre, centres: chosenCentres };
        if (dryRun) {
          setCheck(sent);
          setRun(null);
        } else setRun(sent);
      },
      onSettled: () => setUpload(null),
    });
  };

  const checking = checkJob !== null && isOpen(checkJob.status);
  const running = runJob !== null && isOpen(runJob.status);
  const imported = runJob?.status === 'Done';
  const checked = checkJob?.status === 'Done';
  const busy = start.isPending || reading || checking || running;
  const changed =
    checked && check !== null && (check.defaultCentre !== defaultCentre || !sameCentres(check.centres, chosenCentres));
  const siteMapping: SiteMapping = {
    centres: mapping,
    onChange: (oid, id) => setMapping((m) => ({ ...m, [oid]: id })),
    disabled: busy || imported,
  };

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 3 }} component="section" aria-labelledby="import-form-title">
        <Typography id="import-form-title" variant="h3" component="h2" sx={{ mb: 2 }}>
          {t('dataExchange:import.title')}
        </Typography>

        <Box role="group" aria-labelledby="import-file-label" aria-describedby="import-file-hint" sx={{ mb: 2 }}>
          <Typography id="import-file-label" sx={{ fontWeight: 500 }}>
            {t('dataExchange:import.file')}
          </Typography>
          <Typography id="import-file-hint" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('dataExchange:import.fileHint')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <input
              ref={input}
              type="file"
              accept=".xml,text/xml,application/xml"
              hidden
              data-testid="import-file-input"
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                // The same file may be chosen again (after editing it, say).
                e.target.value = '';
              }}
            />
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={busy}>
              {file ? t('dataExchange:import.changeFile') : t('dataExchange:import.chooseFile')}
            </Button>
            <Typography
              variant="body2"
              sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
              color={file ? 'text.primary' : 'text.secondary'}
              data-testid="import-file"
              role="status"
            >
              {reading
                ? t('dataExchange:import.reading')
                : file
                  ? t('dataExchange:import.fileInfo', { name: file.name, size: size(file.size) })
                  : t('dataExchange:import.noFile')}
            </Typography>
          </Box>
          {fileError && (
            <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }} role="alert" data-testid="import-file-error">
              {fileError}
            </Alert>
          )}
        </Box>

        <TextField
          select
          size="small"
          margin="none"
          label={t('dataExchange:import.defaultCentre')}
          helperText={t('dataExchange:import.defaultCentreHint')}
          value={centreList.some((c) => c.id === defaultCentre) ? defaultCentre : ''}
          onChange={(e) => setDefaultCentre(e.target.value)}
          disabled={busy || imported}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 360 } }}
        >
          <MenuItem value="">
            <em>{t('dataExchange:import.noCentre')}</em>
          </MenuItem>
          {centreList.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {centreName(c)}
            </MenuItem>
          ))}
        </TextField>

        <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button
            variant={checked ? 'outlined' : 'contained'}
            startIcon={<FactCheckOutlined />}
            disabled={!file || busy}
            loading={start.isPending && upload?.dryRun === true}
            onClick={() => send(true)}
          >
            {t('dataExchange:import.check')}
          </Button>
          <Button
            variant="contained"
            startIcon={<FileUploadOutlined />}
            disabled={!file || !checked || busy || imported}
            loading={start.isPending && upload?.dryRun === false}
            onClick={() => setConfirming(true)}
          >
            {t('dataExchange:import.run')}
          </Button>
        </Box>
        {file && !checked && !busy && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('dataExchange:import.checkFirst')}
          </Typography>
        )}
        {upload && start.isPending && (
          <ProgressLine label={t('dataExchange:import.uploading', { percent: upload.percent })} percent={upload.percent} />
        )}
        {start.isError && (
          <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }} role="alert" data-testid="import-start-error">
            {t('dataExchange:import.startFailed')} {errorText(start.error)}
          </Alert>
        )}
        {changed && !run && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('dataExchange:import.changedSinceCheck')}
          </Alert>
        )}
        {imported && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('dataExchange:import.imported')}
          </Alert>
        )}

        {runJob && <JobPanel label={t('dataExchange:import.importing')} job={runJob} centres={centreList} />}
        {checkJob && (
          <JobPanel
            label={t('dataExchange:import.checking')}
            job={checkJob}
            centres={centreList}
            mapping={imported || running ? undefined : siteMapping}
          />
        )}
      </Paper>

      <JobList
        kind="clinical_import"
        researchId={researchId}
        testId="import"
        showSize={false}
        label={t('dataExchange:import.list')}
        emptyText={t('dataExchange:import.empty')}
        errorText={t('dataExchange:import.loadError')}
        page={historyPaging.page}
        pageSize={historyPaging.pageSize}
        onPage={(page, pageSize) => setHistoryPaging({ page, pageSize })}
        details={(job) => (
          <Chip
            size="small"
            variant="outlined"
            sx={{ mt: 0.5 }}
            label={job.params.dryRun === false ? t('dataExchange:import.realRun') : t('dataExchange:import.dryRun')}
          />
        )}
        actions={(job) =>
          job.status === 'Done' ? (
            <Button
              size="small"
              variant="outlined"
              startIcon={<AssessmentOutlined />}
              onClick={() => setReportOf(job)}
              aria-label={t('dataExchange:import.showReportOf', { name: job.name })}
            >
              {t('dataExchange:import.showReport')}
            </Button>
          ) : null
        }
      />

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="import-confirm-title">
        <DialogTitle id="import-confirm-title">{t('dataExchange:import.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            {t('dataExchange:import.confirmText', { name: file?.name ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common:actions.cancel')}</Button>
          <Button
            variant="contained"
            autoFocus
            onClick={() => {
              setConfirming(false);
              send(false);
            }}
          >
            {t('dataExchange:import.run')}
          </Button>
        </DialogActions>
      </Dialog>
      {reportOf && <ReportDialog job={reportOf} centres={centreList} onClose={() => setReportOf(null)} />}
    </>
  );
}
