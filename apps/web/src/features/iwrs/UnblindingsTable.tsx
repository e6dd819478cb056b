import './i18n';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { dateTimeText } from './format';
import { useUnblindings } from './unblindingApi';

/**
 * Emergency unblindings, newest first (the sponsor's IWRS area, a subject's dosings tab): who, when, why;
 * the group only when the server sends it (callers who see groups, the investigator who unblinded).
 */
export function UnblindingsTable({ subjectId, hideWhenEmpty = false }: { subjectId?: string; hideWhenEmpty?: boolean }) {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE as number });
  const rows = useUnblindings({ ...paging, subjectId });
  if (rows.isPending) return <Loading />;
  if (rows.isError) return <Alert severity="error">{t('iwrs:unblinding.loadError')}</Alert>;
  if (hideWhenEmpty && rows.data.totalCount === 0) return null;
  const showsGroup = rows.data.data.some((r) => r.randomizationGroup !== undefined);
  const columns = ['subject', 'site', 'unblindedAt', 'user', 'reason', ...(showsGroup ? ['group'] : [])];
  return (
    <Box sx={{ overflowX: 'auto' }}>
      {subjectId && <Typography variant="subtitle1">{t('iwrs:unblinding.listTitle')}</Typography>}
      <Table size="small" aria-label={t('iwrs:unblinding.listTitle')}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 600 }}>
                {t(`iwrs:unblinding.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.data.data.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length}>{t('iwrs:unblinding.empty')}</TableCell>
            </TableRow>
          )}
          {rows.data.data.map((r) => (
            <TableRow key={r.id} data-testid="unblinding-row">
              <TableCell>{r.screeningNumber}</TableCell>
              <TableCell>{r.researchOrganisationNumber}</TableCell>
              <TableCell>{dateTimeText(r.unblindedAt, i18n.language)}</TableCell>
              <TableCell>{r.userEmail ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{r.reason}</TableCell>
              {showsGroup && <TableCell>{r.randomizationGroup ?? '—'}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={rows.data.totalCount}
        page={paging.page - 1}
        rowsPerPage={paging.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e, p) => setPaging({ ...paging, page: p + 1 })}
        onRowsPerPageChange={(e) => setPaging({ page: 1, pageSize: Number(e.target.value) })}
        labelRowsPerPage={t('iwrs:dosings.rowsPerPage')}
      />
    </Box>
  );
}
