import { useMemo, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';

/** A column of the grid: its width, whether it is pinned to the left, and its cell. */
export interface GridColumn<T> {
  id: string;
  header: ReactNode;
  /** The header as text (for its title and the exports). */
  headerText: string;
  width: number;
  pinned?: boolean;
  cell: (row: T) => ReactNode;
}

const HEAD_BG = '#f5f5f5';

/**
 * The grid of the summary tables and journals: TanStack Table for the model (columns, left pinning and
 * their offsets) and TanStack Virtual for the columns — a form may have hundreds of fields, and only the
 * columns in view (plus a few) are in the page; rows are a server page (at most 50), so all are drawn.
 * Pinned columns stay at the left while the rest scroll (position: sticky at each column's offset).
 */
export function EntriesGrid<T>({
  rows,
  columns,
  rowKey,
  label,
  maxHeight = '70vh',
}: {
  rows: T[];
  columns: GridColumn<T>[];
  rowKey: (row: T) => string;
  label: string;
  maxHeight?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const defs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        size: c.width,
        header: () => c.header,
        cell: (ctx) => c.cell(ctx.row.original),
      })),
    [columns],
  );
  const left = useMemo(() => columns.filter((c) => c.pinned).map((c) => c.id), [columns]);
  const table = useReactTable({
    data: rows,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    state: { columnPinning: { left } },
  });
  const pinned = table.getLeftVisibleLeafColumns();
  const center = table.getCenterVisibleLeafColumns();
  const virtual = useVirtualizer({
    horizontal: true,
    count: center.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => center[i]!.getSize(),
    overscan: 4,
  });
  const items = virtual.getVirtualItems();
  const pinnedWidth = pinned.reduce((n, c) => n + c.getSize(), 0);
  const padLeft = items[0]?.start ?? 0;
  const padRight = items.length > 0 ? virtual.getTotalSize() - items[items.length - 1]!.end : 0;
  const visible = items.map((i) => center[i.index]!);
  const titles = new Map(columns.map((c) => [c.id, c.headerText]));

  const stick = (start: number, head: boolean) => ({
    position: 'sticky' as const,
    left: start,
    zIndex: head ? 3 : 1,
    bgcolor: head ? HEAD_BG : 'background.paper',
  });
  const cellSx = {
    px: 1,
    py: 0.75,
    borderBottom: 1,
    borderColor: 'divider',
    verticalAlign: 'top',
    overflowWrap: 'anywhere' as const,
  };

  return (
    <Box ref={scroller} sx={{ overflow: 'auto', maxHeight, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box
        component="table"
        aria-label={label}
        sx={{
          borderCollapse: 'separate',
          borderSpacing: 0,
          tableLayout: 'fixed',
          width: pinnedWidth + virtual.getTotalSize(),
          fontSize: 14,
        }}
      >
        <Box component="thead" sx={{ position: 'sticky', top: 0, zIndex: 2 }}>
          {table.getHeaderGroups().map((group) => {
            const byId = new Map(group.headers.map((h) => [h.column.id, h]));
            return (
              <tr key={group.id}>
                {pinned.map((c) => (
                  <Box
                    component="th"
                    key={c.id}
                    scope="col"
                    title={titles.get(c.id)}
                    sx={{ ...cellSx, ...stick(c.getStart('left'), true), width: c.getSize(), textAlign: 'left', fontWeight: 600 }}
                  >
                    {flexRender(c.columnDef.header, byId.get(c.id)!.getContext())}
                  </Box>
                ))}
                {padLeft > 0 && <Box component="th" aria-hidden sx={{ width: padLeft, bgcolor: HEAD_BG, p: 0 }} />}
                {visible.map((c) => (
                  <Box
                    component="th"
                    key={c.id}
                    scope="col"
                    title={titles.get(c.id)}
                    sx={{ ...cellSx, width: c.getSize(), textAlign: 'left', fontWeight: 600, bgcolor: HEAD_BG }}
                  >
                    {flexRender(c.columnDef.header, byId.get(c.id)!.getContext())}
                  </Box>
                ))}
                {padRight > 0 && <Box component="th" aria-hidden sx={{ width: padRight, bgcolor: HEAD_BG, p: 0 }} />}
              </tr>
            );
          })}
        </Box>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const cells = new Map(row.getAllCells().map((c) => [c.column.id, c]));
            return (
              <Box component="tr" key={row.id} data-testid="entry-row" sx={{ '&:hover td': { bgcolor: 'action.hover' } }}>
                {pinned.map((c) => (
                  <Box component="td" key={c.id} sx={{ ...cellSx, ...stick(c.getStart('left'), false), width: c.getSize() }}>
                    {flexRender(c.columnDef.cell, cells.get(c.id)!.getContext())}
                  </Box>
                ))}
                {padLeft > 0 && (
                  <Box component="td" aria-hidden sx={{ width: padLeft, p: 0, borderBottom: 1, borderColor: 'divider' }} />
                )}
                {visible.map((c) => (
                  <Box component="td" key={c.id} sx={{ ...cellSx, width: c.getSize() }}>
                    {flexRender(c.columnDef.cell, cells.get(c.id)!.getContext())}
                  </Box>
                ))}
                {padRight > 0 && (
                  <Box component="td" aria-hidden sx={{ width: padRight, p: 0, borderBottom: 1, borderColor: 'divider' }} />
                )}
              </Box>
            );
          })}
        </tbody>
      </Box>
    </Box>
  );
}
