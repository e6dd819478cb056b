import type { MouseEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ItemNoteRow } from '@edc/domain';
import { displayDate } from '../subjects/ui';
import { NoteStatusChip, noteAgeText, noteFormTitle, noteLink } from './noteUi';

/** The column names of the locale (queries:column.*); the grid joins related ones in one column. */
type ColumnKey = 'status' | 'type' | 'subject' | 'centre' | 'visit' | 'form' | 'section' | 'field' | 'note' | 'createdBy' | 'age';

/** Long texts (a note, a field's question) keep to a few lines; the whole text is the cell's title. */
const clamp = (lines: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical' as const,
  overflow: 'hidden',
  // Long words break only when they alone are wider than the column (the column keeps its words whole).
  overflowWrap: 'break-word' as const,
});

const openLabel = (row: ItemNoteRow, t: TFunction) =>
  t('queries:row.open', { field: row.subjectFormField.text, subject: row.subject.screeningNumber });

function Author({ row }: { row: ItemNoteRow }) {
  const { t } = useTranslation();
  const role = row.createdBy.employeeType;
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {row.createdBy.fullName}
      </Box>
      {role && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t(`enums:employeeType.${role}`, { defaultValue: role })}
        </Typography>
      )}
    </>
  );
}

function NoteText({ row, lines }: { row: ItemNoteRow; lines: number }) {
  const { t } = useTranslation();
  // The newest entry when it says something the note does not (a closing without a word repeats nothing).
  const last = row.entryCount > 1 && row.lastEntry && row.lastEntry !== row.note ? row.lastEntry : null;
  return (
    <>
      <Box component="span" title={row.note} sx={clamp(lines)}>
        {row.note}
      </Box>
      {last && (
        <Typography component="span" variant="caption" color="text.secondary" title={last} sx={clamp(2)}>
          {t('queries:row.lastEntry', { text: last })}
        </Typography>
      )}
    </>
  );
}

/** A second line of a cell, in small grey type. */
function Sub({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {children}
    </Typography>
  );
}

/**
 * The desktop grid: a row per note. Related facts share a column (status and type; subject numbers and centre;
 * visit, form and section), so that the grid fits beside the side menu at 1280 px. Each row is a link to the
 * note's field: its field cell holds the link, which takes the keyboard focus and opens on Enter; a click
 * anywhere else on the row follows it too.
 */
export function NotesTable({ rows }: { rows: ItemNoteRow[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onRowClick = (e: MouseEvent<HTMLTableRowElement>, to: string) => {
    // The link handles its own clicks (and a new tab on Ctrl or the middle button); selecting text opens nothing.
    if ((e.target as HTMLElement).closest('a') || window.getSelection()?.toString()) return;
    navigate(to);
  };
  const header = (...keys: ColumnKey[]) => keys.map((k) => t(`queries:column.${k}`)).join(' / ');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        size="small"
        aria-label={t('queries:list')}
        sx={{
          '& th, & td': { px: 1, verticalAlign: 'top' },
          '& th:first-of-type, & td:first-of-type': { pl: 2 },
          '& th:last-of-type, & td:last-of-type': { pr: 2 },
          '& thead th': { bgcolor: 'grey.100', fontWeight: 600 },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 120 }}>{header('status', 'type')}</TableCell>
            <TableCell sx={{ width: 120 }}>{header('subject', 'centre')}</TableCell>
            <TableCell sx={{ minWidth: 120 }}>{header('visit', 'form', 'section')}</TableCell>
            <TableCell sx={{ minWidth: 130, width: '14%' }}>{header('field')}</TableCell>
            <TableCell sx={{ width: '24%' }}>{header('note')}</TableCell>
            <TableCell>{header('createdBy')}</TableCell>
            <TableCell sx={{ width: 110 }}>{header('age')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const to = noteLink(row);
            return (
              <TableRow
                key={row.id}
                hover
                data-testid="query-row"
                data-status={row.status}
                onClick={(e) => onRowClick(e, to)}
                sx={{ cursor: 'pointer', '&:focus-within': { bgcolor: 'action.hover' } }}
              >
                <TableCell>
                  <NoteStatusChip status={row.status} wrap />
                  <Sub>{t(`queries:type.${row.type}`)}</Sub>
                </TableCell>
                <TableCell>
                  <Box component="span" sx={{ display: 'block', fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {row.subject.screeningNumber}
                  </Box>
                  {row.subject.randomisationNumber && (
                    <Sub>{t('queries:row.randomisation', { number: row.subject.randomisationNumber })}</Sub>
                  )}
                  <Sub>{t('queries:row.identification', { number: row.subject.identificationNumber })}</Sub>
                  <Sub>{t('queries:row.centre', { number: row.researchOrganisation.number })}</Sub>
                </TableCell>
                <TableCell>
                  <Box component="span" sx={{ display: 'block' }}>
                    {row.subjectVisit.title}{' '}
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      {displayDate(row.subjectVisit.date)}
                    </Typography>
                  </Box>
                  <Box component="span" sx={{ display: 'block' }}>
                    {noteFormTitle(row, t)}
                  </Box>
                  <Sub>{row.sectionName}</Sub>
                </TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={to}
                    aria-label={openLabel(row, t)}
                    title={row.subjectFormField.text}
                    underline="hover"
                    sx={{ ...clamp(3), fontWeight: 500 }}
                  >
                    {row.subjectFormField.text}
                  </Link>
                </TableCell>
                <TableCell>
                  <NoteText row={row} lines={3} />
                </TableCell>
                <TableCell>
                  <Author row={row} />
                </TableCell>
                <TableCell>{noteAgeText(row, t)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The mobile list: a card per note, the whole card a link to the note's field. */
export function NotesCards({ rows }: { rows: ItemNoteRow[] }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" aria-label={t('queries:list')} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Card component="li" key={row.id} variant="outlined" data-testid="query-card" data-status={row.status}>
          <CardActionArea component={RouterLink} to={noteLink(row)} sx={{ p: 1.5 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <NoteStatusChip status={row.status} />
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {t(`queries:type.${row.type}`)}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto !important' }}>
                {noteAgeText(row, t)}
              </Typography>
            </Stack>
            <Typography sx={{ mt: 1, fontWeight: 600 }}>
              {row.subject.screeningNumber}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {[
                  row.subject.randomisationNumber && t('queries:row.randomisation', { number: row.subject.randomisationNumber }),
                  t('queries:row.centre', { number: row.researchOrganisation.number }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[row.subjectVisit.title, noteFormTitle(row, t), row.sectionName].join(' / ')}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 500, mt: 0.5, ...clamp(2) }}>
              {row.subjectFormField.text}
            </Typography>
            <Typography component="div" variant="body2" sx={{ mt: 0.5 }}>
              <NoteText row={row} lines={3} />
            </Typography>
            <Typography component="div" variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
              {row.createdBy.fullName}
              {row.createdBy.employeeType
                ? ` · ${t(`enums:employeeType.${row.createdBy.employeeType}`, { defaultValue: row.createdBy.employeeType })}`
                : ''}
            </Typography>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
}

/** The loading state: the grid's (or the cards') shape with grey bars, announced as loading. */
export function NotesSkeleton({ mobile, rows = 5 }: { mobile: boolean; rows?: number }) {
  const { t } = useTranslation();
  const lines = Array.from({ length: rows }, (_, i) => i);
  return (
    <Box role="status" aria-label={t('common:loading')} data-testid="queries-loading">
      {mobile ? (
        <Stack spacing={1}>
          {lines.slice(0, 3).map((i) => (
            <Paper key={i} variant="outlined" sx={{ p: 1.5 }}>
              <Skeleton variant="rounded" width={90} height={24} />
              <Skeleton width="60%" />
              <Skeleton width="90%" />
              <Skeleton width="75%" />
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Skeleton height={32} />
          {lines.map((i) => (
            <Stack key={i} direction="row" spacing={2} sx={{ alignItems: 'center', py: 0.5 }}>
              <Skeleton variant="rounded" width={80} height={24} />
              <Skeleton sx={{ flex: 1 }} />
              <Skeleton sx={{ flex: 2 }} />
              <Skeleton sx={{ flex: 1 }} />
            </Stack>
          ))}
        </Paper>
      )}
    </Box>
  );
}
