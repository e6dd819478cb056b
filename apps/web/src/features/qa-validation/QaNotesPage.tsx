import './i18n';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, QA_NOTE_STATUSES, type QaItemNoteReply, type QaNoteStatus } from '@edc/domain';
import { PageTitle } from '../../shared/components/PageTitle';
import { Loading } from '../../shared/components/Loading';
import { Pager, useIsMobile } from '../centres/components';
import { currentEmployee, useMe } from '../identity/api';
import { useQaForms, useQaNotes, useQaVisits } from './api';
import { dateTimeText } from './format';
import { noteLink } from './links';
import { NoteDialog, noteChain } from './NoteDialogs';
import { QaStatusChip } from './QaStatusChip';

interface Filters {
  statusList: QaNoteStatus[];
  qaVisitId: string;
  qaFormId: string;
  mine: boolean;
}

/**
 * qaValidation/notes (spec design-and-admin sections 2 and 6): the notes of the version under validation, for QA
 * or the sponsor's admin side, paged by the server and filtered by status, visit, form and author; a row opens the
 * note's thread, its link leads to where the note is.
 */
export default function QaNotesPage() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const me = useMe();
  const asQa = currentEmployee(me.data)?.researchOrganisation.organisationTypeString === 'Qa';
  // ?qaVisitId=&qaFormId= (the designers' note badges link here) set the first filter.
  const [initial] = useSearchParams();
  const [filters, setFilters] = useState<Filters>({
    statusList: [],
    qaVisitId: initial.get('qaVisitId') ?? '',
    qaFormId: initial.get('qaFormId') ?? '',
    mine: false,
  });
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [open, setOpen] = useState<string | null>(null);
  const visits = useQaVisits();
  const forms = useQaForms(filters.qaVisitId || undefined);
  const notes = useQaNotes({
    ...paging,
    statusList: filters.statusList,
    qaVisitId: filters.qaVisitId || undefined,
    qaFormId: filters.qaFormId || undefined,
    createdBy: filters.mine ? me.data?.user.id : undefined,
  });
  const set = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const rows = notes.data?.data ?? [];
  const link = (n: QaItemNoteReply) => (
    <Link component={RouterLink} to={noteLink(n, asQa)} onClick={(e) => e.stopPropagation()}>
      {noteChain(n)}
    </Link>
  );

  return (
    <>
      <PageTitle>{t('qaValidation:notes.title')}</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <TextField
          select
          size="small"
          label={t('qaValidation:notes.status')}
          sx={{ minWidth: 200 }}
          value={filters.statusList}
          onChange={(e) => set({ statusList: e.target.value as unknown as QaNoteStatus[] })}
          slotProps={{ select: { multiple: true } }}
        >
          {QA_NOTE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`qaValidation:status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('qaValidation:notes.visit')}
          sx={{ minWidth: 200 }}
          value={filters.qaVisitId}
          onChange={(e) => set({ qaVisitId: e.target.value, qaFormId: '' })}
        >
          <MenuItem value="">{t('qaValidation:notes.all')}</MenuItem>
          {visits.data?.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {v.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('qaValidation:notes.form')}
          sx={{ minWidth: 200 }}
          value={filters.qaFormId}
          disabled={!filters.qaVisitId}
          onChange={(e) => set({ qaFormId: e.target.value })}
        >
          <MenuItem value="">{t('qaValidation:notes.all')}</MenuItem>
          {forms.data?.map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.title}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={filters.mine} onChange={(e) => set({ mine: e.target.checked })} />}
          label={t('qaValidation:notes.mine')}
        />
      </Stack>
      {notes.isPending && <Loading />}
      {notes.isError && <Alert severity="error">{t('qaValidation:errors.notes')}</Alert>}
      {notes.isSuccess && rows.length === 0 && <Alert severity="info">{t('qaValidation:notes.empty')}</Alert>}
      {rows.length > 0 &&
        (mobile ? (
          <Stack spacing={1} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {rows.map((n) => (
              <Card key={n.id} component="li" variant="outlined" onClick={() => setOpen(n.id)} data-testid="qa-note-card">
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                    <QaStatusChip status={n.status} />
                    <Typography variant="caption" color="text.secondary">
                      {dateTimeText(n.createdAt)}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {n.qaNoteList[0]?.data}
                  </Typography>
                  <Typography variant="caption" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {link(n)}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Stack>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('qaValidation:notes.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('qaValidation:notes.status')}</TableCell>
                  <TableCell>{t('qaValidation:notes.where')}</TableCell>
                  <TableCell>{t('qaValidation:notes.text')}</TableCell>
                  <TableCell>{t('qaValidation:notes.author')}</TableCell>
                  <TableCell>{t('qaValidation:notes.created')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((n) => (
                  <TableRow key={n.id} hover onClick={() => setOpen(n.id)} sx={{ cursor: 'pointer' }} data-testid="qa-note-row">
                    <TableCell>
                      <QaStatusChip status={n.status} />
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{link(n)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {n.qaNoteList[0]?.data}
                      {n.qaNoteList.length > 1 && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {t('qaValidation:notes.messages', { count: n.qaNoteList.length })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{n.createdBy?.fullName}</TableCell>
                    <TableCell>{dateTimeText(n.createdAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ))}
      {notes.data && notes.data.totalCount > 0 && (
        <Pager
          page={paging.page}
          pageSize={paging.pageSize}
          total={notes.data.totalCount}
          onChange={(page, pageSize) => setPaging({ page, pageSize })}
        />
      )}
      {open && <NoteDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
