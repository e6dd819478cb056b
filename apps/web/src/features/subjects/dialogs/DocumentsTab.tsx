import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import SendOutlined from '@mui/icons-material/SendOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { ProgressLine } from '../../../shared/components/ProgressLine';
import {
  fileBaseName,
  fileExtension,
  formatDisplayDate,
  hasPdfMagic,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_MB,
  type DocumentReply,
  type SubjectVisitDocument,
  type SubjectVisitDocumentVersion,
} from '@edc/domain';
import { ApiError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { downloadDocument, useDeleteDocument, useUploadDocument, useVisitDocuments, visitDocumentsKey } from '../documentsApi';
import { useExternalTrialSettings, useSendToDrTrial } from '../../external-trial/api';

/** Calls `refresh` every 3 seconds while `active`. */
function useQueuedRefresh(active: boolean, refresh: () => void) {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => latest.current(), 3000);
    return () => clearInterval(timer);
  }, [active]);
}

/** A date-time as DD.MM.YYYY HH:mm on this device (spec section 9). */
function displayDateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${formatDisplayDate(date)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A file size in KB or MB, in the interface language. */
const sizeText = (bytes: number, t: (key: string, o: { n: string }) => string) =>
  bytes >= 1024 * 1024
    ? t('documents:sizeMb', { n: (bytes / 1024 / 1024).toFixed(1) })
    : t('documents:sizeKb', { n: String(Math.max(1, Math.round(bytes / 1024))) });

/** "Version N · date, author". */
function VersionLine({ v }: { v: SubjectVisitDocumentVersion }) {
  const { t } = useTranslation();
  const date = displayDateTime(v.createdAt);
  return (
    <Typography variant="body2" color="text.secondary" component="span">
      {t('documents:version', { version: v.version })} ·{' '}
      {v.createdBy?.name ? t('documents:uploadedBy', { date, author: v.createdBy.name }) : date}
    </Typography>
  );
}

/** The document's name as a link that saves its file. */
function DownloadLink({ doc, children }: { doc: DocumentReply; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      onClick={() => void downloadDocument(doc).catch(() => undefined)}
      aria-label={t('documents:download', { name: doc.name })}
      sx={{ textAlign: 'left', wordBreak: 'break-word', font: 'inherit' }}
    >
      {children}
    </Link>
  );
}

const DR_TRIAL_COLOR = { Queued: 'warning', Sent: 'success', Failed: 'error' } as const;

/** Where the document stands with DrTrial (docs/external-trial.md); nothing when it was never sent. */
function DrTrialState({ doc }: { doc: DocumentReply }) {
  const { t } = useTranslation();
  if (!doc.drTrialStatus) return null;
  const label = t(`documents:drTrial.status.${doc.drTrialStatus}`, {
    date: doc.drTrialSentAt ? displayDateTime(doc.drTrialSentAt) : '',
  });
  return (
    <Chip
      size="small"
      variant="outlined"
      color={DR_TRIAL_COLOR[doc.drTrialStatus]}
      label={label}
      data-testid="document-dr-trial"
      sx={{ mt: 0.5 }}
    />
  );
}

function DocumentItem({
  item,
  canEdit,
  onNewVersion,
  onDelete,
  onSendToDrTrial,
}: {
  item: SubjectVisitDocument;
  canEdit: boolean;
  onNewVersion: () => void;
  onDelete: () => void;
  /** Offered to writers of a signed visit linked to DrTrial, while the document is not Queued or Sent. */
  onSendToDrTrial?: () => void;
}) {
  const { t } = useTranslation();
  const [showVersions, setShowVersions] = useState(false);
  const name = item.document.name;
  const versionsId = `document-versions-${item.lineageId}`;
  return (
    <Box
      component="li"
      data-testid="visit-document"
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
      aria-label={name}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <PictureAsPdfOutlined color="error" sx={{ mt: 0.25, flexShrink: 0 }} aria-hidden />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <DownloadLink doc={item.document}>{name}</DownloadLink>
          <Box>
            <VersionLine v={item} />
          </Box>
          <DrTrialState doc={item.document} />
          {item.versionList.length > 0 ? (
            <>
              <Button
                size="small"
                onClick={() => setShowVersions((s) => !s)}
                aria-expanded={showVersions}
                aria-controls={versionsId}
                endIcon={<ExpandMore sx={{ transform: showVersions ? 'rotate(180deg)' : undefined, transition: '0.2s' }} />}
                sx={{ mt: 0.5, ml: -0.5, px: 0.5 }}
              >
                {t('documents:earlierVersions', { count: item.versionList.length })}
              </Button>
              <Collapse in={showVersions} id={versionsId}>
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {item.versionList.map((v) => (
                    <Box component="li" key={v.id} sx={{ listStyle: 'none', py: 0.5 }}>
                      <DownloadLink doc={v.document}>{v.document.name}</DownloadLink>
                      <Box>
                        <VersionLine v={v} />
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Collapse>
            </>
          ) : null}
        </Box>
        <Stack direction="row" sx={{ flexShrink: 0, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Tooltip title={t('documents:download', { name })}>
            <IconButton
              size="small"
              onClick={() => void downloadDocument(item.document).catch(() => undefined)}
              aria-label={t('documents:download', { name })}
            >
              <DownloadOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {onSendToDrTrial && (item.document.drTrialStatus === null || item.document.drTrialStatus === 'Failed') ? (
            <Tooltip title={t('documents:drTrial.send')}>
              <IconButton size="small" onClick={onSendToDrTrial} aria-label={`${t('documents:drTrial.send')}: ${name}`}>
                <SendOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          {canEdit ? (
            <>
              <Tooltip title={t('documents:newVersion')}>
                <IconButton size="small" onClick={onNewVersion} aria-label={`${t('documents:newVersion')}: ${name}`}>
                  <HistoryOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('documents:delete')}>
                <IconButton size="small" onClick={onDelete} aria-label={`${t('documents:delete')}: ${name}`}>
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}

type Phase = { kind: 'idle' } | { kind: 'uploading'; fraction: number } | { kind: 'processing' };

/**
 * Upload of a new document, or (with `target`) of a new version of one: a PDF of at most 20 MB and a
 * name (by default the file's name; for a new version, empty keeps the current one). The file is checked
 * here as the server checks it (extension and %PDF- signature, size); a refusal keeps the dialog open
 * with the file and the name, and shows the server's message on the field it names.
 */
export function UploadDocumentDialog({
  subjectVisitId,
  target,
  onClose,
}: {
  subjectVisitId: string;
  target?: SubjectVisitDocument;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadDocument(subjectVisitId, target?.id);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const busy = phase.kind !== 'idle';
  const autoName = useRef('');

  const choose = async (picked: File | undefined) => {
    if (!picked) return;
    setFile(picked);
    setProblems([]);
    // The name follows the file until the user types one of their own.
    if (!target && (name === '' || name === autoName.current)) {
      autoName.current = fileBaseName(picked.name);
      setName(autoName.current);
      setNameError(null);
    }
    if (fileExtension(picked.name) !== 'pdf') return setFileError(t('documents:notPdf'));
    if (picked.size > MAX_DOCUMENT_BYTES) return setFileError(t('documents:tooLarge', { max: MAX_DOCUMENT_MB }));
    if (picked.size === 0) return setFileError(t('documents:emptyFile'));
    try {
      const head = new Uint8Array(await picked.slice(0, 5).arrayBuffer());
      setFileError(hasPdfMagic(head) ? null : t('documents:notPdf'));
    } catch {
      setFileError(null); // the server checks it again
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    let ok = true;
    if (!file) {
      setFileError(t('documents:fileRequired'));
      ok = false;
    }
    if (!target && !name.trim()) {
      setNameError(t('common:validation.required'));
      ok = false;
    }
    if (!ok || fileError || !file) return;
    setProblems([]);
    setPhase({ kind: 'uploading', fraction: 0 });
    upload.mutate(
      {
        file,
        name,
        onProgress: (fraction) => setPhase(fraction < 1 ? { kind: 'uploading', fraction } : { kind: 'processing' }),
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          const errors = error instanceof ApiError ? error.errors : [{ code: 'error', message: String(error) }];
          const rest: string[] = [];
          for (const item of errors) {
            if ('path' in item && item.path === 'uploadedFile') setFileError(item.message);
            else if ('path' in item && item.path === 'name') setNameError(item.message);
            else rest.push(item.message);
          }
          setProblems(rest);
        },
        onSettled: () => setPhase({ kind: 'idle' }),
      },
    );
  };

  const percent = phase.kind === 'uploading' ? Math.round(phase.fraction * 100) : null;
  const progressLabel = phase.kind === 'processing' ? t('documents:processing') : t('documents:uploading', { percent });
  const titleId = 'upload-document-title';
  const fileHelpId = 'upload-document-file-help';
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          {target ? t('documents:newVersionTitle', { name: target.document.name }) : t('documents:uploadTitle')}
        </DialogTitle>
        <DialogContent>
          <input
            ref={input}
            type="file"
            accept=".pdf,application/pdf"
            hidden
            data-testid="document-file-input"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' }, mt: 1 }}
          >
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              onClick={() => input.current?.click()}
              disabled={busy}
              aria-describedby={fileHelpId}
            >
              {file ? t('documents:changeFile') : t('documents:chooseFile')}
            </Button>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }} data-testid="document-file-name">
              {file ? `${file.name} (${sizeText(file.size, t)})` : t('documents:noFile')}
            </Typography>
          </Stack>
          <FormHelperText id={fileHelpId} error={Boolean(fileError)} sx={{ mb: 2 }}>
            {fileError ?? t('documents:fileHint', { max: MAX_DOCUMENT_MB })}
          </FormHelperText>
          <TextField
            label={t('documents:name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
            required={!target}
            fullWidth
            disabled={busy}
            error={Boolean(nameError)}
            helperText={
              nameError ?? (target ? t('documents:nameKeepHelp', { name: target.document.name }) : t('documents:nameHelp'))
            }
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {busy ? <ProgressLine label={progressLabel} percent={percent} testId="document-upload-progress" /> : null}
          {problems.length > 0 ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problems.join(' ')}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t('documents:send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Asks before deleting a document with all its versions (the subject dialogs' wording and buttons). */
function DeleteDocumentDialog({
  subjectVisitId,
  item,
  onClose,
}: {
  subjectVisitId: string;
  item: SubjectVisitDocument;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteDocument(subjectVisitId);
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby="delete-document-title"
      aria-describedby="delete-document-text"
    >
      <DialogTitle id="delete-document-title">{t('documents:deleteTitle', { name: item.document.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-document-text">{t('subjects:dialogs.deleteQuestion')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending} autoFocus>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          loading={remove.isPending}
          onClick={() => remove.mutate(item.id, { onSuccess: onClose })}
        >
          {t('subjects:dialogs.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Open = { kind: 'upload' } | { kind: 'version'; item: SubjectVisitDocument } | { kind: 'delete'; item: SubjectVisitDocument };

/**
 * The Documents tab of the visit info dialog: the visit's documents (latest version of each, newest
 * first) with their earlier versions, each downloadable; writers (site users of the subject's centre,
 * visit and subject unsigned) upload, add versions and delete. `locked` explains why a site user cannot.
 */
export function DocumentsTab({
  subjectVisitId,
  canEdit,
  locked,
  drTrialSendable = false,
}: {
  subjectVisitId: string;
  canEdit: boolean;
  locked: boolean;
  /** The caller writes the subject's documents, the visit is signed and the subject linked to DrTrial. */
  drTrialSendable?: boolean;
}) {
  const { t } = useTranslation();
  const docs = useVisitDocuments(subjectVisitId);
  const drTrial = useExternalTrialSettings();
  const send = useSendToDrTrial(visitDocumentsKey(subjectVisitId));
  const queued = (docs.data ?? []).some((d) => d.document.drTrialStatus === 'Queued');
  // While a document waits for DrTrial, the list is read again every few seconds to show it sent or failed.
  useQueuedRefresh(queued, () => void docs.refetch());
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  let body;
  if (docs.isPending) body = <Loading />;
  else if (docs.isError) body = <Alert severity="error">{t('documents:loadError')}</Alert>;
  else if (docs.data.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 2 }} data-testid="documents-empty">
        {t('common:empty.documents')}
      </Typography>
    );
  else
    body = (
      <Box component="ul" aria-label={t('documents:listLabel')} sx={{ m: 0, p: 0 }}>
        {docs.data.map((item) => (
          <DocumentItem
            key={item.lineageId}
            item={item}
            canEdit={canEdit}
            onNewVersion={() => setOpen({ kind: 'version', item })}
            onDelete={() => setOpen({ kind: 'delete', item })}
            onSendToDrTrial={drTrialSendable && drTrial.data?.enabled ? () => send.mutate(item.id) : undefined}
          />
        ))}
      </Box>
    );

  return (
    <>
      {canEdit ? (
        <Box sx={{ display: 'flex', justifyContent: { xs: 'stretch', sm: 'flex-end' }, mb: 1 }}>
          <Button
            variant="contained"
            startIcon={<UploadFileOutlined />}
            onClick={() => setOpen({ kind: 'upload' })}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t('documents:upload')}
          </Button>
        </Box>
      ) : locked ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('documents:locked')}
        </Alert>
      ) : null}
      {body}
      {open?.kind === 'upload' && <UploadDocumentDialog subjectVisitId={subjectVisitId} onClose={close} />}
      {open?.kind === 'version' && <UploadDocumentDialog subjectVisitId={subjectVisitId} target={open.item} onClose={close} />}
      {open?.kind === 'delete' && <DeleteDocumentDialog subjectVisitId={subjectVisitId} item={open.item} onClose={close} />}
    </>
  );
}
