import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@edc/domain';

export interface Paging {
  page: number;
  pageSize: number;
}

/**
 * A server-paged grid's frame, shared by the summary tables and the journals: a progress bar over the
 * content while a page loads, and the pager once there is something to page.
 */
export function PagedGridFrame({
  fetching,
  pending,
  showPager,
  total,
  paging,
  setPaging,
  children,
}: {
  fetching: boolean;
  pending: boolean;
  showPager: boolean;
  total: number;
  paging: Paging;
  setPaging: (update: (p: Paging) => Paging) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Box sx={{ position: 'relative' }} aria-busy={fetching}>
        {fetching && !pending && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 4 }} />}
        {children}
      </Box>
      {showPager && (total > 0 || paging.page > 1) && (
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, paging.page - 1)}
          onPageChange={(_, p) => setPaging((s) => ({ ...s, page: p + 1 }))}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(e) => setPaging(() => ({ page: 1, pageSize: Number(e.target.value) }))}
          labelRowsPerPage={t('summary:rowsPerPage')}
        />
      )}
    </>
  );
}
