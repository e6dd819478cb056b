import '../i18n';
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_TYPES } from '@edc/domain';
import { PageTitle } from '../../../shared/components/PageTitle';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import {
  designKeys,
  useFormMutations,
  useForms,
  useReorder,
  useReorderSections,
  useResearchVersions,
  useSectionMutations,
  useSections,
  useVisit,
  type Form,
  type SectionWithFields,
} from '../api';
import { ConfirmDialog, PointChips, QueryState, VersionFilter } from '../components/common';
import { ResponsiveList } from '../components/ResponsiveList';
import { FormStateActions } from '../components/FormStateActions';
import { VISITS_SETTINGS_PATH, formEditorPath } from '../paths';
import { CopyFormDialog, FormDialog, SectionDialog } from './FormDialogs';

function Sections({ form, visitId }: { form: Form; visitId: string }) {
  const { t } = useTranslation();
  const sections = useSections(form.id);
  const reorder = useReorderSections(form.id);
  const { remove } = useSectionMutations();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SectionWithFields | null>(null);
  const list = sections.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sections-title" sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h2" id="sections-title" sx={{ flex: 1, minWidth: 200 }}>
          {t('design:section.of', { title: form.title })}
        </Typography>
        {form.complete && <Chip color="success" size="small" label={t('design:common.complete')} />}
        <Button component={RouterLink} to={formEditorPath(visitId, form.id)} variant="outlined">
          {t('design:form.openEditor')}
        </Button>
      </Box>
      <FormStateActions form={form} />
      <QueryState
        loading={sections.isLoading}
        error={sections.isError}
        errorText={t('design:errors.form')}
        onRetry={() => void sections.refetch()}
        empty={list.length === 0}
        emptyText={t('design:section.empty')}
      >
        <ResponsiveList
          label={t('design:section.listLabel')}
          testId="section"
          rows={list}
          getId={(s) => s.id}
          rowLabel={(s) => s.sectionName}
          sortable={!form.complete}
          onMove={(item, from, to) => reorder.mutate({ item, from, to })}
          columns={[
            {
              key: 'name',
              header: t('design:section.name'),
              primary: true,
              render: (s) => (
                <Link component={RouterLink} to={formEditorPath(visitId, form.id, { sectionId: s.id })}>
                  {s.sectionName}
                </Link>
              ),
            },
            { key: 'fields', header: t('design:section.fieldCount'), render: (s) => s.formFieldList.length },
            { key: 'points', header: t('design:visit.pointList'), render: (s) => <PointChips points={s.pointList} /> },
          ]}
          actions={
            form.complete
              ? undefined
              : (s) => (
                  <Tooltip title={t('design:common.delete')}>
                    <IconButton aria-label={t('design:section.deleteOf', { name: s.sectionName })} onClick={() => setDeleting(s)}>
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                )
          }
        />
      </QueryState>
      {!form.complete && (
        <Button startIcon={<Add />} onClick={() => setAdding(true)} sx={{ mt: 1 }}>
          {t('design:section.create')}
        </Button>
      )}
      <SectionDialog open={adding} onClose={() => setAdding(false)} formId={form.id} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('design:section.deleteTitle')}
        text={t('design:section.deleteText', { name: deleting?.sectionName ?? '' })}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </Paper>
  );
}

/** /visits/:visitId — forms of a visit on the left, sections of the chosen form on the right. */
export default function VisitFormsPage() {
  const { t } = useTranslation();
  const { visitId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const visit = useVisit(visitId);
  const researchId = visit.data?.researchId ?? null;
  const versionId = params.get('versionId');
  const selectedId = params.get('formId');
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const forms = useForms(visitId, versionId);
  const versions = useResearchVersions(researchId);
  const reorder = useReorder<Form>(designKeys.forms(visitId, versionId), '/Forms');
  const { remove } = useFormMutations();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Form | null>(null);
  const [deleting, setDeleting] = useState<Form | null>(null);
  const [copying, setCopying] = useState<Form | null>(null);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const all = useMemo(() => forms.data ?? [], [forms.data]);
  const filtered = useMemo(() => {
    const q = debounced.trim().toLowerCase();
    return all.filter(
      (f) =>
        (!q || f.title.toLowerCase().includes(q) || f.formType.title.toLowerCase().includes(q)) &&
        (!role || f.employeeTypesList.includes(role as Form['employeeTypesList'][number])),
    );
  }, [all, debounced, role]);
  const filtering = Boolean(debounced.trim() || role || versionId);
  const selected = all.find((f) => f.id === selectedId) ?? null;
  const title = visit.data?.title ?? t('design:visit.page');

  return (
    <>
      <Button component={RouterLink} to={`${VISITS_SETTINGS_PATH}?visitId=${visitId}`} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('design:visits.title')}
      </Button>
      <PageTitle title={title}>{title}</PageTitle>
      {visit.isError && <Alert severity="error">{t('design:errors.visit')}</Alert>}
      {visit.data?.complete && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('design:visit.completeNote')}
        </Alert>
      )}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 2fr) 3fr' }, alignItems: 'start' }}
      >
        <Paper variant="outlined" component="section" aria-labelledby="forms-title" sx={{ p: 2, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography variant="h2" id="forms-title" sx={{ flex: 1 }}>
              {t('design:form.list')}
            </Typography>
            {researchId && (
              <Button variant="contained" size="small" startIcon={<Add />} onClick={() => setCreating(true)}>
                {t('design:form.create')}
              </Button>
            )}
          </Box>
          <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
            <TextField
              size="small"
              type="search"
              margin="none"
              label={t('design:common.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <TextField
                select
                size="small"
                label={t('design:form.roleFilter')}
                value={role}
                onChange={(e) => setRole(e.target.value)}
                fullWidth={false}
                margin="none"
                sx={{ minWidth: 180, flex: 1 }}
              >
                <MenuItem value="">{t('design:form.allRoles')}</MenuItem>
                {EMPLOYEE_TYPES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`enums:employeeType.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
              <VersionFilter versions={versions.data} value={versionId} onChange={(id) => setParam('versionId', id)} />
            </Box>
            {filtering && (
              <Typography variant="body2" color="text.secondary">
                {t('design:form.dragDisabled')}
              </Typography>
            )}
          </Box>
          <QueryState
            loading={forms.isLoading}
            error={forms.isError}
            errorText={t('design:errors.forms')}
            onRetry={() => void forms.refetch()}
            empty={filtered.length === 0}
            emptyText={all.length === 0 ? t('design:form.empty') : t('design:common.nothingFound')}
          >
            <ResponsiveList
              cards
              label={t('design:form.list')}
              testId="form"
              rows={filtered}
              getId={(f) => f.id}
              rowLabel={(f) => f.title}
              sortable={!filtering}
              onMove={(item, from, to) => reorder.mutate({ item, from, to })}
              selectedId={selectedId}
              onSelect={(f) => setParam('formId', f.id)}
              columns={[
                {
                  key: 'title',
                  header: t('design:form.title'),
                  primary: true,
                  render: (f) => (
                    <Box>
                      <Typography component="span" sx={{ fontWeight: 500 }}>
                        {f.title}
                      </Typography>
                      {f.complete && <Chip size="small" color="success" label={t('design:common.complete')} sx={{ ml: 1 }} />}
                      <Typography variant="body2" color="text.secondary">
                        {f.formType.title}
                      </Typography>
                    </Box>
                  ),
                },
                {
                  key: 'roles',
                  header: t('design:form.roles'),
                  render: (f) => f.employeeTypesList.map((r) => t(`enums:employeeType.${r}`)).join(', '),
                },
                { key: 'gender', header: t('design:form.gender'), render: (f) => t(`design:gender.${f.genderString}`) },
                {
                  key: 'versions',
                  header: t('design:common.versions'),
                  render: (f) => f.researchVersionList.map((v) => v.index).join(', ') || '—',
                },
              ]}
              actions={(f) => (
                <>
                  <Button size="small" component={RouterLink} to={formEditorPath(visitId, f.id)}>
                    {t('design:form.openEditor')}
                  </Button>
                  {!f.complete && (
                    <IconButton aria-label={t('design:form.editOf', { title: f.title })} onClick={() => setEditing(f)}>
                      <EditOutlined />
                    </IconButton>
                  )}
                  {f.complete ? (
                    <IconButton aria-label={t('design:form.copyOf', { title: f.title })} onClick={() => setCopying(f)}>
                      <ContentCopy />
                    </IconButton>
                  ) : (
                    <IconButton aria-label={t('design:form.deleteOf', { title: f.title })} onClick={() => setDeleting(f)}>
                      <DeleteOutline />
                    </IconButton>
                  )}
                </>
              )}
            />
          </QueryState>
        </Paper>
        {selected ? (
          <Sections form={selected} visitId={visitId} />
        ) : (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography color="text.secondary">{t('design:form.choose')}</Typography>
          </Paper>
        )}
      </Box>
      {researchId && (
        <FormDialog
          open={creating}
          onClose={() => setCreating(false)}
          visitId={visitId}
          researchId={researchId}
          onCreated={(f) => setParam('formId', f.id)}
        />
      )}
      {researchId && editing && (
        <FormDialog open onClose={() => setEditing(null)} visitId={visitId} researchId={researchId} form={editing} />
      )}
      {researchId && <CopyFormDialog form={copying} researchId={researchId} onClose={() => setCopying(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('design:form.deleteTitle')}
        text={t('design:form.deleteText', { title: deleting?.title ?? '' })}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (deleting.id === selectedId) setParam('formId', null);
              setDeleting(null);
            },
          })
        }
      />
    </>
  );
}
