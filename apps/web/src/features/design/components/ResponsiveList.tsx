import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme, type SxProps, type Theme } from '@mui/material/styles';
import DragIndicator from '@mui/icons-material/DragIndicator';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Shown in the collapsed card on mobile (the others appear when the card is expanded). */
  primary?: boolean;
  width?: number | string;
}

export interface ResponsiveListProps<T> {
  label: string;
  rows: T[];
  getId: (row: T) => string;
  rowLabel: (row: T) => string;
  columns: Column<T>[];
  /** Drag (pointer or keyboard: Space, arrows, Space) to reorder; false hides the handles. */
  sortable?: boolean;
  onMove?: (row: T, from: number, to: number) => void;
  selectedId?: string | null;
  onSelect?: (row: T) => void;
  actions?: (row: T) => ReactNode;
  /** Force the card layout (narrow side panels). */
  cards?: boolean;
  /** data-testid prefix of rows */
  testId?: string;
  /** The DOM id of a row (for scrolling to it). */
  domId?: (row: T) => string;
}

interface HandleProps {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (el: HTMLElement | null) => void;
  label: string;
}

function DragHandle({ attributes, listeners, setActivatorNodeRef, label }: HandleProps) {
  return (
    <IconButton
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={label}
      size="small"
      sx={{ cursor: 'grab', touchAction: 'none' }}
      onClick={(e) => e.stopPropagation()}
    >
      <DragIndicator fontSize="small" />
    </IconButton>
  );
}

function useRowSortable(id: string, disabled: boolean) {
  const s = useSortable({ id, disabled });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(s.transform),
    transition: s.transition,
    position: 'relative',
    zIndex: s.isDragging ? 2 : undefined,
    opacity: s.isDragging ? 0.85 : undefined,
  };
  return { ...s, style };
}

function selectKeys(onSelect: (() => void) | undefined) {
  if (!onSelect) return {};
  return {
    tabIndex: 0,
    onClick: onSelect,
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.target !== e.currentTarget) return;
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onSelect();
      }
    },
  };
}

function TableRowItem<T>({ row, props }: { row: T; props: ResponsiveListProps<T> }) {
  const { t } = useTranslation();
  const id = props.getId(row);
  const s = useRowSortable(id, !props.sortable);
  const selected = props.selectedId === id;
  return (
    <TableRow
      ref={s.setNodeRef}
      style={s.style}
      hover={Boolean(props.onSelect)}
      selected={selected}
      aria-current={selected ? 'true' : undefined}
      data-testid={props.testId ? `${props.testId}-row` : undefined}
      id={props.domId?.(row)}
      sx={{ cursor: props.onSelect ? 'pointer' : undefined, bgcolor: s.isDragging ? 'background.paper' : undefined }}
      {...selectKeys(props.onSelect ? () => props.onSelect?.(row) : undefined)}
    >
      {props.sortable && (
        <TableCell padding="checkbox">
          <DragHandle {...s} label={t('design:common.dragHandle', { name: props.rowLabel(row) })} />
        </TableCell>
      )}
      {props.columns.map((c) => (
        <TableCell key={c.key}>{c.render(row)}</TableCell>
      ))}
      {props.actions && (
        <TableCell align="right" onClick={(e) => e.stopPropagation()} sx={actionsCellSx}>
          {props.actions(row)}
        </TableCell>
      )}
    </TableRow>
  );
}

function CardItem<T>({ row, props }: { row: T; props: ResponsiveListProps<T> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = props.getId(row);
  const s = useRowSortable(id, !props.sortable);
  const selected = props.selectedId === id;
  const primary = props.columns.filter((c) => c.primary);
  const rest = props.columns.filter((c) => !c.primary);
  const detailsId = `details-${id}`;
  return (
    <Card
      ref={s.setNodeRef}
      style={s.style}
      variant="outlined"
      component="li"
      data-testid={props.testId ? `${props.testId}-row` : undefined}
      id={props.domId?.(row)}
      sx={{ listStyle: 'none', borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, p: 1 }}>
        {props.sortable && <DragHandle {...s} label={t('design:common.dragHandle', { name: props.rowLabel(row) })} />}
        <Box
          sx={{ flex: 1, minWidth: 0, cursor: props.onSelect ? 'pointer' : undefined }}
          aria-current={selected ? 'true' : undefined}
          role={props.onSelect ? 'button' : undefined}
          {...selectKeys(props.onSelect ? () => props.onSelect?.(row) : undefined)}
        >
          {primary.map((c) => (
            <Box key={c.key} sx={{ overflowWrap: 'anywhere' }}>
              {c.render(row)}
            </Box>
          ))}
        </Box>
        {(rest.length > 0 || props.actions) && (
          <IconButton
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={t(open ? 'design:common.collapse' : 'design:common.expand', { name: props.rowLabel(row) })}
            onClick={() => setOpen((o) => !o)}
            size="small"
          >
            <ExpandMore sx={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform .2s' }} />
          </IconButton>
        )}
      </Box>
      <Collapse in={open} id={detailsId} unmountOnExit>
        <Box component="dl" sx={{ m: 0, px: 2, pb: 1 }}>
          {rest.map((c) => (
            <Box key={c.key} sx={{ py: 0.5 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {c.header}
              </Typography>
              <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {c.render(row)}
              </Box>
            </Box>
          ))}
        </Box>
        {props.actions && <Box sx={{ px: 1, pb: 1, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>{props.actions(row)}</Box>}
      </Collapse>
    </Card>
  );
}

/**
 * A list that is a table on wide screens and collapsible cards on phones (spec: "tables become
 * collapsible cards"), optionally reorderable by drag and drop or by keyboard.
 */
export function ResponsiveList<T>(props: ResponsiveListProps<T>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const cards = props.cards || narrow;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = props.rows.map(props.getId);
  const labelOf = (id: string | number) => {
    const row = props.rows.find((r) => props.getId(r) === id);
    return row ? props.rowLabel(row) : String(id);
  };
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = ids.indexOf(String(e.active.id));
    const to = ids.indexOf(String(e.over.id));
    const row = props.rows[from];
    if (from < 0 || to < 0 || !row) return;
    props.onMove?.(row, from, to);
  };
  const scroller = useRef<HTMLDivElement>(null);
  const overflowing = useOverflow(scroller, !cards);
  const body = cards ? (
    <Box component="ul" aria-label={props.label} sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
      {props.rows.map((row) => (
        <CardItem key={props.getId(row)} row={row} props={props} />
      ))}
    </Box>
  ) : (
    <Box ref={scroller} sx={{ overflowX: 'auto' }} data-overflowing={overflowing ? 'true' : undefined}>
      <Table size="small" aria-label={props.label} sx={tableSx}>
        <TableHead>
          <TableRow>
            {props.sortable && (
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {t('design:common.order')}
                </Box>
              </TableCell>
            )}
            {props.columns.map((c) => (
              <TableCell key={c.key} sx={{ width: c.width }}>
                {c.header}
              </TableCell>
            ))}
            {props.actions && (
              <TableCell align="right" sx={actionsCellSx}>
                {t('design:common.actions')}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row) => (
            <TableRowItem key={props.getId(row)} row={row} props={props} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
  if (!props.sortable) return body;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('design:dnd.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('design:dnd.picked', { name: labelOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('design:dnd.over', { name: labelOf(active.id), position: ids.indexOf(String(over.id)) + 1 }) : undefined,
          onDragEnd: ({ active, over }) =>
            t('design:dnd.dropped', { name: labelOf(active.id), position: over ? ids.indexOf(String(over.id)) + 1 : '' }),
          onDragCancel: ({ active }) => t('design:dnd.cancelled', { name: labelOf(active.id) }),
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {body}
      </SortableContext>
    </DndContext>
  );
}

/**
 * Whether the element's content is wider than the element (the table scrolls sideways): then the
 * sticky actions column gets a shadow that separates it from the cells scrolling under it.
 */
function useOverflow(ref: RefObject<HTMLElement | null>, enabled: boolean) {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return enabled && overflowing;
}

/**
 * Tighter cells than MUI's small table (8 px between columns, 16 px at the table's edges), so that
 * the tables fit beside the side menu.
 */
const tableSx: SxProps<Theme> = {
  '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
  '& .MuiTableCell-root:first-of-type:not(.MuiTableCell-paddingCheckbox)': { pl: 2 },
  '& .MuiTableCell-root:last-of-type:not(.MuiTableCell-paddingCheckbox)': { pr: 2 },
};

/**
 * The actions column sticks to the right edge, so its buttons stay reachable when a narrow window
 * makes the table scroll sideways. Its opaque background repeats the row's hover and selection tint.
 */
const actionsCellSx: SxProps<Theme> = (theme) => {
  const { action, primary, background, divider } = theme.palette;
  const tint = (color: string) => `linear-gradient(${color}, ${color})`;
  return {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    whiteSpace: 'nowrap',
    width: '1%',
    backgroundColor: background.paper,
    '& .MuiIconButton-root': { p: 0.75 },
    '[data-overflowing] &': { boxShadow: `inset 1px 0 0 ${divider}, -6px 0 6px -6px ${alpha('#000', 0.3)}` },
    '.MuiTableRow-hover:hover > &': { backgroundImage: tint(action.hover) },
    '.Mui-selected > &': { backgroundImage: tint(alpha(primary.main, action.selectedOpacity)) },
    '.Mui-selected.MuiTableRow-hover:hover > &': {
      backgroundImage: tint(alpha(primary.main, action.selectedOpacity + action.hoverOpacity)),
    },
  };
};

// Pixel values as strings: the sx prop would read width/height 1 as 100 % and margin -1 as a spacing unit.
export const visuallyHidden: CSSProperties = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
};
