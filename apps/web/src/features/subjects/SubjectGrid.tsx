import { useCallback, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import ShuffleOutlined from '@mui/icons-material/ShuffleOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { COMPLETED_STATUSES, type CompletedStatus, type SubjectStatus, type SubjectWithVisits } from '@edc/domain';
import type { Visit } from './api';
import type { MatrixFilterState, PinColumn, SortColumn } from './filterState';
import { displayDate, SubjectStatusDot, visitStatusColour } from './ui';
import { TestSubjectMark } from './TestSubjectMark';

export type RowAction = 'info' | 'edit' | 'randomise' | 'screenfailer' | 'end' | 'sign' | 'delete';

/** What a row may do: its menu actions and the visits it may confirm (computed by the page from the rules). */
export interface RowAbilities {
  actions: RowAction[];
  canCreateVisit: (visit: Visit) => boolean;
}

export interface GridProps {
  rows: SubjectWithVisits[];
  visits: Visit[];
  state: MatrixFilterState;
  abilities: (s: SubjectWithVisits) => RowAbilities;
  onSort: (column: SortColumn) => void;
  onTogglePin: (column: PinColumn) => void;
  onAction: (action: RowAction, s: SubjectWithVisits) => void;
  onConfirmVisit: (s: SubjectWithVisits, v: Visit) => void;
  /** Opens the visit info of one of the subject's visits (its info button; the visit itself links to its page). */
  onOpenVisit: (s: SubjectWithVisits, subjectVisitId: string) => void;
  /** Where a visit links to; the monitoring visit's grid adds ?monitoringVisitId for the breadcrumb back. */
  visitHref?: (subjectVisitId: string) => string;
  /** The monitor's grid marks the visits requested by a monitor (spec section 2, /monitoringVisits/{id}). */
  showRequested?: boolean;
}

const defaultVisitHref = (subjectVisitId: string) => `/subjectVisit/${subjectVisitId}`;

const ACTION_ICONS: Record<RowAction, ReactNode> = {
  info: <InfoOutlined fontSize="small" />,
  edit: <EditOutlined fontSize="small" />,
  randomise: <ShuffleOutlined fontSize="small" />,
  screenfailer: <BlockOutlined fontSize="small" />,
  end: <FlagOutlined fontSize="small" />,
  sign: <DrawOutlined fontSize="small" />,
  delete: <DeleteOutline fontSize="small" />,
};

/** A row's actions: a plain button styled by the grid (one per row), its menu mounted only while open. */
function ActionsMenu({
  subject,
  actions,
  onAction,
  t,
}: {
  subject: SubjectWithVisits;
  actions: RowAction[];
  onAction: GridProps['onAction'];
  t: TFunction;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  const menuId = `subject-actions-${subject.id}`;
  return (
    <>
      <button
        type="button"
        className="subject-actions"
        aria-label={t('subjects:matrix.actionsOf', { number: subject.screeningNumber })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="currentColor">
          <path d="M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2" />
        </svg>
      </button>
      {anchor && (
        <Menu id={menuId} anchorEl={anchor} open onClose={() => setAnchor(null)}>
          {actions.map((a) => (
            <MenuItem
              key={a}
              onClick={() => {
                setAnchor(null);
                onAction(a, subject);
              }}
              sx={a === 'delete' ? { color: 'error.main' } : undefined}
            >
              <ListItemIcon sx={a === 'delete' ? { color: 'error.main' } : undefined}>{ACTION_ICONS[a]}</ListItemIcon>
              {t(`subjects:menu.${a}`)}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}

/** A message translated once and filled in per cell: a t() call per cell costs too much at 50 × 20 cells. */
function messageTemplate(t: TFunction, key: string, names: readonly string[]) {
  const marks = Object.fromEntries(names.map((n) => [n, `\uE000${n}\uE000`]));
  const text = t(key, marks);
  return (values: Record<string, string>) => text.replace(/\uE000(\w+)\uE000/g, (_, n: string) => values[n] ?? '');
}

/** The labels of the visit cells of one page, translated once per language (t changes with it). */
interface CellLabels {
  subjectStatus: (status: SubjectStatus) => string;
  confirm: (visit: Visit) => string;
  badge: (visit: Visit, status: CompletedStatus, date: string) => string;
  info: (visit: Visit, status: CompletedStatus, date: string) => string;
  requested: string;
}

function useCellLabels(): CellLabels {
  const { t } = useTranslation();
  return useMemo(() => {
    const confirm = messageTemplate(t, 'subjects:matrix.confirmVisit', ['visit']);
    const badge = messageTemplate(t, 'subjects:matrix.visitCell', ['visit', 'status', 'date']);
    const info = messageTemplate(t, 'subjects:matrix.visitInfo', ['visit', 'status', 'date']);
    const statuses = new Map<CompletedStatus, string>();
    const statusName = (s: CompletedStatus) => {
      if (!statuses.has(s)) statuses.set(s, t(`subjects:completedStatus.${s}`));
      return statuses.get(s)!;
    };
    const subjectStatuses = new Map<SubjectStatus, string>();
    return {
      subjectStatus: (s) => {
        if (!subjectStatuses.has(s)) subjectStatuses.set(s, t(`subjects:subjectStatus.${s}`));
        return subjectStatuses.get(s)!;
      },
      confirm: (visit) => confirm({ visit: visit.title }),
      badge: (visit, status, date) => badge({ visit: visit.title, status: statusName(status), date }),
      info: (visit, status, date) => info({ visit: visit.title, status: statusName(status), date }),
      requested: t('subjects:matrix.requestedByMonitor'),
    };
  }, [t]);
}

/** A visit link followed inside the app (a new tab or window with a modifier key or the middle button). */
function useFollowLink() {
  const navigate = useNavigate();
  return useCallback(
    (e: MouseEvent<HTMLAnchorElement>) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(e.currentTarget.getAttribute('href') ?? '/');
    },
    [navigate],
  );
}

/** The cell of one visit: the subject's visits of it (status in its colour, each a link to its subject visit page,
 * with an info button opening its visit info), or the action to confirm it. Plain elements with classes styled once by the grid (no MUI Tooltip or Chip): a page
 * holds up to 50 rows × the research's visits, so this is a render helper rather than a component. */
function visitCell(
  subject: SubjectWithVisits,
  visit: Visit,
  can: RowAbilities,
  {
    onConfirmVisit,
    onOpenVisit,
    visitHref = defaultVisitHref,
    showRequested,
  }: Pick<GridProps, 'onConfirmVisit' | 'onOpenVisit' | 'visitHref' | 'showRequested'>,
  labels: CellLabels,
  follow: (e: MouseEvent<HTMLAnchorElement>) => void,
) {
  const canCreate = can.canCreateVisit(visit);
  const onConfirm = () => onConfirmVisit(subject, visit);
  const onOpen = (subjectVisitId: string) => onOpenVisit(subject, subjectVisitId);
  const held = subject.subjectVisitList.filter((v) => v.visitId === visit.id);
  if (held.length === 0 && !canCreate) return null;
  return (
    <div className="subject-visit-cell">
      {held.map((v) => {
        const date = displayDate(v.date);
        const requested = showRequested && v.requestedByMonitor;
        const label = labels.badge(visit, v.formCompletedStatus, date) + (requested ? ` (${labels.requested})` : '');
        const info = labels.info(visit, v.formCompletedStatus, date);
        return (
          <span key={v.id} className="subject-visit-held">
            <a
              href={visitHref(v.id)}
              aria-label={label}
              title={label}
              data-status={v.formCompletedStatus}
              data-requested={requested ? 'true' : undefined}
              className="subject-visit-badge"
              onClick={follow}
            >
              {date}
            </a>
            {requested && (
              <span className="subject-visit-requested" aria-hidden="true" title={labels.requested}>
                ?
              </span>
            )}
            <button type="button" className="subject-visit-info" aria-label={info} title={info} onClick={() => onOpen(v.id)}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="currentColor">
                <path d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8" />
              </svg>
            </button>
          </span>
        );
      })}
      {canCreate && (
        <button
          type="button"
          className="subject-visit-add"
          aria-label={labels.confirm(visit)}
          title={labels.confirm(visit)}
          onClick={onConfirm}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
            <path d="M13 7h-2v4H7v2h4v4h2v-4h4v-2h-4zm-1-5C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8" />
          </svg>
        </button>
      )}
    </div>
  );
}

/** The grid's body rows, cells, links, visit badges and confirm buttons are plain elements (a page holds up
 * to 50 × the research's visits of them); their look comes from here, once. */
const addButtonStyles = {
  // Body cells as a small MUI TableCell would look.
  '& tr.subject-tr > td, & tr.subject-tr > th': {
    px: 2,
    py: '6px',
    borderBottom: 1,
    borderColor: 'divider',
    verticalAlign: 'middle',
    textAlign: 'left',
    fontWeight: 400,
    typography: 'body2',
  },
  '& tr.subject-tr:hover': { bgcolor: 'action.hover' },
  '& tr.subject-tr > .pinned': { position: 'sticky', zIndex: 1, bgcolor: 'background.paper' },
  '& tr.subject-tr > th.subject-number': { fontWeight: 500 },
  '& .subject-link': {
    color: 'primary.main',
    textDecoration: 'none',
    '&:hover': { textDecoration: 'underline' },
  },
  '& .subject-visit-cell': { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '4px' },
  '& .subject-visit-held': { display: 'inline-flex', alignItems: 'center' },
  // The 'requested by a monitor' mark: a small amber disc after the badge (its text is in the badge's label).
  '& .subject-visit-requested': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 16,
    height: 16,
    ml: '2px',
    borderRadius: '50%',
    bgcolor: '#b35c00',
    color: '#fff',
    fontSize: 11,
    fontWeight: 700,
    lineHeight: 1,
  },
  '& .subject-visit-info': {
    display: 'inline-flex',
    p: '2px',
    border: 0,
    borderRadius: '50%',
    bgcolor: 'transparent',
    color: 'action.active',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: '2px solid #1f5fa8', outlineOffset: 2 },
  },
  // The badge colours by visit status, as the status legend shows them.
  ...Object.fromEntries(
    COMPLETED_STATUSES.map((status) => [
      `& .subject-visit-badge[data-status="${status}"]`,
      { backgroundColor: visitStatusColour(status) },
    ]),
  ),
  '& .subject-visit-badge': {
    color: '#fff',
    border: 0,
    borderRadius: '12px',
    px: 1,
    py: 0.25,
    font: 'inherit',
    fontSize: 13,
    fontWeight: 500,
    lineHeight: 1.5,
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    cursor: 'pointer',
    '&:hover': { filter: 'brightness(0.9)', textDecoration: 'underline' },
    '&:focus-visible': { outline: '2px solid #1f5fa8', outlineOffset: 2 },
  },
  '& .subject-actions': {
    display: 'inline-flex',
    p: '5px',
    border: 0,
    borderRadius: '50%',
    bgcolor: 'transparent',
    color: 'action.active',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: '2px solid #1f5fa8', outlineOffset: 2 },
  },
  '& .subject-visit-add': {
    display: 'inline-flex',
    p: 0.5,
    border: 0,
    borderRadius: '50%',
    bgcolor: 'transparent',
    color: 'primary.main',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: '2px solid #1f5fa8', outlineOffset: 2 },
  },
} as const;

const STATUS_W = 52;
const NUMBER_W = 170;

/** Marks the moment rows of a fresh reply are on screen (bench/subject-grid.bench.ts reads it). */
function usePaintedMark(rows: SubjectWithVisits[]) {
  useEffect(() => {
    const id = requestAnimationFrame(() => {
      setTimeout(() => performance.mark('subjects:painted'), 0);
    });
    return () => cancelAnimationFrame(id);
  }, [rows]);
}

/** The desktop grid: a table with sortable, pinnable number columns and a column per visit. */
export function SubjectTable({
  rows,
  visits,
  state,
  abilities,
  onSort,
  onTogglePin,
  onAction,
  onConfirmVisit,
  onOpenVisit,
  visitHref,
  showRequested,
}: GridProps) {
  const { t } = useTranslation();
  const labels = useCellLabels();
  const follow = useFollowLink();
  usePaintedMark(rows);
  const pinScr = state.pinned.includes('screeningNumber');
  const pinRand = state.pinned.includes('randomizationNumber');
  const anyPinned = pinScr || pinRand;
  const randLeft = STATUS_W + (pinScr ? NUMBER_W : 0);
  const sticky = (left: number, on: boolean, header = false) =>
    on ? { position: 'sticky' as const, left, zIndex: header ? 3 : 1, bgcolor: header ? 'grey.100' : 'background.paper' } : {};
  const stickyCols = {
    status: (h?: boolean) => sticky(0, anyPinned, h),
    screeningNumber: (h?: boolean) => sticky(STATUS_W, pinScr, h),
    randomizationNumber: (h?: boolean) => sticky(randLeft, pinRand, h),
  };
  const numberHeader = (column: SortColumn, label: string, pin?: PinColumn) => {
    const active = state.sort?.column === column;
    const pinned = pin ? state.pinned.includes(pin) : false;
    return (
      <TableCell
        key={column}
        sortDirection={active ? state.sort!.order : false}
        sx={{ minWidth: NUMBER_W, width: NUMBER_W, ...(pin ? stickyCols[pin](true) : {}) }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <TableSortLabel active={active} direction={active ? state.sort!.order : 'asc'} onClick={() => onSort(column)}>
            {label}
          </TableSortLabel>
          {pin && (
            <Tooltip title={t(pinned ? 'subjects:matrix.unpin' : 'subjects:matrix.pin', { column: label })}>
              <IconButton
                size="small"
                aria-label={t(pinned ? 'subjects:matrix.unpin' : 'subjects:matrix.pin', { column: label })}
                aria-pressed={pinned}
                onClick={() => onTogglePin(pin)}
              >
                {pinned ? <PushPin fontSize="inherit" color="primary" /> : <PushPinOutlined fontSize="inherit" />}
              </IconButton>
            </Tooltip>
          )}
        </Box>
      </TableCell>
    );
  };
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative', ...addButtonStyles }}>
      <Table
        size="small"
        aria-label={t('subjects:matrix.title')}
        sx={{ '& thead th': { bgcolor: 'grey.100', fontWeight: 600, whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: STATUS_W, minWidth: STATUS_W, ...stickyCols.status(true) }}>
              <Box component="span" sx={visuallyHidden}>
                {t('subjects:matrix.status')}
              </Box>
            </TableCell>
            {numberHeader('screeningNumber', t('subjects:matrix.screeningNumber'), 'screeningNumber')}
            {numberHeader('randomizationNumber', t('subjects:matrix.randomizationNumber'), 'randomizationNumber')}
            {numberHeader('identificationNumber', t('subjects:matrix.identificationNumber'))}
            {visits.map((v) => (
              <TableCell key={v.id} sx={{ minWidth: 130 }}>
                {v.title}
              </TableCell>
            ))}
            <TableCell sx={{ width: 56 }}>
              <Box component="span" sx={visuallyHidden}>
                {t('subjects:matrix.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={5 + visits.length} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                {t('common:empty.data')}
              </TableCell>
            </TableRow>
          )}
          {rows.map((s) => {
            const can = abilities(s);
            // Body rows are plain table elements styled once by the table (rowStyles): 50 rows of MUI
            // TableRows, TableCells and Links cost more than the render budget allows.
            return (
              <tr key={s.id} className="subject-tr" data-testid="subject-row">
                <td className={anyPinned ? 'pinned' : undefined} style={anyPinned ? { left: 0 } : undefined}>
                  <SubjectStatusDot status={s.status} label={labels.subjectStatus(s.status)} />
                </td>
                <th
                  scope="row"
                  className={pinScr ? 'subject-number pinned' : 'subject-number'}
                  style={pinScr ? { left: STATUS_W } : undefined}
                >
                  <RouterLink
                    className="subject-link"
                    to={`/subject/${s.id}/visits`}
                    aria-label={t('subjects:matrix.openSubject', { number: s.screeningNumber })}
                  >
                    {s.screeningNumber}
                  </RouterLink>
                  {s.isTest && <TestSubjectMark />}
                </th>
                <td className={pinRand ? 'pinned' : undefined} style={pinRand ? { left: randLeft } : undefined}>
                  {s.randomizationNumber ?? ''}
                </td>
                <td>{s.identificationNumber}</td>
                {visits.map((v) => (
                  <td key={v.id}>
                    {visitCell(s, v, can, { onConfirmVisit, onOpenVisit, visitHref, showRequested }, labels, follow)}
                  </td>
                ))}
                <td>
                  <ActionsMenu t={t} subject={s} actions={can.actions} onAction={onAction} />
                </td>
              </tr>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The mobile grid: a collapsible card per subject. */
export function SubjectCards({
  rows,
  visits,
  abilities,
  onAction,
  onConfirmVisit,
  onOpenVisit,
  visitHref,
  showRequested,
}: GridProps) {
  const { t } = useTranslation();
  const labels = useCellLabels();
  const follow = useFollowLink();
  usePaintedMark(rows);
  return (
    <Box sx={addButtonStyles}>
      {rows.map((s) => {
        const can = abilities(s);
        const summaryId = `subject-card-${s.id}`;
        return (
          <Accordion key={s.id} disableGutters variant="outlined" data-testid="subject-card">
            <AccordionSummary
              expandIcon={<ExpandMore />}
              id={summaryId}
              aria-controls={`${summaryId}-details`}
              aria-label={t('subjects:matrix.expand', { number: s.screeningNumber })}
            >
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                <SubjectStatusDot status={s.status} label={labels.subjectStatus(s.status)} />
                <Typography sx={{ fontWeight: 600 }}>{s.screeningNumber}</Typography>
                {s.isTest && <TestSubjectMark />}
                {s.randomizationNumber && <Typography color="text.secondary">{s.randomizationNumber}</Typography>}
              </Stack>
            </AccordionSummary>
            <AccordionDetails id={`${summaryId}-details`}>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
                <Typography component="dt" color="text.secondary">
                  {t('subjects:matrix.identificationNumber')}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {s.identificationNumber}
                </Typography>
                <Typography component="dt" color="text.secondary">
                  {t('subjects:matrix.status')}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {t(`subjects:subjectStatus.${s.status}`)}
                </Typography>
              </Box>
              <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
                {t('subjects:matrix.visits')}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {visits.map((v) => (
                  <Box
                    component="li"
                    key={v.id}
                    sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 0.5 }}
                  >
                    <Typography variant="body2">{v.title}</Typography>
                    {visitCell(s, v, can, { onConfirmVisit, onOpenVisit, visitHref, showRequested }, labels, follow)}
                  </Box>
                ))}
              </Box>
              <Stack direction="row" sx={{ mt: 1, justifyContent: 'space-between', alignItems: 'center' }}>
                <Link component={RouterLink} to={`/subject/${s.id}/visits`}>
                  {t('subjects:matrix.openSubject', { number: s.screeningNumber })}
                </Link>
                <ActionsMenu t={t} subject={s} actions={can.actions} onAction={onAction} />
              </Stack>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
