import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@edc/domain';
import { ApiError } from '../../shared/api/client';
import { Loading } from '../../shared/components/Loading';

export const useIsMobile = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
}

export interface DataListProps<T> {
  /** Accessible name of the table / card list. */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** The first column becomes a link to this address. */
  rowLink?: (row: T) => string;
  actions?: (row: T) => ReactNode;
  isLoading: boolean;
  isError: boolean;
  onRetry?: () => void;
  empty: string;
}

/** A table on desktop, collapsible cards on phones; with loading, error and empty states. */
export function DataList<T>({
  label,
  columns,
  rows,
  rowKey,
  rowLink,
  actions,
  isLoading,
  isError,
  onRetry,
  empty,
}: DataListProps<T>) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  if (isLoading && !rows) return <Loading />;
  if (isError && !rows)
    return (
      <Alert
        severity="error"
        action={
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common:actions.retry')}
            </Button>
          )
        }
      >
        {t('centres:loadFailed')}
      </Alert>
    );
  if (!rows || rows.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{empty}</Typography>
      </Paper>
    );

  const first = (row: T) => {
    const content = columns[0]!.render(row);
    return rowLink ? (
      <Link component={RouterLink} to={rowLink(row)} underline="hover">
        {content}
      </Link>
    ) : (
      content
    );
  };

  if (mobile)
    return (
      <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => (
          <MobileCard key={rowKey(row)} title={first(row)} columns={columns.slice(1)} row={row} actions={actions?.(row)} />
        ))}
      </Stack>
    );

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key}>{c.label}</TableCell>
            ))}
            {actions && <TableCell align="right">{t('centres:actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover>
              {columns.map((c, i) => (
                <TableCell key={c.key}>{i === 0 ? first(row) : c.render(row)}</TableCell>
              ))}
              {actions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {actions(row)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function MobileCard<T>({
  title,
  columns,
  row,
  actions,
}: {
  title: ReactNode;
  columns: Column<T>[];
  row: T;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The second column is shown under the title; the rest unfold.
  const [subtitle, ...rest] = columns;
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 0.5, py: 1, pr: 1, '&:last-child': { pb: 1 } }}>
        <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          <Box sx={{ fontWeight: 500 }}>{title}</Box>
          {subtitle && (
            <Typography component="div" variant="body2" color="text.secondary">
              {subtitle.render(row)}
            </Typography>
          )}
        </Box>
        {actions}
        {rest.length > 0 && (
          <IconButton
            aria-expanded={open}
            aria-label={open ? t('centres:collapse') : t('centres:expand')}
            onClick={() => setOpen((v) => !v)}
            sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
          >
            <ExpandMore />
          </IconButton>
        )}
      </CardContent>
      <Collapse in={open} unmountOnExit>
        <Box component="dl" sx={{ px: 2, pb: 1, m: 0 }}>
          {rest.map((c) => (
            <Box key={c.key} sx={{ py: 0.5 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {c.label}
              </Typography>
              <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {c.render(row)}
              </Box>
            </Box>
          ))}
        </Box>
      </Collapse>
    </Card>
  );
}

/** Server paging with the spec's page sizes. */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_, p) => onChange(p + 1, pageSize)}
      onRowsPerPageChange={(e) => onChange(1, Number(e.target.value))}
      labelRowsPerPage={t('centres:paging.perPage')}
      sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: { xs: 0 } } }}
    />
  );
}

/** "Вы уверены что хотите удалить?" with Подтвердить / Отмена. */
export function ConfirmDialog({
  open,
  text,
  loading,
  onConfirm,
  onClose,
}: {
  open: boolean;
  text?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-title">{t('centres:confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text ?? t('centres:confirm.delete')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" color="error" loading={loading} onClick={onConfirm} autoFocus>
          {t('centres:confirm.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A page's title row: the heading and the main action. */
export function Toolbar({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      {children}
    </Stack>
  );
}

/** A definition list of read-only facts. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ py: { sm: 0.5 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, py: { sm: 0.5 }, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** DD.MM.YYYY for an API date (YYYY-MM-DD…). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

/** The server's messages of a failed call (already in the user's language), one per line. */
export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.errors.map((e) => e.message);
  return error instanceof Error && error.message ? [error.message] : [];
}

/** The fields a failed call named (`errors[].path`), without a request prefix such as `organisationDto.`. */
export function errorPaths(error: unknown): Set<string> {
  if (!(error instanceof ApiError)) return new Set();
  return new Set(error.errors.flatMap((e) => (e.path ? [e.path.split('.').pop()!] : [])));
}

/** "Not saved, the previous values are back" with the server's reasons; announced to screen readers. */
export function SaveFailed({
  error,
  onClose,
  restored = true,
}: {
  error: unknown;
  onClose?: () => void;
  /** false for a new record: nothing to restore, the input stays. */
  restored?: boolean;
}) {
  const { t } = useTranslation();
  const messages = errorMessages(error);
  return (
    <Alert severity="error" role="alert" onClose={onClose} sx={{ mb: 2 }}>
      <Box sx={{ fontWeight: 500 }}>{restored ? t('centres:saveFailed') : t('centres:notSaved')}</Box>
      {messages.map((m) => (
        <Box key={m}>{m}</Box>
      ))}
    </Alert>
  );
}

/** Two fields side by side from sm up, one under the other on phones; the fields keep their own margins. */
export function FieldPair({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>{children}</Box>;
}
