import '../i18n';
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_TYPES } from '@edc/domain';
import { PageTitle } from '../../../shared/components/PageTitle';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { designKeys, useFormMutations, useForms, useReorder, useResearchVersions, useVisit, type Form } from '../api';
import { QueryBlock, useDeleteDialog, VersionFilter } from '../components/common';
import { useQueryParams } from '../components/useQueryParams';
import { ResponsiveList } from '../components/ResponsiveList';
import { VISITS_SETTINGS_PATH, formEditorPath } from '../paths';
import { CopyFormDialog, CopyFormListDialog } from './CopyDialogs';
import { FormDialog } from './FormDialog';
import { FormInfoDialog } from './FormInfoDialog';
import { SectionsPanel } from './SectionsPanel';
import { FromTemplateDialog } from './TemplateDialogs';

/** /visits/:visitId — forms of a visit on the left, sections of the chosen form on the right. */
export default function VisitFormsPage() {
  const { t } = useTranslation();
  const { visitId = '' } = useParams();
  const { params, setParam } = useQueryParams();
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
  const [creating, setCreating] = useState<'form' | 'template' | 'copy' | null>(null);
  const [infoId, setInfoId] = useState<string | null>(null);
  const [copying, setCopying] = useState<Form | null>(null);

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
  const info = all.find((f) => f.id === infoId) ?? null;
  const title = visit.data?.title ?? t('design:visit.page');

  const deletion = useDeleteDialog<Form>(remove, {
    title: t('design:form.deleteTitle'),
    text: (x) => t('design:form.deleteText', { title: x?.title ?? '' }),
    onDeleted: (x) => x.id === selectedId && setParam('formId', null),
  });
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
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(260px, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" component="section" aria-labelledby="forms-title" sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="h2" id="forms-title" sx={{ mb: 1 }}>
            {t('design:form.list')}
          </Typography>
          {visit.data && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
              <Button variant="contained" size="small" startIcon={<Add />} onClick={() => setCreating('form')}>
                {t('design:form.create')}
              </Button>
              <Button variant="outlined" size="small" startIcon={<PostAddOutlined />} onClick={() => setCreating('template')}>
                {t('design:template.from')}
              </Button>
              <Button variant="outlined" size="small" startIcon={<LibraryAddOutlined />} onClick={() => setCreating('copy')}>
                {t('design:copyForms.button')}
              </Button>
            </Box>
          )}
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
          <QueryBlock
            query={forms}
            errorText={t('design:errors.forms')}
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
                  <IconButton aria-label={t('design:form.infoOf', { title: f.title })} onClick={() => setInfoId(f.id)}>
                    <InfoOutlined />
                  </IconButton>
                  {f.complete ? (
                    <IconButton aria-label={t('design:form.copyOf', { title: f.title })} onClick={() => setCopying(f)}>
                      <ContentCopy />
                    </IconButton>
                  ) : (
                    <IconButton aria-label={t('design:form.deleteOf', { title: f.title })} onClick={() => deletion.ask(f)}>
                      <DeleteOutline />
                    </IconButton>
                  )}
                </>
              )}
            />
          </QueryBlock>
        </Paper>
        {selected ? (
          <SectionsPanel form={selected} visitId={visitId} onSplit={(copy) => setParam('formId', copy.id)} />
        ) : (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography color="text.secondary">{t('design:form.choose')}</Typography>
          </Paper>
        )}
      </Box>
      {researchId && (
        <FormDialog
          open={creating === 'form'}
          onClose={() => setCreating(null)}
          visitId={visitId}
          researchId={researchId}
          onCreated={(f) => setParam('formId', f.id)}
        />
      )}
      <FromTemplateDialog
        open={creating === 'template'}
        visitId={visitId}
        onClose={() => setCreating(null)}
        onCreated={(f) => setParam('formId', f.id)}
      />
      {visit.data && <CopyFormListDialog open={creating === 'copy'} visit={visit.data} onClose={() => setCreating(null)} />}
      <FormInfoDialog form={info} onClose={() => setInfoId(null)} />
      {researchId && <CopyFormDialog form={copying} researchId={researchId} onClose={() => setCopying(null)} />}
      {deletion.dialog}
    </>
  );
}
