import '../i18n';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/components/PageTitle';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { useFieldDefinitions, useFormTypeMutations, useFormTypes, type FieldDefinition, type FormType } from '../api';
import { QueryBlock, useDeleteDialog } from '../components/common';
import { ResponsiveList } from '../components/ResponsiveList';
import { FieldDefinitionDialog, FormTypeDialog } from './FormTypeDialogs';

function Fields({ formType }: { formType: FormType }) {
  const { t } = useTranslation();
  const fields = useFieldDefinitions(formType.id);
  const { removeField } = useFormTypeMutations();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<FieldDefinition | null>(null);
  const list = fields.data ?? [];
  const deletion = useDeleteDialog<FieldDefinition>(removeField, {
    title: t('design:fieldDef.deleteTitle'),
    text: (x) => t('design:fieldDef.deleteText', { title: x?.title ?? '' }),
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="fielddefs-title" sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" id="fielddefs-title" sx={{ flex: 1, minWidth: 200 }}>
          {t('design:fieldDef.of', { title: formType.title })}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
          {t('design:fieldDef.create')}
        </Button>
      </Box>
      <QueryBlock
        query={fields}
        errorText={t('design:errors.fields')}
        empty={list.length === 0}
        emptyText={t('design:fieldDef.empty')}
      >
        <ResponsiveList
          label={t('design:fieldDef.list')}
          testId="fielddef"
          rows={list}
          getId={(f) => f.id}
          rowLabel={(f) => f.title}
          columns={[
            { key: 'title', header: t('design:fieldDef.title'), primary: true, render: (f) => f.title },
            { key: 'key', header: t('design:fieldDef.key'), render: (f) => f.fieldKey },
            { key: 'type', header: t('design:fieldDef.type'), render: (f) => t(`design:fieldType.${f.fieldType}`) },
            { key: 'units', header: t('design:field.units'), render: (f) => f.units ?? '—' },
            {
              key: 'options',
              header: t('design:fieldDef.options'),
              render: (f) =>
                f.optionList.length
                  ? f.optionList.map((o) => (o === f.defaultOption ? `${o} (${t('design:fieldDef.default')})` : o)).join(', ')
                  : '—',
            },
          ]}
          actions={(f) => (
            <>
              <Tooltip title={t('design:common.edit')}>
                <IconButton aria-label={t('design:fieldDef.editOf', { title: f.title })} onClick={() => setEditing(f)}>
                  <EditOutlined />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('design:common.delete')}>
                <IconButton aria-label={t('design:fieldDef.deleteOf', { title: f.title })} onClick={() => deletion.ask(f)}>
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </>
          )}
        />
      </QueryBlock>
      <FieldDefinitionDialog key="new" open={adding} onClose={() => setAdding(false)} formTypeId={formType.id} />
      {editing && (
        <FieldDefinitionDialog key={editing.id} open onClose={() => setEditing(null)} formTypeId={formType.id} field={editing} />
      )}
      {deletion.dialog}
    </Paper>
  );
}

/** /forms — form types (searchable) and their field definitions. */
export default function FormTypesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 500);
  const formTypes = useFormTypes(debounced);
  const { remove } = useFormTypeMutations();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<FormType | null>(null);
  const selectedId = params.get('formTypeId');
  const list = formTypes.data ?? [];
  const selected = list.find((f) => f.id === selectedId) ?? null;
  const select = (id: string | null) => setParams(id ? { formTypeId: id } : {}, { replace: true });
  const deletion = useDeleteDialog<FormType>(remove, {
    title: t('design:formType.deleteTitle'),
    text: (x) => t('design:formType.deleteText', { title: x?.title ?? '' }),
    onDeleted: (x) => x.id === selectedId && select(null),
  });

  return (
    <>
      <PageTitle title={t('design:formType.page')}>{t('design:formType.page')}</PageTitle>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'minmax(240px, 1fr) minmax(0, 2fr)',
            // A fixed list column leaves the field definitions table room for all its columns.
            lg: '280px minmax(0, 1fr)',
          },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" component="section" aria-labelledby="formtypes-title" sx={{ p: 2, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography variant="h2" id="formtypes-title" sx={{ flex: 1 }}>
              {t('design:formType.list')}
            </Typography>
            <Button variant="contained" size="small" startIcon={<Add />} onClick={() => setCreating(true)}>
              {t('design:formType.create')}
            </Button>
          </Box>
          <TextField
            size="small"
            type="search"
            fullWidth
            label={t('design:common.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ mb: 1 }}
          />
          <QueryBlock
            query={formTypes}
            errorText={t('design:errors.formTypes')}
            empty={list.length === 0}
            emptyText={debounced ? t('design:common.nothingFound') : t('design:formType.empty')}
          >
            <List dense disablePadding aria-labelledby="formtypes-title">
              {list.map((ft) => (
                <ListItem
                  key={ft.id}
                  disablePadding
                  // Room for both buttons: ListItem's own rule (48 px, one button) outranks the button's sx.
                  sx={{ '& > .MuiListItemButton-root': { pr: 10 } }}
                  secondaryAction={
                    <>
                      <IconButton
                        size="small"
                        aria-label={t('design:formType.editOf', { title: ft.title })}
                        onClick={() => setEditing(ft)}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={t('design:formType.deleteOf', { title: ft.title })}
                        onClick={() => deletion.ask(ft)}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </>
                  }
                >
                  <ListItemButton
                    selected={ft.id === selectedId}
                    aria-current={ft.id === selectedId ? 'true' : undefined}
                    onClick={() => select(ft.id)}
                  >
                    <ListItemText primary={ft.title} secondary={ft.formTypeKey} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </QueryBlock>
        </Paper>
        {selected ? (
          <Fields key={selected.id} formType={selected} />
        ) : (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography color="text.secondary">{t('design:formType.choose')}</Typography>
          </Paper>
        )}
      </Box>
      <FormTypeDialog open={creating} onClose={() => setCreating(false)} onCreated={(ft) => select(ft.id)} />
      {editing && <FormTypeDialog open onClose={() => setEditing(null)} formType={editing} />}
      {deletion.dialog}
    </>
  );
}
