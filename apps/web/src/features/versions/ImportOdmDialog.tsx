import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ProgressLine } from '../../shared/components/ProgressLine';
import { Link as RouterLink } from 'react-router-dom';
import { offeredVersionIndexes, sortVersions } from '@edc/domain';
import { DesignDialog, SubmitActions } from '../design/components/common';
import { useImportOdm, type DesignImportBody, type OdmImportReply, type ResearchVersion } from './api';
import { defaultStartDate } from './dates';
import { DialogProblems } from './DialogProblems';
import { NewVersionFields } from './NewVersionFields';
import { NEW_VERSION_FIELDS, newVersionResolver, type NewVersionInput, type NewVersionOutput } from './newVersionForm';
import { OdmImportChoice } from './OdmImportChoice';
import { OdmImportReport } from './OdmImportReport';

type OdmSameAsReply = NonNullable<OdmImportReply['sameAs']>;
import { messagesOf, showServerErrors } from './serverErrors';

/** The server takes ODM documents of up to 20 MiB (odmImportRequest) and REDCap dictionaries of up to 5 MiB. */
export const MAX_ODM_BYTES = 20 * 1024 * 1024;
export const MAX_REDCAP_BYTES = 5 * 1024 * 1024;

/** What a chosen file is, by its name: an ODM document (.xml) or a REDCap data dictionary (.csv). */
const kindOf = (file: File) => (/\.xml$/i.test(file.name) ? 'odm' : /\.csv$/i.test(file.name) ? 'redcap' : null);

/** Where an import is: reading the file, sending it (0..1), or the server building the version. */
type Phase =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'processing'; checking: boolean };

const kilobytes = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

function ImportProgress({ phase }: { phase: Phase }) {
  const { t } = useTranslation();
  if (phase.kind === 'idle') return null;
  const percent = phase.kind === 'uploading' ? Math.round(phase.fraction * 100) : null;
  const label =
    phase.kind === 'reading'
      ? t('versions:odm.reading')
      : phase.kind === 'uploading'
        ? t('versions:odm.uploading', { percent })
        : t(phase.checking ? 'versions:odm.checking' : 'versions:odm.processing');
  return <ProgressLine label={label} percent={percent} testId="odm-progress" />;
}

/**
 * Import of a CDISC ODM 1.3.2 study design as a new research version (POST /ResearchVersions/ImportOdm), or
 * of a REDCap data dictionary (.csv, POST /ResearchVersions/ImportRedcapDictionary): pick the file, choose the
 * index (by default the next major one), follow the upload, then read the report. An ODM file is checked first
 * (a dry run): when it is a re-import of a version, the user chooses to update that version or to create a new
 * one before anything is written. A refusal keeps the dialog open with everything entered and the server's reason.
 */
export function ImportOdmDialog({
  researchId,
  researchLabel,
  versions,
  onClose,
}: {
  researchId: string;
  researchLabel: string;
  versions: readonly ResearchVersion[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const importOdm = useImportOdm();
  const last = sortVersions(versions).at(-1);
  const offered = offeredVersionIndexes(last);
  const form = useForm<NewVersionInput, unknown, NewVersionOutput>({
    resolver: newVersionResolver,
    defaultValues: { ...offered[1], startedDate: defaultStartDate(last?.startedDate), description: '' },
  });
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problems, setProblems] = useState<string[]>([]);
  const [report, setReport] = useState<OdmImportReply | null>(null);
  /** The file recognised as a re-import, waiting for the user's choice (update or new version). */
  const [choice, setChoice] = useState<{ xml: string; values: NewVersionOutput; sameAs: OdmSameAsReply } | null>(null);
  const busy = phase.kind !== 'idle';

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    setFile(picked);
    const kind = kindOf(picked);
    const max = kind === 'redcap' ? MAX_REDCAP_BYTES : MAX_ODM_BYTES;
    if (!kind) setFileError(t('versions:odm.notXml'));
    else if (picked.size > max) setFileError(t('versions:odm.tooLarge', { max: max / 1024 / 1024 }));
    else setFileError(null);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!busy) choose(e.dataTransfer.files[0]);
  };

  /** Sends one request; a refusal is shown (on the file, the inputs or below them) and gives null. */
  const send = async (request: DesignImportBody): Promise<OdmImportReply | null> => {
    setPhase({ kind: 'uploading', fraction: 0 });
    try {
      return await importOdm.mutateAsync({
        request,
        onUploadProgress: (fraction) =>
          setPhase(
            fraction < 1
              ? { kind: 'uploading', fraction }
              : { kind: 'processing', checking: request.kind === 'odm' && request.body.dryRun === true },
          ),
      });
    } catch (e) {
      const rest = showServerErrors(e, form.setError, NEW_VERSION_FIELDS);
      const isFile = (p: { path?: string }) => p.path === 'xml' || p.path === 'csv';
      // On the choice step the file is no longer shown: everything goes below it.
      const aboutFile = choice ? [] : rest.filter(isFile);
      if (aboutFile.length) setFileError(messagesOf(aboutFile).join(' '));
      setProblems(messagesOf(rest.filter((p) => !aboutFile.includes(p))));
      return null;
    } finally {
      setPhase({ kind: 'idle' });
    }
  };
  const created = (reply: OdmImportReply | null) => {
    if (reply) setReport(reply);
  };

  const submit = form.handleSubmit(async (values) => {
    if (!file) return setFileError(t('versions:odm.fileRequired'));
    if (fileError) return;
    setProblems([]);
    setPhase({ kind: 'reading' });
    let text: string;
    try {
      text = await file.text();
    } catch {
      setPhase({ kind: 'idle' });
      return setFileError(t('versions:odm.unreadable'));
    }
    const description = values.description || null;
    if (kindOf(file) === 'redcap')
      return created(await send({ kind: 'redcap', body: { researchId, csv: text, ...values, description } }));
    // An ODM file is checked first, writing nothing: a re-import of a version offers to update that version.
    const check = await send({ kind: 'odm', body: { researchId, xml: text, dryRun: true } });
    if (!check) return;
    if (check.sameAs) return setChoice({ xml: text, values, sameAs: check.sameAs });
    created(await send({ kind: 'odm', body: { researchId, xml: text, ...values, description } }));
  });

  if (choice && !report) {
    const { xml, values, sameAs } = choice;
    return (
      <OdmImportChoice
        sameAs={sameAs}
        recognised={versions.find((v) => v.id === sameAs.researchVersionId)}
        newIndex={`${values.majorIndex}.${values.minorIndex}`}
        busy={busy}
        progress={<ImportProgress phase={phase} />}
        problems={problems}
        onCancel={onClose}
        onUpdate={async () => {
          setProblems([]);
          created(await send({ kind: 'odm', body: { researchId, xml, updateResearchVersionId: sameAs.researchVersionId } }));
        }}
        onCreate={async () => {
          setProblems([]);
          const reply = await send({
            kind: 'odm',
            body: { researchId, xml, ...values, description: values.description || null },
          });
          // A refusal of the new version's index or date is shown on its inputs, back on the first step.
          if (reply) setReport(reply);
          else setChoice(null);
        }}
      />
    );
  }

  if (report) {
    const visitsOfVersion = `/researchSettings/visits?researchId=${researchId}&versionId=${report.researchVersion?.id ?? ''}`;
    return (
      <DesignDialog
        open
        onClose={onClose}
        maxWidth="md"
        title={t('versions:odm.reportTitle')}
        actions={
          <>
            <Button component={RouterLink} to={visitsOfVersion}>
              {t(report.update ? 'versions:odm.openVisitsOfVersion' : 'versions:odm.openVisits')}
            </Button>
            <Button variant="contained" onClick={onClose} autoFocus>
              {t('common:actions.close')}
            </Button>
          </>
        }
      >
        <OdmImportReport report={report} />
      </DesignDialog>
    );
  }

  const fileHelpId = 'odm-file-help';
  return (
    <DesignDialog
      open
      onClose={busy ? () => undefined : onClose}
      title={t('versions:odm.importTitle')}
      onSubmit={(e) => {
        // The file is checked with the other inputs, not only once they are valid.
        if (!file) setFileError(t('versions:odm.fileRequired'));
        void submit(e);
      }}
      actions={<SubmitActions onCancel={onClose} cancelDisabled={busy} pending={busy} label={t('versions:odm.import')} />}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('versions:odm.intro', { research: researchLabel })}
      </Typography>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          p: 2,
          mb: 1,
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: fileError ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : undefined,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
        }}
      >
        <input
          ref={input}
          type="file"
          accept=".xml,application/xml,text/xml,.csv,text/csv"
          hidden
          data-testid="odm-file-input"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-describedby={fileHelpId}
        >
          {t(file ? 'versions:odm.chooseOther' : 'versions:odm.chooseFile')}
        </Button>
        <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="odm-file-name">
          {file ? t('versions:odm.fileChosen', { name: file.name, size: kilobytes(file.size) }) : t('versions:odm.dropHint')}
        </Typography>
      </Box>
      <FormHelperText id={fileHelpId} error={Boolean(fileError)} role={fileError ? 'alert' : undefined} sx={{ mb: 2 }}>
        {fileError ?? t('versions:odm.fileHint')}
      </FormHelperText>
      <NewVersionFields form={form} offered={offered} last={last} />
      <ImportProgress phase={phase} />
      <DialogProblems problems={problems} />
    </DesignDialog>
  );
}
