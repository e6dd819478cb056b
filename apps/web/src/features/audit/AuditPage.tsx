import './i18n';
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AuditBreakDto, AuditVerificationDto, AuditVerificationRunDto } from '@edc/domain';
import { currentLanguage } from '../../app/i18n';
import { countText } from '../../app/locale-format';
import { isOpen } from '../../shared/api/poll';
import { PageTitle } from '../../shared/components/PageTitle';
import { ProgressLine } from '../../shared/components/ProgressLine';
import { Pager } from '../centres/components';
import { errorText, QueryState } from '../design/components/common';
import { ResponsiveList } from '../design/components/ResponsiveList';
import { useMe } from '../identity/api';
import { useAuditVerification, useAuditVerifications, useStartVerification } from './api';

const dateTime = (iso: string) => new Date(iso).toLocaleString(currentLanguage(), { timeZoneName: 'short' });
/** Counts as the language writes them (281 727, 281,727); record numbers stay as typed for --as-of. */
const num = (n: number) => countText(n, currentLanguage());

/** A label and its value; long values (hashes, ids) wrap anywhere so the page fits a phone. */
function Fact({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', fontFamily: mono ? 'monospace' : undefined }}>
        {children}
      </Typography>
    </Box>
  );
}

function Result({ result }: { result: AuditVerificationDto }) {
  const { t } = useTranslation();
  const summary =
    result.checked === 0
      ? t('audit:empty')
      : result.ok
        ? t('audit:intact', { checked: num(result.checked) })
        : t('audit:broken', { count: result.breakCount, n: num(result.breakCount), checked: num(result.checked) });
  return (
    <>
      <Alert severity={result.ok ? 'success' : 'error'} sx={{ mb: 2 }} role="status" data-testid="audit-summary">
        {summary}
      </Alert>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
        >
          <Fact label={t('audit:checked')}>{num(result.checked)}</Fact>
          <Fact label={t('audit:chains')}>{num(result.chains)}</Fact>
          <Fact label={t('audit:breakCount')}>{num(result.breakCount)}</Fact>
          <Fact label={t('audit:keyFingerprint')} mono>
            {result.keyFingerprint}
          </Fact>
          <Fact label={t('audit:verifiedAt')}>
            {dateTime(result.verifiedAt)} · {t('audit:durationMs', { ms: result.durationMs })}
          </Fact>
          {result.head && (
            <>
              <Fact label={t('audit:head')}>
                {result.head.seq} · {dateTime(result.head.at)}
              </Fact>
              <Fact label={t('audit:headHash')} mono>
                {result.head.hash}
              </Fact>
            </>
          )}
        </Box>
        {result.head && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('audit:headHint')}
          </Typography>
        )}
      </Paper>
      {result.breaks.length > 0 && <Breaks result={result} />}
    </>
  );
}

/** Breaks shown at first, and added by each "show more": a badly broken trail lists up to a thousand. */
const BREAKS_STEP = 50;

function Breaks({ result }: { result: AuditVerificationDto }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(BREAKS_STEP);
  return (
    <section aria-labelledby="audit-breaks">
      <Typography variant="h2" id="audit-breaks" sx={{ mb: 1 }}>
        {t('audit:breaks')}
      </Typography>
      {result.breaksTruncated && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('audit:truncated', { shown: num(result.breaks.length), count: num(result.breakCount) })}
        </Alert>
      )}
      <ResponsiveList<AuditBreakDto>
        label={t('audit:breaks')}
        rows={result.breaks.slice(0, limit)}
        getId={(b) => b.id}
        rowLabel={(b) => `${t('audit:seq')} ${b.seq}`}
        testId="audit-break"
        columns={[
          {
            key: 'position',
            header: t('audit:position'),
            render: (b) => `${t('audit:position')} ${b.position}`,
            primary: true,
            width: 80,
          },
          { key: 'seq', header: t('audit:seq'), render: (b) => b.seq, width: 90 },
          {
            key: 'id',
            header: t('audit:id'),
            render: (b) => <Box sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{b.id}</Box>,
          },
          { key: 'at', header: t('audit:at'), render: (b) => dateTime(b.at) },
          { key: 'action', header: t('audit:action'), render: (b) => b.action },
          {
            key: 'problems',
            header: t('audit:problems'),
            primary: true,
            render: (b) => b.problems.map((p) => t(`audit:problem.${p}`)).join('; '),
          },
        ]}
      />
      {result.breaks.length > limit && (
        <Button sx={{ mt: 1 }} onClick={() => setLimit((n) => n + BREAKS_STEP)}>
          {t('audit:moreBreaks', { shown: num(limit), count: num(result.breaks.length) })}
        </Button>
      )}
    </section>
  );
}

/** Who asked for a run: a name, or the server itself. */
const requester = (run: AuditVerificationRunDto, t: TFunction) => run.requestedBy?.name || t('audit:system');

/** A run's outcome in a few words: intact, broken, failed, or how far it has come. */
function outcome(run: AuditVerificationRunDto, t: TFunction): string {
  if (isOpen(run.status)) return t(`audit:status.${run.status}`, { progress: run.progress });
  if (run.status === 'Failed' || !run.result) return t('audit:status.Failed');
  return run.result.ok
    ? t('audit:outcome.intact')
    : t('audit:outcome.broken', { count: run.result.breakCount, n: num(run.result.breakCount) });
}

/** The run shown: its progress while open, why it stopped, or what it found. */
function Run({ run }: { run: AuditVerificationRunDto }) {
  const { t } = useTranslation();
  const asked = t('audit:asked', { at: dateTime(run.createdAt), by: requester(run, t) });
  if (isOpen(run.status))
    return (
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="audit-run">
        <Typography variant="body2" color="text.secondary">
          {asked}
        </Typography>
        <ProgressLine
          testId="audit-progress"
          label={
            run.status === 'Queued'
              ? t('audit:queued')
              : t('audit:progress', { processed: num(run.processed), progress: run.progress })
          }
          percent={run.status === 'Running' && run.progress > 0 ? run.progress : null}
        />
      </Paper>
    );
  if (run.status === 'Failed' || !run.result)
    return (
      <Alert severity="error" sx={{ mb: 2 }} data-testid="audit-run">
        {run.error?.message ?? t('audit:status.Failed')} · {asked}
      </Alert>
    );
  return (
    <Box data-testid="audit-run">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {asked}
      </Typography>
      <Result key={run.id} result={run.result} />
    </Box>
  );
}

/** Earlier runs, newest first, server-paged: one is chosen to be shown above. */
function History({
  runs,
  total,
  page,
  pageSize,
  shown,
  onShow,
  onPage,
}: {
  runs: AuditVerificationRunDto[];
  total: number;
  page: number;
  pageSize: number;
  shown: string | null;
  onShow: (id: string) => void;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="audit-history">
      <Typography variant="h2" id="audit-history" sx={{ mt: 3, mb: 1 }}>
        {t('audit:history')}
      </Typography>
      <ResponsiveList<AuditVerificationRunDto>
        label={t('audit:history')}
        rows={runs}
        getId={(r) => r.id}
        rowLabel={(r) => dateTime(r.createdAt)}
        testId="audit-history"
        selectedId={shown}
        onSelect={(r) => onShow(r.id)}
        columns={[
          { key: 'at', header: t('audit:askedAt'), render: (r) => dateTime(r.createdAt), primary: true },
          { key: 'by', header: t('audit:askedBy'), render: (r) => requester(r, t) },
          { key: 'outcome', header: t('audit:outcomeHeader'), render: (r) => outcome(r, t), primary: true },
          { key: 'checked', header: t('audit:checked'), render: (r) => num(r.result?.checked ?? r.processed) },
          { key: 'head', header: t('audit:head'), render: (r) => r.result?.head?.seq ?? '—' },
        ]}
      />
      <Pager page={page} pageSize={pageSize} total={total} onChange={onPage} />
    </section>
  );
}

/**
 * /administration/audit: starts a verification of the audit trail, which the server runs in the background, and
 * shows its progress, its result and the earlier runs (user role Admin).
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [chosen, setChosen] = useState<string | null>(null);
  const isAdmin = me.data?.user.userRole === 'Admin';
  const runs = useAuditVerifications(paging.page, paging.pageSize, isAdmin);
  const start = useStartVerification();
  const list = runs.data?.data ?? [];
  const open = list.some((r) => isOpen(r.status)) || start.isPending;
  const listed = list.find((r) => r.id === chosen) ?? (paging.page === 1 ? list[0] : undefined);
  // The run shown is read by itself, with its breaks; the listed one stands in until it comes.
  const detail = useAuditVerification(listed?.id ?? null);
  const shown = detail.data?.id === listed?.id ? detail.data : listed;

  if (me.data && !isAdmin)
    return (
      <>
        <PageTitle>{t('audit:title')}</PageTitle>
        <Alert severity="warning">{t('audit:noRights')}</Alert>
      </>
    );

  return (
    <>
      <PageTitle>{t('audit:title')}</PageTitle>
      <Typography sx={{ mb: 1, maxWidth: '80ch' }}>{t('audit:intro')}</Typography>
      <Typography sx={{ mb: 2, maxWidth: '80ch' }}>{t('audit:intro2')}</Typography>
      <Button
        variant="contained"
        startIcon={<VerifiedUserOutlined />}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: (run) => {
              setChosen(run.id);
              setPaging((p) => ({ ...p, page: 1 }));
            },
          })
        }
        disabled={open}
        sx={{ mb: 2, width: { xs: '100%', sm: 'auto' } }}
      >
        {open ? t('audit:running') : t('audit:run')}
      </Button>
      {start.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(start.error)}
        </Alert>
      )}
      <QueryState
        loading={runs.isLoading}
        error={runs.isError}
        errorText={errorText(runs.error) ?? ''}
        onRetry={() => void runs.refetch()}
        empty={runs.isSuccess && runs.data.totalCount === 0}
        emptyText={t('audit:none')}
      >
        {shown && <Run run={shown} />}
        {runs.data && (
          <History
            runs={list}
            total={runs.data.totalCount}
            page={paging.page}
            pageSize={paging.pageSize}
            shown={shown?.id ?? null}
            onShow={setChosen}
            onPage={(page, pageSize) => setPaging({ page, pageSize })}
          />
        )}
      </QueryState>
    </>
  );
}
