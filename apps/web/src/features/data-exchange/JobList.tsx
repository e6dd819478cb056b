import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { JobKind, JobReply, JobStatus } from '@edc/domain';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Pager } from '../centres/components';
import { QueryState } from '../design/components/common';
import { isOpen, useJobs } from './api';
import { dateTimeText, sizeText } from './format';

/** A row whose error follows in the next row: no line between them. */
const joined = { '& > td': { borderBottom: 0 } } as const;

const STATUS_COLOR: Record<JobStatus, 'default' | 'info' | 'success' | 'error'> = {
  Queued: 'default',
  Running: 'info',
  Done: 'success',
  Failed: 'error',
};

export function JobStatusChip({ status }: { status: JobStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'Queued' ? 'outlined' : 'filled'}
      label={t(`dataExchange:jobs.statuses.${status}`)}
      data-testid="job-status"
    />
  );
}

/** The progress of an open job: percent, and processed of total once the job knows them. */
export function JobProgress({ job }: { job: JobReply }) {
  const { t } = useTranslation();
  const text =
    job.processed !== null && job.total !== null
      ? t('dataExchange:jobs.progressOf', { percent: job.progress, processed: job.processed, total: job.total })
      : t('dataExchange:jobs.progress', { percent: job.progress });
  const known = job.status === 'Running' && (job.progress > 0 || job.total !== null);
  const waiting = job.status === 'Queued' && job.progress === 0;
  return (
    <Box sx={{ minWidth: 120 }} data-testid="job-progress">
      <LinearProgress
        variant={known ? 'determinate' : 'indeterminate'}
        value={known ? job.progress : undefined}
        aria-label={t('dataExchange:jobs.progressLabel', { name: job.name })}
        aria-valuetext={waiting ? t('dataExchange:jobs.statuses.Queued') : text}
      />
      {!waiting && (
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {text}
        </Typography>
      )}
    </Box>
  );
}

/** The error of a Failed job, or of the last attempt of one that will be retried (in the reader's language). */
export function JobError({ job }: { job: JobReply }) {
  const { t } = useTranslation();
  if (!job.error) return null;
  if (job.status === 'Failed')
    return (
      <Alert severity="error" sx={{ mt: 0.5, py: 0, overflowWrap: 'anywhere' }} data-testid="job-error">
        {job.error.message}
      </Alert>
    );
  if (isOpen(job.status))
    return (
      <Typography variant="body2" color="warning.main" sx={{ mt: 0.5, overflowWrap: 'anywhere' }} data-testid="job-retrying">
        {t('dataExchange:jobs.retrying', { attempt: job.attempts, message: job.error.message })}
      </Typography>
    );
  return null;
}

function Size({ job }: { job: JobReply }) {
  const { t, i18n } = useTranslation();
  return <>{job.sizeBytes !== null ? sizeText(job.sizeBytes, t, i18n.language) : '—'}</>;
}

export interface JobListProps {
  kind: JobKind;
  researchId: string;
  label: string;
  emptyText: string;
  errorText: string;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  /** Under the job's name: what it was asked for and what it made. */
  details?: (job: JobReply) => ReactNode;
  /** Download, report. */
  actions?: (job: JobReply) => ReactNode;
  /** The size of the job's file (exports make one, imports do not). */
  showSize?: boolean;
  testId: string;
}

/**
 * The research's jobs of one kind (GET /Jobs, server-paged, newest first), read again every second while one
 * of them is open: a table on wide screens, cards on phones.
 */
export function JobList(props: JobListProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { kind, researchId, page, pageSize, showSize = true } = props;
  const columns = 4 + (showSize ? 1 : 0) + (props.actions ? 1 : 0);
  const jobs = useJobs({ kind, researchId, page, pageSize });
  const rows = jobs.data?.data ?? [];
  const total = jobs.data?.totalCount ?? 0;
  const who = (job: JobReply) => job.createdBy?.name || t('dataExchange:jobs.unknownUser');

  const name = (job: JobReply) => (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="job-name">
        {job.name}
      </Typography>
      {props.details?.(job)}
    </>
  );

  const body = mobile ? (
    <Box component="ul" aria-label={props.label} sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((job) => (
        <Card
          key={job.id}
          component="li"
          variant="outlined"
          sx={{ listStyle: 'none', p: 1.5 }}
          data-testid={`${props.testId}-row`}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>{name(job)}</Box>
            <JobStatusChip status={job.status} />
          </Box>
          <JobError job={job} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {who(job)} · {dateTimeText(job.createdAt)}
            {showSize && job.sizeBytes !== null && (
              <>
                {' · '}
                <Size job={job} />
              </>
            )}
          </Typography>
          {isOpen(job.status) && (
            <Box sx={{ mt: 1 }}>
              <JobProgress job={job} />
            </Box>
          )}
          {props.actions && <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>{props.actions(job)}</Box>}
        </Card>
      ))}
    </Box>
  ) : (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={props.label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dataExchange:jobs.name')}</TableCell>
            <TableCell>{t('dataExchange:jobs.who')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('dataExchange:jobs.when')}</TableCell>
            <TableCell sx={{ width: 180 }}>{t('dataExchange:jobs.status')}</TableCell>
            {showSize && <TableCell align="right">{t('dataExchange:jobs.size')}</TableCell>}
            {props.actions && <TableCell align="right">{t('dataExchange:jobs.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((job) => (
            <Fragment key={job.id}>
              <TableRow data-testid={`${props.testId}-row`} sx={{ verticalAlign: 'top', ...(job.error ? joined : {}) }}>
                <TableCell sx={{ minWidth: 220 }}>{name(job)}</TableCell>
                <TableCell>{who(job)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTimeText(job.createdAt)}</TableCell>
                <TableCell>
                  <JobStatusChip status={job.status} />
                  {isOpen(job.status) && (
                    <Box sx={{ mt: 1 }}>
                      <JobProgress job={job} />
                    </Box>
                  )}
                </TableCell>
                {showSize && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Size job={job} />
                  </TableCell>
                )}
                {props.actions && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {props.actions(job)}
                  </TableCell>
                )}
              </TableRow>
              {job.error && (
                // The error under the whole row: a message of several lines does not fit a column.
                <TableRow data-testid={`${props.testId}-error-row`}>
                  <TableCell colSpan={columns} sx={{ pt: 0 }}>
                    <JobError job={job} />
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  );

  return (
    <section aria-label={props.label}>
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        {props.label}
      </Typography>
      <QueryState
        loading={jobs.isLoading}
        error={jobs.isError && !jobs.data}
        errorText={props.errorText}
        onRetry={() => void jobs.refetch()}
        empty={rows.length === 0}
        emptyText={props.emptyText}
      >
        {body}
        {total > pageSize || page > 1 ? <Pager page={page} pageSize={pageSize} total={total} onChange={props.onPage} /> : null}
      </QueryState>
    </section>
  );
}
