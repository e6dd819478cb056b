import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@edc/domain';
import { api } from '../../shared/api/client';
import { Loading } from '../../shared/components/Loading';
import { useIwrsMutation } from './api';
import { useShipments } from './settingsApi';
import { dateTimeText } from './format';

/** Shipments, newest first; a site confirms the arrival of its own. */
export function ShipmentsTab({ canReceive }: { canReceive: boolean }) {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE as number });
  const shipments = useShipments(paging.page, paging.pageSize);
  const receive = useIwrsMutation((id: string) => api.post(`/Shipments/${id}/Receive`));
  if (shipments.isPending) return <Loading />;
  if (shipments.isError) return <Alert severity="error">{t('iwrs:settings.loadError')}</Alert>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('iwrs:settings.shipmentsTab')}>
        <TableHead>
          <TableRow>
            {['number', 'site', 'kitCount', 'status', 'shippedAt', 'receivedAt'].map((c) => (
              <TableCell key={c} sx={{ fontWeight: 600 }}>
                {t(`iwrs:settings.${c}`)}
              </TableCell>
            ))}
            {canReceive && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {shipments.data.data.map((s) => (
            <TableRow key={s.id} data-testid="shipment-row">
              <TableCell>{s.number}</TableCell>
              <TableCell>{s.researchOrganisationNumber}</TableCell>
              <TableCell>{s.kitCount}</TableCell>
              <TableCell>{t(`iwrs:settings.status${s.status}`)}</TableCell>
              <TableCell>
                {dateTimeText(s.shippedAt, i18n.language)} {s.shippedBy ?? ''}
              </TableCell>
              <TableCell>{s.receivedAt ? `${dateTimeText(s.receivedAt, i18n.language)} ${s.receivedBy ?? ''}` : '—'}</TableCell>
              {canReceive && (
                <TableCell>
                  {s.status === 'Shipped' && (
                    <Button size="small" variant="contained" disabled={receive.isPending} onClick={() => receive.mutate(s.id)}>
                      {t('iwrs:settings.receive')}
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={shipments.data.totalCount}
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
