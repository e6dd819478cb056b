import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SubjectDosing } from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { useDosings, type DosingsParams } from './api';
import { MedicationsDialog } from './MedicationsDialog';
import { dateTimeText } from './format';

/**
 * The dosing grid (spec operations section 2): subject, period number, dispense number and dosing
 * date-time, server-paged and sorted by screening number; a phone shows cards. Each row opens its
 * medications dialog.
 */
export function DosingsTable({ filter, canWrite }: { filter: Omit<DosingsParams, 'page' | 'pageSize'>; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE as number, key: '' });
  const key = JSON.stringify(filter);
  // A new filter starts again at page 1.
  const page = paging.key === key ? paging.page : 1;
  const dosings = useDosings({ ...filter, page, pageSize: paging.pageSize });
  const [open, setOpen] = useState<SubjectDosing | null>(null);
  if (dosings.isPending) return <Loading />;
  if (dosings.isError) return <Alert severity="error">{t('iwrs:dosings.loadError')}</Alert>;
  const rows = dosings.data.data;
  const subjectOf = (d: SubjectDosing) => [d.subject.screeningNumber, d.subject.randomizationNumber].filter(Boolean).join(' / ');
  const openButton = (d: SubjectDosing) => (
    <Button
      size="small"
      onClick={() => setOpen(d)}
      aria-label={t('iwrs:dosings.openMedications', { number: d.subject.screeningNumber, period: d.periodNumber })}
    >
      {t('iwrs:dosings.medications')}
    </Button>
  );
  return (
    <Box>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('iwrs:dosings.empty')}</Typography>
      ) : phone ? (
        <Stack spacing={1}>
          {rows.map((d) => (
            <Card key={d.id} variant="outlined" data-testid="dosing-row">
              <CardContent>
                <Typography variant="h3" component="h2">
                  {subjectOf(d)}
                </Typography>
                <Typography variant="body2">
                  {t('iwrs:dosings.periodNumber')}: {d.periodNumber} · {t('iwrs:dosings.dispenseNumber')}: {d.dispenseNumber}
                </Typography>
                <Typography variant="body2">{dateTimeText(d.dosingDateTime, i18n.language)}</Typography>
                {openButton(d)}
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('iwrs:dosings.title')}>
            <TableHead>
              <TableRow>
                {['subject', 'periodNumber', 'dispenseNumber', 'dosingDateTime', 'medications'].map((c) => (
                  <TableCell key={c} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {t(`iwrs:dosings.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((d) => (
                <TableRow key={d.id} hover data-testid="dosing-row">
                  <TableCell>{subjectOf(d)}</TableCell>
                  <TableCell>{d.periodNumber}</TableCell>
                  <TableCell>{d.dispenseNumber}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTimeText(d.dosingDateTime, i18n.language)}</TableCell>
                  <TableCell>{openButton(d)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <TablePagination
        component="div"
        count={dosings.data.totalCount}
        page={page - 1}
        rowsPerPage={paging.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e, p) => setPaging({ ...paging, page: p + 1, key })}
        onRowsPerPageChange={(e) => setPaging({ page: 1, pageSize: Number(e.target.value), key })}
        labelRowsPerPage={t('iwrs:dosings.rowsPerPage')}
      />
      {open && <MedicationsDialog dosing={open} canWrite={canWrite} onClose={() => setOpen(null)} />}
    </Box>
  );
}
