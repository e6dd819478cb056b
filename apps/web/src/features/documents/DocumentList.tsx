import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAGE_SIZE,
  DOCUMENT_FILTER_DEBOUNCE_MS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  PAGE_SIZES,
  type DocumentStatus,
  type DocumentStatusReply,
  type DocumentType,
} from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { downloadGenerated } from '../../shared/documents/generatedDocument';
import { openInPdfViewer } from '../../shared/documents/pdfViewer';
import { useDocumentActions, useDocumentsList, useStartedRefresh, type DocumentsSource } from './api';
import { DocumentCard, type DocumentRights } from './DocumentCard';

/** The types a list offers as a filter: every generated type (uploaded visit files are not listed). */
const LISTED_TYPES = DOCUMENT_TYPES.filter((t) => t !== 'Uploaded');

/**
 * A server-paged list of documents with the Status and Type filters (debounced 500 ms), the 5-second refresh
 * of the Started ones, and the actions of each card. `expiring` picks the documents due for deletion (true)
 * or the others (false), as the spec's two lists.
 */
export function DocumentList({
  source,
  researchId,
  expiring,
  rights,
  label,
}: {
  source: DocumentsSource;
  researchId: string | null;
  expiring: boolean;
  rights: DocumentRights;
  label: string;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DocumentStatus | ''>('');
  const [type, setType] = useState<DocumentType | ''>('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const filters = useDebouncedValue({ status, type }, DOCUMENT_FILTER_DEBOUNCE_MS);
  const filter = { researchId, expiring, page, pageSize, ...filters };
  const list = useDocumentsList(source, filter, source === 'personal' || Boolean(researchId));
  useStartedRefresh(source, filter, list.data);
  const { toggle, remove } = useDocumentActions();
  const [deleting, setDeleting] = useState<DocumentStatusReply | null>(null);

  let content;
  if (list.isPending) content = <Loading />;
  else if (list.isError)
    content = (
      <Alert severity="error" action={<Button onClick={() => void list.refetch()}>{t('documents:page.retry')}</Button>}>
        {t('documents:page.loadError')}
      </Alert>
    );
  else if (list.data.data.length === 0) content = <Typography color="text.secondary">{t('documents:page.empty')}</Typography>;
  else
    content = (
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={label}>
        {list.data.data.map((doc) => (
          <DocumentCard
            key={doc.id}
            doc={doc}
            rights={rights}
            busy={toggle.isPending || remove.isPending}
            onToggle={() => toggle.mutate(doc.id)}
            onDelete={() => setDeleting(doc)}
            onDownload={() => void downloadGenerated(doc).catch(() => undefined)}
            onPreview={() => openInPdfViewer(doc.id, { download: rights.admin })}
          />
        ))}
      </Stack>
    );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('documents:page.filters.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as DocumentStatus | '');
            setPage(1);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('documents:page.filters.any')}</MenuItem>
          {DOCUMENT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`documents:page.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('documents:page.filters.type')}
          value={type}
          onChange={(e) => {
            setType(e.target.value as DocumentType | '');
            setPage(1);
          }}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">{t('documents:page.filters.any')}</MenuItem>
          {LISTED_TYPES.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`documents:page.type.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {content}
      {list.data && list.data.totalCount > 0 && (
        <TablePagination
          component="div"
          count={list.data.totalCount}
          page={page - 1}
          onPageChange={(_, p) => setPage(p + 1)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          // On a phone inside a card the controls wrap rather than overflow.
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 0 } }}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(1);
          }}
        />
      )}
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby="document-delete-title">
        <DialogTitle id="document-delete-title">{t('documents:page.deleteAsk')}</DialogTitle>
        <Typography sx={{ px: 3 }}>{deleting?.name}</Typography>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('documents:page.cancel')}</Button>
          <Button
            variant="contained"
            color="error"
            loading={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
          >
            {t('documents:page.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
