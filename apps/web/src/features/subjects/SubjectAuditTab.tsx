import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type AuditRecordReply } from '@edc/domain';
import { apiPage } from '../../shared/api/client';
import { Loading } from '../../shared/components/Loading';
import { localeTag } from '../../app/locale-format';

/** The members of a record's values this tab shows; the rest stays in the full trail (Administration). */
interface Values {
  form?: string;
  section?: string;
  field?: string;
  data?: string | null;
  status?: string | null;
  formId?: string;
  formFieldId?: string;
}

const valuesOf = (v: unknown): Values => (v && typeof v === 'object' ? (v as Values) : {});

/** One filter at a time: the records of a form of the design, or of one of its fields. */
type Filter = { kind: 'formId' | 'formFieldId'; id: string; label: string } | null;

function useSubjectAuditTrail(subjectId: string, page: number, pageSize: number, filter: Filter) {
  return useQuery({
    queryKey: ['subjects', 'audit', subjectId, page, pageSize, filter?.kind, filter?.id],
    queryFn: ({ signal }) =>
      apiPage<AuditRecordReply>(`/Subjects/${subjectId}/AuditTrail`, {
        query: { page, pageSize, ...(filter ? { [filter.kind]: filter.id } : {}) },
        signal,
        quietErrors: true,
      }),
    placeholderData: keepPreviousData,
  });
}

const when = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(localeTag(lang), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/**
 * The subject's audit trail (docs/data-entry.md, "The subject's audit trail"): every change to the subject, its
 * visits, forms, sections, values and signatures, newest first, server-paged; a field's or form's records
 * on a click. Read by whoever reads the subject; the randomisation group never appears.
 */
export function SubjectAuditTab({ subjectId }: { subjectId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [filter, setFilter] = useState<Filter>(null);
  const trail = useSubjectAuditTrail(subjectId, page, pageSize, filter);
  const choose = (f: Filter) => {
    setFilter(f);
    setPage(1);
  };
  if (trail.isPending) return <Loading />;
  if (trail.isError) return <Alert severity="error">{t('subjects:audit.loadError')}</Alert>;
  const action = (a: string) => t(`subjects:audit.actions.${a.replace('.', '_')}`, { defaultValue: a });
  return (
    <Box>
      {filter && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
          <Typography variant="body2">{t(`subjects:audit.filter.${filter.kind}`)}</Typography>
          <Chip label={filter.label} onDelete={() => choose(null)} data-testid="audit-filter" />
        </Stack>
      )}
      {trail.data.data.length === 0 ? (
        <Typography color="text.secondary">{t('subjects:audit.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('subjects:audit.title')}>
            <TableHead>
              <TableRow>
                {['at', 'who', 'action', 'field', 'before', 'after', 'reason'].map((c) => (
                  <TableCell key={c} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {t(`subjects:audit.columns.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {trail.data.data.map((r) => {
                const before = valuesOf(r.before);
                const after = valuesOf(r.after);
                const field = after.field ?? before.field;
                const formFieldId = after.formFieldId ?? before.formFieldId;
                const formId = after.formId ?? before.formId;
                // A form's own records (added, completed) name it: they offer the form's filter.
                const formTitle = after.form ?? before.form;
                return (
                  <TableRow key={r.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.at, i18n.language)}</TableCell>
                    <TableCell>
                      {r.userEmail ?? '—'}
                      {r.employeeType ? (
                        <Typography variant="body2" color="text.secondary">
                          {t(`enums:employeeType.${r.employeeType}`)}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {action(r.action)}
                      {formId && formTitle && filter?.kind !== 'formId' && (
                        <Link
                          component="button"
                          variant="body2"
                          sx={{ display: 'block', textAlign: 'left' }}
                          onClick={() => choose({ kind: 'formId', id: formId, label: formTitle })}
                        >
                          {t('subjects:audit.byForm', { form: formTitle })}
                        </Link>
                      )}
                    </TableCell>
                    <TableCell>
                      {field && formFieldId ? (
                        <Link component="button" onClick={() => choose({ kind: 'formFieldId', id: formFieldId, label: field })}>
                          {field}
                        </Link>
                      ) : (
                        (field ?? after.section ?? before.section ?? '')
                      )}
                    </TableCell>
                    <TableCell>{before.data ?? before.status ?? ''}</TableCell>
                    <TableCell>{after.data ?? after.status ?? ''}</TableCell>
                    <TableCell>{r.reason ?? ''}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      <TablePagination
        component="div"
        count={trail.data.totalCount}
        page={page - 1}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e, p) => setPage(p + 1)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(1);
        }}
        labelRowsPerPage={t('subjects:audit.rowsPerPage')}
      />
    </Box>
  );
}
