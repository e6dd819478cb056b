import '../i18n';
import '../../rules/i18n';
import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { PageTitle } from '../../../shared/components/PageTitle';
import { useDesignForm, useFormFieldMutations, useSections, useSectionMutations, type FormField } from '../api';
import { ConfirmDialog, errorText } from '../components/common';
import { useQueryParams } from '../components/useQueryParams';
import { FormStateActions } from '../components/FormStateActions';
import { formEditorPath, visitPath } from '../paths';
import { AddFieldsDialog } from './AddFieldsDialog';
import { useDependencyMutations } from './dependencyApi';
import { formFields } from './dependencyTree';
import { DependentFieldsDialog } from './DependentFieldsDialog';
import { FieldDetailsDialog } from './FieldDetailsDialog';
import { FieldsPanel, type FieldsView } from './FieldsPanel';
import { fieldDomId } from './FieldTree';
import { SectionsNav } from './SectionsNav';
import { useRulesAccess } from '../../rules/access';
import { QaNotesBadge } from '../../qa-validation/QaNotesBadge';
import { useQaFormNotes } from '../../qa-validation/designBadgesApi';
import { NoteDialog } from '../../qa-validation/NoteDialogs';
import { qaNotesIndicator } from '@edc/domain';

// The field's rules (and the rule engine) load when first opened.
const FieldRulesDialog = lazy(() => import('../../rules/FieldRulesDialog').then((m) => ({ default: m.FieldRulesDialog })));

/**
 * /visits/:visitId/form/:formId — sections on the left, the fields of the chosen section on the right.
 * `?sectionId=` chooses the section, `?formFieldId=` the field's section and scrolls to the field,
 * `?view=tree` shows the dependent-fields tree.
 */
export default function FormEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { visitId = '', formId = '' } = useParams();
  const { params, setParams, patchParams } = useQueryParams();
  const form = useDesignForm(formId);
  const sections = useSections(formId);
  const fieldMutations = useFormFieldMutations();
  const sectionMutations = useSectionMutations();
  const { cleanParent } = useDependencyMutations();
  const [addingFields, setAddingFields] = useState(false);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [dependentsId, setDependentsId] = useState<string | null>(null);
  const [rulesId, setRulesId] = useState<string | null>(null);
  const rulesAccess = useRulesAccess();
  const [deletingField, setDeletingField] = useState<FormField | null>(null);
  const [deletingSection, setDeletingSection] = useState(false);

  const list = sections.data ?? [];
  const all = formFields(list);
  const sectionId = params.get('sectionId');
  const formFieldId = params.get('formFieldId');
  const view: FieldsView = params.get('view') === 'tree' ? 'tree' : 'list';
  const section = list.find((s) => s.id === sectionId) ?? list[0] ?? null;
  const complete = form.data?.complete ?? false;

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
  const targetId = target?.id;
  useEffect(() => {
    if (!formFieldId || !targetId || section?.id !== targetId) return;
    document.getElementById(fieldDomId(formFieldId))?.scrollIntoView({ block: 'center' });
  }, [formFieldId, section?.id, targetId, view]);

  // QA's notes on this form and its fields (version under validation), so that designers see what QA asked.
  const qa = useQaFormNotes(form.data?.researchId ?? null, visitId, formId);
  const [noteId, setNoteId] = useState<string | null>(null);
  const fieldBadge = (f: FormField) => {
    const notes = qa.byField.get(f.id);
    if (!notes?.length) return null;
    return (
      <QaNotesBadge
        indicator={qaNotesIndicator(notes.map((n) => n.status))}
        open={notes.length}
        onClick={() => setNoteId(notes[0]!.id)}
        testId={`qa-field-badge-${f.id}`}
      />
    );
  };
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
      {qa.qaForm?.notesIndicator && qa.qaVisit && (
        <Box sx={{ mb: 1, ml: -1 }}>
          <QaNotesBadge
            indicator={qa.qaForm.notesIndicator}
            open={qa.qaForm.openNotes}
            to={`/qaValidation/notes?qaVisitId=${qa.qaVisit.id}&qaFormId=${qa.qaForm.id}`}
            testId="qa-form-badge"
          />
        </Box>
      )}
      {noteId && <NoteDialog id={noteId} onClose={() => setNoteId(null)} />}
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
          <FormStateActions form={form.data} onSplit={(copy) => void navigate(formEditorPath(copy.visitId, copy.id))} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              // The sections column stays narrow so that the fields table fits beside it; below lg the
              // sections go above the fields, which then get the full width.
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '220px minmax(0, 1fr)' },
              alignItems: 'start',
            }}
          >
            <SectionsNav
              formId={formId}
              sections={sections}
              selectedId={section?.id ?? null}
              complete={complete}
              onChoose={(id) => patchParams({ sectionId: id, formFieldId: null })}
            />
            <FieldsPanel
              formId={formId}
              section={section}
              sections={list}
              complete={complete}
              view={view}
              onView={(v) => patchParams({ view: v === 'tree' ? 'tree' : null })}
              selectedFieldId={formFieldId}
              fieldBadge={fieldBadge}
              onAddFields={() => setAddingFields(true)}
              onDeleteSection={() => setDeletingSection(true)}
              handlers={{
                onDetails: (f) => setDetailsId(f.id),
                onDependents: (f) => setDependentsId(f.id),
                onDelete: setDeletingField,
                onDetach: (f) => cleanParent.mutate(f.id, { onError: (e) => toastError(errorText(e) ?? '') }),
                onRules: rulesAccess.view ? (f) => setRulesId(f.id) : undefined,
              }}
            />
          </Box>
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
      <FieldDetailsDialog
        field={all.find((f) => f.id === detailsId) ?? null}
        onClose={() => setDetailsId(null)}
        canEdit={!complete}
      />
      {rulesId && (
        <Suspense fallback={null}>
          <FieldRulesDialog field={all.find((f) => f.id === rulesId) ?? null} onClose={() => setRulesId(null)} />
        </Suspense>
      )}
      <DependentFieldsDialog
        parent={all.find((f) => f.id === dependentsId) ?? null}
        sections={list}
        complete={complete}
        onClose={() => setDependentsId(null)}
      />
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
              patchParams({ sectionId: null, formFieldId: null });
            },
          })
        }
      />
    </>
  );
}
