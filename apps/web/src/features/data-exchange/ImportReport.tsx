import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ClinicalImportReport, ResearchOrganisation } from '@edc/domain';
import { Pager } from '../centres/components';
import { centreName } from './api';
import { countText } from '../../app/locale-format';

/** A table that scrolls sideways inside its own box on a narrow screen, never the page. */
const scroller = { overflowX: 'auto', maxWidth: '100%' } as const;

type Site = ClinicalImportReport['sites'][number];

export interface SiteMapping {
  /** SiteRef OID → centre id chosen on this page (sent as `centres`). */
  centres: Record<string, string>;
  onChange: (oid: string, centreId: string) => void;
  disabled?: boolean;
}

function Counts({ report }: { report: ClinicalImportReport }) {
  const { t, i18n } = useTranslation();
  const dash = '—';
  const rows: Array<[string, number, number | string, number | string, number | string]> = [
    ['subjects', report.subjects.created, report.subjects.existing, dash, report.subjects.refused],
    ['visits', report.visits.created, report.visits.existing, dash, dash],
    ['forms', report.forms.created, report.forms.existing, dash, dash],
    ['values', report.values.created, dash, report.values.unchanged, report.values.refused],
  ];
  return (
    <Box sx={scroller}>
      <Table
        size="small"
        aria-label={t('dataExchange:report.counts')}
        sx={{ '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8125rem', sm: '0.875rem' } } }}
        data-testid="import-counts"
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('dataExchange:report.kind')}</TableCell>
            <TableCell align="right">
              {t(report.dryRun ? 'dataExchange:report.createdDry' : 'dataExchange:report.createdReal')}
            </TableCell>
            <TableCell align="right">{t('dataExchange:report.existing')}</TableCell>
            <TableCell align="right">{t('dataExchange:report.unchanged')}</TableCell>
            <TableCell align="right">{t('dataExchange:report.refused')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([key, ...cells]) => (
            <TableRow key={key} data-testid={`import-count-${key}`}>
              <TableCell component="th" scope="row">
                {t(`dataExchange:report.rows.${key}`)}
              </TableCell>
              {cells.map((c, i) => (
                <TableCell key={i} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {typeof c === 'number' ? countText(c, i18n.language) : c}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function SiteCentre({ site, centres, mapping }: { site: Site; centres: ResearchOrganisation[]; mapping?: SiteMapping }) {
  const { t } = useTranslation();
  const mapped = mapping?.centres[site.oid] ?? '';
  if (mapping) {
    const value = mapped || site.researchOrganisationId || '';
    return (
      <Box>
        <Select
          size="small"
          value={centres.some((c) => c.id === value) ? value : ''}
          displayEmpty
          disabled={mapping.disabled}
          onChange={(e) => mapping.onChange(site.oid, e.target.value)}
          inputProps={{ 'aria-label': t('dataExchange:report.siteCentreOf', { oid: site.oid }) }}
          sx={{ width: '100%', maxWidth: 320 }}
          data-testid="site-centre"
        >
          <MenuItem value="">
            <em>{t('dataExchange:import.noCentre')}</em>
          </MenuItem>
          {centres.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {centreName(c)}
            </MenuItem>
          ))}
        </Select>
        {!value && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }}>
            {t('dataExchange:report.unmatched')}
          </Typography>
        )}
      </Box>
    );
  }
  const centre = centres.find((c) => c.id === site.researchOrganisationId);
  return centre ? (
    <>{centreName(centre)}</>
  ) : (
    <Typography variant="body2" color="warning.main">
      {t('dataExchange:report.unmatched')}
    </Typography>
  );
}

function Sites({
  report,
  centres,
  mapping,
}: {
  report: ClinicalImportReport;
  centres: ResearchOrganisation[];
  mapping?: SiteMapping;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (report.sites.length === 0)
    return (
      <Typography color="text.secondary" role="status">
        {t('dataExchange:report.noSites')}
      </Typography>
    );
  if (mobile)
    return (
      <Box component="ul" aria-label={t('dataExchange:report.sites')} sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
        {report.sites.map((s) => (
          <Card key={s.oid} component="li" variant="outlined" sx={{ listStyle: 'none', p: 1.5 }} data-testid="import-site">
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{s.oid}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('dataExchange:report.siteSubjects')}: {s.subjects}
            </Typography>
            <SiteCentre site={s} centres={centres} mapping={mapping} />
          </Card>
        ))}
      </Box>
    );
  return (
    <Box sx={scroller}>
      <Table size="small" aria-label={t('dataExchange:report.sites')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dataExchange:report.siteOid')}</TableCell>
            <TableCell align="right">{t('dataExchange:report.siteSubjects')}</TableCell>
            <TableCell sx={{ width: '50%' }}>{t('dataExchange:report.siteCentre')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.sites.map((s) => (
            <TableRow key={s.oid} data-testid="import-site" sx={{ verticalAlign: 'top' }}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {s.oid}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {s.subjects}
              </TableCell>
              <TableCell>
                <SiteCentre site={s} centres={centres} mapping={mapping} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const ISSUE_PAGE_SIZE = 10;

/** The issues, 25 to a page (the server sends at most CLINICAL_IMPORT_MAX_ISSUES of them). */
function Issues({ report }: { report: ClinicalImportReport }) {
  const { t } = useTranslation();
  const mobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [paging, setPaging] = useState({ page: 1, pageSize: ISSUE_PAGE_SIZE });
  const { issues } = report;
  const more = report.issuesTotal - issues.length;
  if (issues.length === 0 && more <= 0)
    return (
      <Typography color="text.secondary" role="status">
        {t('dataExchange:report.noIssues')}
      </Typography>
    );
  const from = (paging.page - 1) * paging.pageSize;
  const shown = issues.slice(from, from + paging.pageSize);
  const cell = { overflowWrap: 'anywhere', verticalAlign: 'top' } as const;
  const mono = { fontFamily: 'monospace', fontSize: '0.8125rem' } as const;
  return (
    <>
      {mobile ? (
        <Box
          component="ul"
          aria-label={t('dataExchange:report.issues')}
          sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}
          data-testid="import-issues"
        >
          {shown.map((issue, i) => (
            <Card key={from + i} component="li" variant="outlined" sx={{ listStyle: 'none', p: 1.5 }} data-testid="import-issue">
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {issue.subjectKey ?? '—'} ·{' '}
                <Box component="span" sx={mono}>
                  {issue.oid ?? '—'}
                </Box>
                {issue.value !== null && <> · «{issue.value}»</>}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {issue.message}
              </Typography>
            </Card>
          ))}
        </Box>
      ) : (
        <Box sx={scroller}>
          <Table size="small" aria-label={t('dataExchange:report.issues')} sx={{ minWidth: 560 }} data-testid="import-issues">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '16%' }}>{t('dataExchange:report.subject')}</TableCell>
                <TableCell sx={{ width: '24%' }}>{t('dataExchange:report.oid')}</TableCell>
                <TableCell sx={{ width: '16%' }}>{t('dataExchange:report.value')}</TableCell>
                <TableCell>{t('dataExchange:report.message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((issue, i) => (
                <TableRow key={from + i} data-testid="import-issue">
                  <TableCell sx={cell}>{issue.subjectKey ?? '—'}</TableCell>
                  <TableCell sx={{ ...cell, ...mono }}>{issue.oid ?? '—'}</TableCell>
                  <TableCell sx={cell}>{issue.value ?? '—'}</TableCell>
                  <TableCell sx={cell}>{issue.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {issues.length > ISSUE_PAGE_SIZE && (
        <Pager
          page={paging.page}
          pageSize={paging.pageSize}
          total={issues.length}
          onChange={(page, pageSize) => setPaging({ page, pageSize })}
        />
      )}
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="import-issues-more">
          {t('dataExchange:report.more', { count: more })}
        </Typography>
      )}
    </>
  );
}

/**
 * An import's report (clinicalImportReport): the counts, the file's sites with their centres (chosen here
 * before the real run when `mapping` is given) and the refused or skipped elements.
 */
export function ImportReport({
  report,
  centres,
  mapping,
  headingLevel = 3,
}: {
  report: ClinicalImportReport;
  centres: ResearchOrganisation[];
  mapping?: SiteMapping;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const h = headingLevel === 2 ? ('h2' as const) : ('h3' as const);
  const sub = headingLevel === 2 ? ('h3' as const) : ('h4' as const);
  const subSx = { fontSize: '1rem', fontWeight: 600, mt: 2, mb: 1 } as const;
  return (
    <Box data-testid={report.dryRun ? 'import-report-dry' : 'import-report'}>
      <Typography variant="h3" component={h} sx={{ mb: 1 }}>
        {t(report.dryRun ? 'dataExchange:report.titleDry' : 'dataExchange:report.title')}
      </Typography>
      <Counts report={report} />
      <Typography component={sub} sx={subSx}>
        {t('dataExchange:report.sites')}
      </Typography>
      <Sites report={report} centres={centres} mapping={mapping} />
      <Typography component={sub} sx={subSx}>
        {report.issuesTotal > 0
          ? t('dataExchange:report.issuesCount', { count: report.issuesTotal })
          : t('dataExchange:report.issues')}
      </Typography>
      <Issues report={report} />
    </Box>
  );
}

/** A job result that is not a report (a server of another version): said, not thrown. */
export function BadReport() {
  const { t } = useTranslation();
  return <Alert severity="warning">{t('dataExchange:report.bad')}</Alert>;
}
