import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type DocumentApprovalReply } from '@edc/domain';
import { FormDialog } from '../../shared/components/FormDialog';
import { Loading } from '../../shared/components/Loading';
import { displayDateTime } from '../subject-visit/format';
import { useApprovalActions, useApprovalNotes, useApprovals, type ApprovalsSource } from './approvalsApi';
import { SendApprovalDialog } from './SendApprovalDialog';

const statusColor = { Pending: 'warning', Approved: 'success', Rejected: 'error' } as const;

/** The note of a rejection (required) or a note added while Pending. */
function MessageDialog({
  title,
  submitLabel,
  danger,
  saving,
  onClose,
  onSubmit,
}: {
  title: string;
  submitLabel: string;
  danger?: boolean;
  saving: boolean;
  onClose: () => void;
  onSubmit: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [checked, setChecked] = useState(false);
  const error = checked && !message.trim() ? t('documents:approval.messageRequired') : undefined;
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      saving={saving}
      submitLabel={submitLabel}
      submitColor={danger ? 'error' : 'primary'}
      onSubmit={() => {
        setChecked(true);
        if (message.trim()) onSubmit(message.trim());
      }}
    >
      <TextField
        autoFocus
        required
        fullWidth
        multiline
        minRows={3}
        label={t('documents:approval.message')}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}

/** The notes of an approval, oldest first, and a new one for its approvers while Pending. */
function NotesDialog({ approval, onClose }: { approval: DocumentApprovalReply; onClose: () => void }) {
  const { t } = useTranslation();
  const notes = useApprovalNotes(approval.id);
  const { note } = useApprovalActions();
  const [adding, setAdding] = useState(false);
  const canAdd = approval.actions.includes('AddNote');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="approval-notes-title">
      <DialogTitle id="approval-notes-title">{t('documents:approval.notesTitle', { name: approval.document.name })}</DialogTitle>
      <DialogContent>
        {notes.isPending ? (
          <Loading />
        ) : (notes.data ?? []).length === 0 ? (
          <Typography color="text.secondary">{t('documents:approval.noNotes')}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={t('documents:approval.notes')}>
            {(notes.data ?? []).map((n) => (
              <Box component="li" key={n.id}>
                <Typography variant="caption" color="text.secondary">
                  {displayDateTime(n.createdDate)}
                  {n.createdBy ? `, ${n.createdBy.fullName}` : ''}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{n.message}</Typography>
              </Box>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {canAdd && <Button onClick={() => setAdding(true)}>{t('documents:approval.addNote')}</Button>}
        <Button onClick={onClose}>{t('documents:approval.close')}</Button>
      </DialogActions>
      {adding && (
        <MessageDialog
          title={t('documents:approval.addNote')}
          submitLabel={t('documents:approval.addNoteSubmit')}
          saving={note.isPending}
          onClose={() => setAdding(false)}
          onSubmit={(message) =>
            note.mutate(
              { documentApprovalId: approval.id, message },
              { onSuccess: () => void notes.refetch().then(() => setAdding(false)) },
            )
          }
        />
      )}
    </Dialog>
  );
}

function ApprovalCard({
  approval,
  busy,
  onApprove,
  onReject,
  onNotes,
  onResend,
  onDelete,
}: {
  approval: DocumentApprovalReply;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onNotes: () => void;
  onResend: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const a = approval;
  const can = (x: DocumentApprovalReply['actions'][number]) => a.actions.includes(x);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none', minWidth: 0 }} aria-label={a.document.name}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
            {a.document.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`documents:page.type.${a.document.type}`)} ·{' '}
            {t('documents:approval.versionOf', { index: a.researchVersion.index })}
          </Typography>
        </Box>
        <Chip
          size="small"
          color={statusColor[a.approvalStatus]}
          label={t(`documents:approval.status.${a.approvalStatus}`)}
          data-testid="approval-status"
        />
      </Stack>
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {t('documents:approval.approversList', {
          list: a.approverList.map((p) => `${p.fullName} (${p.organisationName})`).join(', '),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('documents:approval.sent', { date: displayDateTime(a.createdDate) })}
        {a.createdBy ? ` · ${a.createdBy.fullName}` : ''}
      </Typography>
      {a.resultApprover && a.resultDate && (
        <Typography variant="body2" color="text.secondary">
          {t(`documents:approval.result.${a.approvalStatus}`, {
            name: a.resultApprover.fullName,
            date: displayDateTime(a.resultDate),
          })}
        </Typography>
      )}
      {a.resent && (
        <Typography variant="body2" color="text.secondary">
          {t('documents:approval.wasResent')}
        </Typography>
      )}
      <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {can('Approve') && (
          <Button variant="contained" size="small" color="success" disabled={busy} onClick={onApprove}>
            {t('documents:approval.approve')}
          </Button>
        )}
        {can('Reject') && (
          <Button variant="outlined" size="small" color="error" disabled={busy} onClick={onReject}>
            {t('documents:approval.reject')}
          </Button>
        )}
        <Button size="small" onClick={onNotes}>
          {t('documents:approval.notesCount', { count: a.notesCount })}
        </Button>
        {can('Resend') && (
          <Button size="small" disabled={busy} onClick={onResend}>
            {t('documents:approval.resend')}
          </Button>
        )}
        {can('Delete') && (
          <Button size="small" color="error" disabled={busy} onClick={onDelete}>
            {t('documents:approval.delete')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A server-paged list of approvals (docs/documents.md "Approvals"): the research's (the approval tab; documents
 * administrators get "Отправить на согласование") or the ones waiting for the caller (the profile). Each card
 * offers what the server says the caller may do: approve, reject with a note, notes, resend, delete.
 */
export function ApprovalList({
  source,
  researchId,
  canSend,
  label,
}: {
  source: ApprovalsSource;
  researchId: string | null;
  canSend: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const list = useApprovals(source, researchId, page, pageSize);
  const { approve, reject, remove } = useApprovalActions();
  const [sending, setSending] = useState(false);
  const [resending, setResending] = useState<DocumentApprovalReply | null>(null);
  const [rejecting, setRejecting] = useState<DocumentApprovalReply | null>(null);
  const [noting, setNoting] = useState<DocumentApprovalReply | null>(null);
  const [deleting, setDeleting] = useState<DocumentApprovalReply | null>(null);
  const busy = approve.isPending || reject.isPending || remove.isPending;

  let content;
  if (list.isPending) content = <Loading />;
  else if (list.isError)
    content = (
      <Alert severity="error" action={<Button onClick={() => void list.refetch()}>{t('documents:page.retry')}</Button>}>
        {t('documents:approval.loadError')}
      </Alert>
    );
  else if (list.data.data.length === 0)
    content = <Typography color="text.secondary">{t(`documents:approval.empty.${source}`)}</Typography>;
  else
    content = (
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={label}>
        {list.data.data.map((a) => (
          <ApprovalCard
            key={a.id}
            approval={a}
            busy={busy}
            onApprove={() => approve.mutate(a.id)}
            onReject={() => setRejecting(a)}
            onNotes={() => setNoting(a)}
            onResend={() => setResending(a)}
            onDelete={() => setDeleting(a)}
          />
        ))}
      </Stack>
    );

  return (
    <Box>
      {canSend && researchId && (
        <Box sx={{ mb: 2 }}>
          <Button variant="outlined" startIcon={<SendOutlined />} onClick={() => setSending(true)}>
            {t('documents:approval.send')}
          </Button>
        </Box>
      )}
      {content}
      {list.data && list.data.totalCount > 0 && (
        <TablePagination
          component="div"
          count={list.data.totalCount}
          page={page - 1}
          onPageChange={(_, p) => setPage(p + 1)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 0 } }}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(1);
          }}
        />
      )}
      {sending && researchId && <SendApprovalDialog researchId={researchId} onClose={() => setSending(false)} />}
      {resending && (
        <SendApprovalDialog researchId={resending.researchId} resend={resending} onClose={() => setResending(null)} />
      )}
      {rejecting && (
        <MessageDialog
          title={t('documents:approval.rejectTitle', { name: rejecting.document.name })}
          submitLabel={t('documents:approval.reject')}
          danger
          saving={reject.isPending}
          onClose={() => setRejecting(null)}
          onSubmit={(message) => reject.mutate({ id: rejecting.id, message }, { onSuccess: () => setRejecting(null) })}
        />
      )}
      {noting && <NotesDialog approval={noting} onClose={() => setNoting(null)} />}
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby="approval-delete-title">
        <DialogTitle id="approval-delete-title">{t('documents:page.deleteAsk')}</DialogTitle>
        <Typography sx={{ px: 3 }}>{deleting?.document.name}</Typography>
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
