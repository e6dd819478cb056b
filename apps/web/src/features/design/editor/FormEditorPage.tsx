import '../i18n';
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../shared/components/Loading';
import { PageTitle } from '../../../shared/components/PageTitle';
import { useDesignForm, useFormFieldMutations, useReorderFields, useSections, useSectionMutations, type FormField } from '../api';
import { ConfirmDialog, QueryState } from '../components/common';
import { FormStateActions } from '../components/FormStateActions';
import { ResponsiveList } from '../components/ResponsiveList';
import { SectionDialog } from '../forms/FormDialogs';
import { visitPath } from '../paths';
import { AddFieldsDialog, FieldDetailsDialog } from './FieldDialogs';

const fieldDomId = (id: string) => `form-field-${id}`;

/** /visits/:visitId/form/:formId — sections on the left, the fields of the chosen section on the right. */
export default function FormEditorPage() {
  const { t } = useTranslation();
  const { visitId = '', formId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const form = useDesignForm(formId);
  const sections = useSections(formId);
  const reorder = useReorderFields(formId);
  const fieldMutations = useFormFieldMutations();
  const sectionMutations = useSectionMutations();
  const [addingSection, setAddingSection] = useState(false);
  const [addingFields, setAddingFields] = useState(false);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [deletingField, setDeletingField] = useState<FormField | null>(null);
  const [deletingSection, setDeletingSection] = useState(false);

  const list = sections.data ?? [];
  const sectionId = params.get('sectionId');
  const formFieldId = params.get('formFieldId');
  const section = list.find((s) => s.id === sectionId) ?? list[0] ?? null;
  const fields = section?.formFieldList ?? [];
  const details = fields.find((f) => f.id === detailsId) ?? null;
  const complete = form.data?.complete ?? false;

  const choose = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('sectionId', id);
        next.delete('formFieldId');
        return next;
      },
      { replace: true },
    );

  // formFieldId selects the field's section and scrolls the field into view.
  const target = formFieldId ? list.find((s) => s.formFieldList.some((f) => f.id === formFieldId)) : undefined;
  useEffect(() => {
    if (target && target.id !== sectionId) {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('sectionId', target.id);
          return next;
        },
        { replace: true },
      );
    }
  }, [target, sectionId, setParams]);
  useEffect(() => {
    if (!formFieldId || section?.id !== target?.id) return;
    document.getElementById(fieldDomId(formFieldId))?.scrollIntoView({ block: 'center' });
  }, [formFieldId, section?.id, target?.id]);

  const title = form.data?.title ?? t('design:editor.title');
  if (form.isLoading) return <Loading />;
  return (
    <>
      <Button component={RouterLink} to={visitPath(visitId, formId)} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('design:editor.back')}
      </Button>
      <PageTitle title={title}>
        {title}
        {complete && (
          <Chip color="success" size="small" label={t('design:common.complete')} sx={{ ml: 2, verticalAlign: 'middle' }} />
        )}
      </PageTitle>
      {form.isError || !form.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void form.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        >
          {t('design:errors.form')}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('design:editor.formType', { title: form.data.formType.title })}
          </Typography>
          <FormStateActions form={form.data} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 1fr) 3fr' },
              alignItems: 'start',
            }}
          >
            <Paper variant="outlined" component="section" aria-labelledby="editor-sections" sx={{ p: 2, minWidth: 0 }}>
              <Typography variant="h2" id="editor-sections" sx={{ mb: 1 }}>
                {t('design:section.list')}
              </Typography>
              <QueryState
                loading={sections.isLoading}
                error={sections.isError}
                errorText={t('design:errors.form')}
                onRetry={() => void sections.refetch()}
                empty={list.length === 0}
                emptyText={t('design:section.empty')}
              >
                <List dense disablePadding aria-labelledby="editor-sections">
                  {list.map((s) => (
                    <ListItemButton
                      key={s.id}
                      selected={s.id === section?.id}
                      aria-current={s.id === section?.id ? 'true' : undefined}
                      onClick={() => choose(s.id)}
                    >
                      <ListItemText
                        primary={s.sectionName}
                        secondary={t('design:section.fieldsN', { count: s.formFieldList.length })}
                      />
                    </ListItemButton>
                  ))}
                </List>
              </QueryState>
              {!complete && (
                <Button startIcon={<Add />} onClick={() => setAddingSection(true)} sx={{ mt: 1 }}>
                  {t('design:section.create')}
                </Button>
              )}
            </Paper>
            <Paper variant="outlined" component="section" aria-labelledby="editor-fields" sx={{ p: 2, minWidth: 0 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
                <Typography variant="h2" id="editor-fields" sx={{ flex: 1, minWidth: 200 }}>
                  {section ? t('design:field.of', { name: section.sectionName }) : t('design:field.list')}
                </Typography>
                {section && !complete && (
                  <>
                    <Button variant="contained" startIcon={<Add />} onClick={() => setAddingFields(true)}>
                      {t('design:field.add')}
                    </Button>
                    <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDeletingSection(true)}>
                      {t('design:section.delete')}
                    </Button>
                  </>
                )}
              </Box>
              {!section ? (
                <Typography color="text.secondary">{t('design:editor.noSection')}</Typography>
              ) : fields.length === 0 ? (
                <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} role="status">
                  {t('design:field.empty')}
                </Typography>
              ) : (
                <ResponsiveList
                  label={t('design:field.list')}
                  testId="field"
                  rows={fields}
                  getId={(f) => f.id}
                  domId={(f) => fieldDomId(f.id)}
                  rowLabel={(f) => f.text}
                  sortable={!complete}
                  onMove={(item, from, to) => reorder.mutate({ item, from, to })}
                  selectedId={formFieldId}
                  columns={[
                    {
                      key: 'text',
                      header: t('design:field.text'),
                      primary: true,
                      render: (f) => (
                        <Box>
                          <Typography component="span" sx={{ fontWeight: 500 }}>
                            {f.text}
                          </Typography>
                          {f.isRequired && (
                            <Typography component="span" color="error" aria-label={t('design:field.isRequired')}>
                              {' *'}
                            </Typography>
                          )}
                        </Box>
                      ),
                    },
                    {
                      key: 'definition',
                      header: t('design:field.definition'),
                      render: (f) => `${f.field.title} (${t(`design:fieldType.${f.field.fieldType}`)})`,
                    },
                    { key: 'units', header: t('design:field.units'), render: (f) => f.units ?? '—' },
                    { key: 'mask', header: t('design:field.mask'), render: (f) => f.mask ?? '—' },
                  ]}
                  actions={(f) => (
                    <>
                      <Tooltip title={t('design:common.details')}>
                        <IconButton aria-label={t('design:field.detailsOf', { text: f.text })} onClick={() => setDetailsId(f.id)}>
                          <InfoOutlined />
                        </IconButton>
                      </Tooltip>
                      {!complete && (
                        <Tooltip title={t('design:common.delete')}>
                          <IconButton
                            aria-label={t('design:field.deleteOf', { text: f.text })}
                            onClick={() => setDeletingField(f)}
                          >
                            <DeleteOutline />
                          </IconButton>
                        </Tooltip>
                      )}
                    </>
                  )}
                />
              )}
            </Paper>
          </Box>
          <SectionDialog open={addingSection} onClose={() => setAddingSection(false)} formId={formId} />
          {section && (
            <AddFieldsDialog
              open={addingFields}
              onClose={() => setAddingFields(false)}
              formTypeId={form.data.formType.id}
              sectionId={section.id}
            />
          )}
        </>
      )}
      <FieldDetailsDialog field={details} onClose={() => setDetailsId(null)} canEdit={!complete} />
      <ConfirmDialog
        open={deletingField !== null}
        title={t('design:field.deleteTitle')}
        text={t('design:field.deleteText', { text: deletingField?.text ?? '' })}
        pending={fieldMutations.remove.isPending}
        onClose={() => setDeletingField(null)}
        onConfirm={() =>
          deletingField && fieldMutations.remove.mutate(deletingField.id, { onSuccess: () => setDeletingField(null) })
        }
      />
      <ConfirmDialog
        open={deletingSection && section !== null}
        title={t('design:section.deleteTitle')}
        text={t('design:section.deleteText', { name: section?.sectionName ?? '' })}
        pending={sectionMutations.remove.isPending}
        onClose={() => setDeletingSection(false)}
        onConfirm={() =>
          section &&
          sectionMutations.remove.mutate(section.id, {
            onSuccess: () => {
              setDeletingSection(false);
              setParams({}, { replace: true });
            },
          })
        }
      />
    </>
  );
}
