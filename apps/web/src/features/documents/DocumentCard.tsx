import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_DESCRIPTION_MAX, type DocumentStatusReply } from '@edc/domain';
import { displayDate, displayDateTime } from '../subject-visit/format';

/** What the caller may do with a document (the server checks it again). */
export interface DocumentRights {
  /** A documents administrator of the research: sees status and lead time, deletes. */
  admin: boolean;
  userId: string;
}

/** A description longer than 130 characters is cut, with a toggle to show it whole (design-and-admin section 9). */
function Description({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const long = text.length > DOCUMENT_DESCRIPTION_MAX;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {long && !open ? `${text.slice(0, DOCUMENT_DESCRIPTION_MAX)}…` : text}{' '}
      {long && (
        <Link component="button" type="button" variant="body2" onClick={() => setOpen(!open)}>
          {open ? t('documents:page.less') : t('documents:page.more')}
        </Link>
      )}
    </Typography>
  );
}

const statusColor = { Started: 'info', Done: 'success', Error: 'error', Deleted: 'default' } as const;

/**
 * One document as a card (the same on phones and desktops): name, type, author and date, the description, the
 * status and lead time for administrators, the expired warning with the deletion date, and its actions —
 * once Done, a PDF is previewed in the PDF viewer tab by everyone who sees it and downloaded by administrators only
 * (design-and-admin section 6: others preview without downloading), another format downloaded by administrators and
 * the author; the visibility switch (administrators and the author; only the author switches a common document
 * off), delete (administrators). A Deleted document has no actions.
 */
export function DocumentCard({
  doc,
  rights,
  onToggle,
  onDelete,
  onDownload,
  onPreview,
  busy,
}: {
  doc: DocumentStatusReply;
  rights: DocumentRights;
  onToggle: () => void;
  onDelete: () => void;
  onDownload: () => void;
  onPreview: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const author = doc.createdBy?.id === rights.userId;
  const deleted = doc.status === 'Deleted';
  const mayToggle = !deleted && (rights.admin || author);
  const lockedOn = doc.forAll && !author;
  const done = doc.status === 'Done';
  const pdf = doc.extension.toLowerCase() === 'pdf';
  const mayDownload = done && (rights.admin || (author && !pdf));
  const seconds =
    doc.endTime && doc.startTime ? Math.max(0, Math.round((Date.parse(doc.endTime) - Date.parse(doc.startTime)) / 1000)) : null;
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} data-testid="document-card" aria-label={doc.name}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{doc.name}</Typography>
            <Chip size="small" variant="outlined" label={t(`documents:page.type.${doc.type}`)} />
            {(rights.admin || doc.status === 'Started' || deleted) && (
              <Chip
                size="small"
                color={statusColor[doc.status]}
                label={t(`documents:page.status.${doc.status}`)}
                icon={doc.status === 'Started' ? <CircularProgress size={12} /> : undefined}
                data-testid="document-status"
              />
            )}
          </Stack>
          {doc.description && <Description text={doc.description} />}
          <Typography variant="body2">
            {t('documents:page.created', { date: displayDateTime(doc.date) })}
            {doc.createdBy ? ` · ${t('documents:page.author', { name: doc.createdBy.name })}` : ''}
          </Typography>
          {rights.admin && seconds !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('documents:page.leadTime', { seconds })}
            </Typography>
          )}
          {doc.error && (
            <Typography variant="body2" color="error">
              {doc.error.message}
            </Typography>
          )}
          {doc.expired && doc.deletionDate ? (
            <Alert severity="warning" sx={{ mt: 1, py: 0 }} data-testid="document-expired">
              {t('documents:page.expiredDoc', { date: displayDate(doc.deletionDate) })}
            </Alert>
          ) : (
            !deleted &&
            doc.expirationDate && (
              <Typography variant="body2" color="text.secondary">
                {t('documents:page.expiresOn', { date: displayDate(doc.expirationDate) })}
              </Typography>
            )
          )}
        </Box>
        {deleted ? (
          <Typography variant="body2" color="text.secondary">
            {t('documents:page.noActions')}
          </Typography>
        ) : (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {mayToggle && (
              <Tooltip title={lockedOn ? t('documents:page.visibleCreatorOnly') : ''}>
                <FormControlLabel
                  control={<Switch checked={doc.forAll} onChange={onToggle} disabled={busy || lockedOn} />}
                  label={t('documents:page.visible')}
                />
              </Tooltip>
            )}
            {done && pdf && (
              <Button size="small" startIcon={<VisibilityOutlined />} onClick={onPreview}>
                {t('documents:page.preview')}
              </Button>
            )}
            {mayDownload && (
              <Button size="small" startIcon={<FileDownloadOutlined />} onClick={onDownload}>
                {t('documents:page.download')}
              </Button>
            )}
            {rights.admin && (
              <Tooltip title={t('documents:page.delete')}>
                <IconButton aria-label={t('documents:page.delete')} onClick={onDelete} disabled={busy}>
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
