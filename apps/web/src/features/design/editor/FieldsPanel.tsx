import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import { useTranslation } from 'react-i18next';
import { useReorderFields, type FormField, type SectionWithFields } from '../api';
import { ResponsiveList } from '../components/ResponsiveList';
import { buildTree } from './dependencyTree';
import { FieldActions, type FieldActionHandlers } from './FieldActions';
import { FieldTree, fieldDomId } from './FieldTree';

export type FieldsView = 'list' | 'tree';

/**
 * The units and the mask under the field's text: most fields have neither, so separate columns
 * mostly held dashes and pushed the actions out of the panel.
 */
function FieldFormat({ field }: { field: FormField }) {
  const { t } = useTranslation();
  if (!field.units && !field.mask) return null;
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
      {field.units && (
        <Box component="span" sx={{ display: 'block' }}>
          {t('design:field.units')}: {field.units}
        </Box>
      )}
      {field.mask && (
        <Box component="span" sx={{ display: 'block' }}>
          {t('design:field.mask')}:{' '}
          <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {field.mask}
          </Box>
        </Box>
      )}
    </Typography>
  );
}

/**
 * The editor's right side: the chosen section's fields as a flat reorderable list or as the
 * dependent-fields tree (spec section 2).
 */
export function FieldsPanel({
  formId,
  section,
  sections,
  complete,
  view,
  onView,
  selectedFieldId,
  fieldBadge,
  handlers,
  onAddFields,
  onDeleteSection,
}: {
  formId: string;
  section: SectionWithFields | null;
  sections: SectionWithFields[];
  complete: boolean;
  view: FieldsView;
  onView: (v: FieldsView) => void;
  selectedFieldId: string | null;
  /** What is shown beside a field's text (QA's notes on it). */
  fieldBadge?: (f: FormField) => React.ReactNode;
  handlers: FieldActionHandlers;
  onAddFields: () => void;
  onDeleteSection: () => void;
}) {
  const { t } = useTranslation();
  const reorder = useReorderFields(formId);
  const fields = section?.formFieldList ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="editor-fields" sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" id="editor-fields" sx={{ flex: 1, minWidth: 200 }}>
          {section ? t('design:field.of', { name: section.sectionName }) : t('design:field.list')}
        </Typography>
        {section && !complete && (
          <>
            <Button variant="contained" startIcon={<Add />} onClick={onAddFields}>
              {t('design:field.add')}
            </Button>
            <Button color="error" startIcon={<DeleteOutline />} onClick={onDeleteSection}>
              {t('design:section.delete')}
            </Button>
          </>
        )}
      </Box>
      {section && fields.length > 0 && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_, v: FieldsView | null) => v && onView(v)}
          aria-label={t('design:editor.view')}
          sx={{ mb: 1 }}
        >
          <ToggleButton value="list" sx={{ gap: 0.5, textTransform: 'none' }}>
            <ViewListOutlined fontSize="small" />
            {t('design:editor.flat')}
          </ToggleButton>
          <ToggleButton value="tree" sx={{ gap: 0.5, textTransform: 'none' }}>
            <AccountTreeOutlined fontSize="small" />
            {t('design:editor.tree')}
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {!section ? (
        <Typography color="text.secondary">{t('design:editor.noSection')}</Typography>
      ) : fields.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} role="status">
          {t('design:field.empty')}
        </Typography>
      ) : view === 'tree' ? (
        <FieldTree
          nodes={buildTree(sections, section.id)}
          sectionId={section.id}
          complete={complete}
          selectedId={selectedFieldId}
          handlers={handlers}
        />
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
          selectedId={selectedFieldId}
          columns={[
            {
              key: 'text',
              header: t('design:field.text'),
              primary: true,
              render: (f) => (
                <Box>
                  <Typography component="span" variant="inherit" sx={{ fontWeight: 500 }}>
                    {f.text}
                  </Typography>
                  {f.isRequired && (
                    <Typography component="span" color="error" aria-label={t('design:field.isRequired')}>
                      {' *'}
                    </Typography>
                  )}
                  {fieldBadge?.(f)}
                  <FieldFormat field={f} />
                </Box>
              ),
            },
            {
              key: 'definition',
              header: t('design:field.definition'),
              render: (f) => (
                <>
                  {f.field.title}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {t(`design:fieldType.${f.field.fieldType}`)}
                  </Typography>
                </>
              ),
            },
            {
              key: 'parent',
              header: t('design:dependency.parent'),
              render: (f) =>
                f.parentFormField
                  ? t('design:dependency.parentShort', { text: f.parentFormField.text, rule: f.parentVisibleRule ?? '' })
                  : '—',
            },
          ]}
          actions={(f) => <FieldActions field={f} complete={complete} handlers={handlers} />}
        />
      )}
    </Paper>
  );
}
