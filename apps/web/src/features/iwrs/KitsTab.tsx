import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAGE_SIZE,
  manualActionsFor,
  MEDICATION_STATUSES,
  PAGE_SIZES,
  type Medication,
  type MedicationStatus,
} from '@edc/domain';
import { api } from '../../shared/api/client';
import { FormDialog } from '../../shared/components/FormDialog';
import { Loading } from '../../shared/components/Loading';
import { useIwrsMutation } from './api';
import { TABLE_FILE_ACCEPT, tableFileBody, useKits, useStock } from './settingsApi';
import { displayDate } from './format';
import { KitActionDialog } from './KitActionDialog';

interface Site {
  id: string;
  researchOrganisationNumber: string;
}

/** Ships the chosen depot kits to a site in one shipment. */
function ShipDialog({ ids, sites, onClose }: { ids: string[]; sites: Site[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [site, setSite] = useState(sites[0]?.id ?? '');
  const save = useIwrsMutation(() => api.post('/Shipments', { researchOrganisationId: site, medicationIds: ids }), onClose);
  return (
    <FormDialog
      open
      fullScreenOnPhone
      onClose={onClose}
      title={t('iwrs:settings.shipTitle', { count: ids.length })}
      saving={save.isPending}
      onSubmit={() => save.mutate(undefined)}
    >
      <TextField select label={t('iwrs:settings.site')} value={site} onChange={(e) => setSite(e.target.value)}>
        {sites.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.researchOrganisationNumber}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}

/**
 * The kit inventory (sponsor's supply staff): what each site can still dispense, with a low-stock warning;
 * the kits of the depot or of a site filtered by status, server-paged; import from CSV; shipping the kits
 * chosen on the page to a site; a kit's actions taken by hand (freeze, release, loss, destruction, return).
 */
export function KitsTab({ sites, canManage }: { sites: Site[]; canManage: boolean }) {
  const { t } = useTranslation();
  const [where, setWhere] = useState('');
  const [status, setStatus] = useState<MedicationStatus | ''>('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE as number });
  const [chosen, setChosen] = useState<string[]>([]);
  const [shipping, setShipping] = useState(false);
  const [acting, setActing] = useState<Medication | null>(null);
  const kits = useKits({ ...paging, researchOrganisationId: where, status });
  const stock = useStock();
  const importKits = useIwrsMutation(async (file: File) => api.post('/Medication/Import', await tableFileBody(file)));
  const filter = (f: () => void) => {
    f();
    setPaging({ ...paging, page: 1 });
    setChosen([]);
  };
  return (
    <Stack spacing={2}>
      {stock.data?.some((s) => s.low) && (
        <Alert severity="warning">
          {stock.data
            .filter((s) => s.low)
            .map((s) => t('iwrs:settings.lowStock', { site: s.researchOrganisationNumber, count: s.available }))
            .join('; ')}
        </Alert>
      )}
      {stock.data && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={t('iwrs:settings.stock')}>
          {stock.data.map((s) => (
            <Chip
              key={s.researchOrganisationId}
              color={s.low ? 'warning' : 'default'}
              label={`${s.researchOrganisationNumber}: ${s.available}`}
            />
          ))}
        </Stack>
      )}
      {canManage && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button component="label" variant="outlined" disabled={importKits.isPending}>
            {t('iwrs:settings.importKits')}
            <input
              hidden
              type="file"
              accept={TABLE_FILE_ACCEPT}
              onChange={(e) => e.target.files?.[0] && importKits.mutate(e.target.files[0])}
            />
          </Button>
          <Button variant="contained" disabled={chosen.length === 0} onClick={() => setShipping(true)}>
            {t('iwrs:settings.ship', { count: chosen.length })}
          </Button>
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('iwrs:settings.importHint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={t('iwrs:settings.site')}
          value={where}
          onChange={(e) => filter(() => setWhere(e.target.value))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('iwrs:dosings.allSites')}</MenuItem>
          <MenuItem value="depot">{t('iwrs:settings.depot')}</MenuItem>
          {sites.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.researchOrganisationNumber}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('iwrs:settings.status')}
          value={status}
          onChange={(e) => filter(() => setStatus(e.target.value as MedicationStatus | ''))}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('iwrs:settings.allStatuses')}</MenuItem>
          {MEDICATION_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`iwrs:status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {kits.isPending && <Loading />}
      {kits.isError && <Alert severity="error">{t('iwrs:settings.loadError')}</Alert>}
      {kits.data && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('iwrs:settings.kitsTab')}>
            <TableHead>
              <TableRow>
                {canManage && <TableCell padding="checkbox" />}
                {['identNumber', 'medicationGroup', 'lot', 'expiryDate', 'currentStatus'].map((c) => (
                  <TableCell key={c} sx={{ fontWeight: 600 }}>
                    {t(`iwrs:medications.${c}`)}
                  </TableCell>
                ))}
                <TableCell sx={{ fontWeight: 600 }}>{t('iwrs:settings.site')}</TableCell>
                {canManage && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {kits.data.data.map((k) => (
                <TableRow key={k.id} data-testid="kit-row">
                  {canManage && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={chosen.includes(k.id)}
                        disabled={k.currentStatus !== 'QaApproved'}
                        onChange={(e) => setChosen(e.target.checked ? [...chosen, k.id] : chosen.filter((x) => x !== k.id))}
                        slotProps={{ input: { 'aria-label': t('iwrs:settings.select', { number: k.identNumber }) } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>{k.identNumber}</TableCell>
                  <TableCell>{k.medicationGroup ?? '—'}</TableCell>
                  <TableCell>{k.lot}</TableCell>
                  <TableCell>{displayDate(k.expiryDate)}</TableCell>
                  <TableCell>{t(`iwrs:status.${k.currentStatus}`)}</TableCell>
                  <TableCell>{k.researchOrganisationNumber ?? t('iwrs:settings.depot')}</TableCell>
                  {canManage && (
                    <TableCell>
                      {manualActionsFor(k.currentStatus).length > 0 && (
                        <Button
                          size="small"
                          onClick={() => setActing(k)}
                          aria-label={t('iwrs:kitActions.openFor', { number: k.identNumber })}
                        >
                          {t('iwrs:kitActions.open')}
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
            count={kits.data.totalCount}
            page={paging.page - 1}
            rowsPerPage={paging.pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_e, p) => setPaging({ ...paging, page: p + 1 })}
            onRowsPerPageChange={(e) => setPaging({ page: 1, pageSize: Number(e.target.value) })}
            labelRowsPerPage={t('iwrs:dosings.rowsPerPage')}
          />
        </Box>
      )}
      {acting && <KitActionDialog kit={acting} onClose={() => setActing(null)} />}
      {shipping && (
        <ShipDialog
          ids={chosen}
          sites={sites}
          onClose={() => {
            setShipping(false);
            setChosen([]);
          }}
        />
      )}
    </Stack>
  );
}
