import './i18n';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { useTranslation } from 'react-i18next';
import type { AuditBreakDto, AuditVerificationDto } from '@edc/domain';
import { currentLanguage } from '../../app/i18n';
import { PageTitle } from '../../shared/components/PageTitle';
import { errorText } from '../design/components/common';
import { ResponsiveList } from '../design/components/ResponsiveList';
import { useMe } from '../identity/api';
import { useVerifyAudit } from './api';

const dateTime = (iso: string) => new Date(iso).toLocaleString(currentLanguage(), { timeZoneName: 'short' });

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
        ? t('audit:intact', { checked: result.checked })
        : t('audit:broken', { count: result.breakCount, checked: result.checked });
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
          <Fact label={t('audit:checked')}>{result.checked}</Fact>
          <Fact label={t('audit:chains')}>{result.chains}</Fact>
          <Fact label={t('audit:breakCount')}>{result.breakCount}</Fact>
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

function Breaks({ result }: { result: AuditVerificationDto }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="audit-breaks">
      <Typography variant="h2" id="audit-breaks" sx={{ mb: 1 }}>
        {t('audit:breaks')}
      </Typography>
      {result.breaksTruncated && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('audit:truncated', { shown: result.breaks.length, count: result.breakCount })}
        </Alert>
      )}
      <ResponsiveList<AuditBreakDto>
        label={t('audit:breaks')}
        rows={result.breaks}
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
    </section>
  );
}

/** /administration/audit: runs the audit chain verification on the server and shows its result (user role Admin). */
export default function AuditPage() {
  const { t } = useTranslation();
  const me = useMe();
  const verify = useVerifyAudit();

  if (me.data && me.data.user.userRole !== 'Admin')
    return (
      <>
        <PageTitle>{t('audit:title')}</PageTitle>
        <Alert severity="warning">{t('audit:noRights')}</Alert>
      </>
    );

  return (
    <>
      <PageTitle>{t('audit:title')}</PageTitle>
      <Typography sx={{ mb: 2, maxWidth: '80ch' }}>{t('audit:intro')}</Typography>
      <Button
        variant="contained"
        startIcon={<VerifiedUserOutlined />}
        onClick={() => verify.mutate()}
        disabled={verify.isPending}
        sx={{ mb: 2, width: { xs: '100%', sm: 'auto' } }}
      >
        {verify.isPending ? t('audit:running') : t('audit:run')}
      </Button>
      {verify.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(verify.error)}
        </Alert>
      )}
      {verify.data && !verify.isPending && <Result result={verify.data} />}
    </>
  );
}
