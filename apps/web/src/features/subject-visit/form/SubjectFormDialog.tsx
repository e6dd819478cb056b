import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubjectFormReply } from '@edc/domain';
import { ApiError, toastError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { completeForm, formKey, invalidateVisit, useSubjectForm } from '../api';
import { formTitle } from '../format';
import { NoteStatusIndicator } from '../NoteIndicator';
import { FieldControllerProvider } from './controller';
import { sectionIndexOf, useScrollToField } from './focusField';
import { FormValidation } from './FormValidation';
import { FormReportButton } from './FormReportButton';
import { FormHistoryDialog } from './dialogs/SectionDialogs';
import { LinkedVisitsDialog } from './dialogs/LinkedVisitsDialog';
import { SectionPanel, sectionDeviates, type SectionContext } from './SectionPanel';

export interface FormDialogVisit {
  id: string;
  title: string;
  date: string;
  dayPlus: number;
  subjectNumber: string;
}

/**
 * The subject form dialog (spec section 2): full screen, the path subject / visit / form title in the header,
 * a tab per section, the form's actions in the footer. Read-only when the form's canEdit is false.
 */
export function SubjectFormDialog({
  subjectFormId,
  visit,
  points,
  nextFormId,
  showNextForm,
  onOpenForm,
  onClose,
  focusFieldId,
  focusFormFieldId,
}: {
  subjectFormId: string;
  visit: FormDialogVisit;
  points: readonly string[];
  nextFormId: string | null;
  showNextForm: boolean;
  onOpenForm: (id: string) => void;
  onClose: () => void;
  /** A field to open the form at (its section's tab, scrolled to and highlighted): the queries page's link. */
  focusFieldId?: string | null;
  /** The same by the design's form field id: the summary tables' link. */
  focusFormFieldId?: string | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useSubjectForm(subjectFormId, points);
  const f = form.data;
  const title = f ? formTitle(f, t) : '';
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby={titleId}>
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1, minHeight: { xs: 56 } }}>
          <Typography
            id={titleId}
            component="h2"
            variant="h6"
            sx={{ flex: 1, minWidth: 0, fontSize: { xs: 16, sm: 20 } }}
            noWrap={false}
          >
            {f
              ? t('dataEntry:form.path', {
                  subject: f.subject.screeningNumber || visit.subjectNumber,
                  visit: visit.title,
                  form: title,
                })
              : t('common:loading')}
          </Typography>
          <IconButton edge="end" onClick={onClose} aria-label={t('dataEntry:form.close')}>
            <Close />
          </IconButton>
        </Toolbar>
      </AppBar>
      {form.isPending ? (
        <Loading minHeight="50vh" />
      ) : form.isError ? (
        <Box sx={{ p: 3 }}>
          <Alert severity="error">{t('dataEntry:form.loadError')}</Alert>
        </Box>
      ) : (
        <FieldControllerProvider subjectVisitId={visit.id}>
          <FormBody
            form={form.data}
            visit={visit}
            points={points}
            nextFormId={nextFormId}
            showNextForm={showNextForm}
            onOpenForm={onOpenForm}
            onClose={onClose}
            focusFieldId={focusFieldId}
            focusFormFieldId={focusFormFieldId}
          />
        </FieldControllerProvider>
      )}
    </Dialog>
  );
}

function FormBody({
  form,
  visit,
  points,
  nextFormId,
  showNextForm,
  onOpenForm,
  onClose,
  focusFieldId: focusSubjectFormFieldId,
  focusFormFieldId,
}: {
  form: SubjectFormReply;
  visit: FormDialogVisit;
  points: readonly string[];
  nextFormId: string | null;
  showNextForm: boolean;
  onOpenForm: (id: string) => void;
  onClose: () => void;
  focusFieldId?: string | null;
  focusFormFieldId?: string | null;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const sections = useMemo(
    () => [...form.subjectFormSectionList].sort((a, b) => a.formSection.index - b.formSection.index),
    [form.subjectFormSectionList],
  );
  const focusFieldId =
    focusSubjectFormFieldId ??
    (focusFormFieldId
      ? form.subjectFormSectionList.flatMap((s) => s.subjectFormFieldList).find((f) => f.formFieldId === focusFormFieldId)?.id
      : null);
  const [tab, setTab] = useState(() => sectionIndexOf(sections, focusFieldId));
  useScrollToField(focusFieldId);
  const [history, setHistory] = useState(false);
  const [linked, setLinked] = useState(false);
  const linkedVisits = form.linkedSubjectVisitList ?? [];
  const [completing, setCompleting] = useState(false);
  const active = sections[Math.min(tab, sections.length - 1)];
  const ctx = useMemo<SectionContext>(
    () => ({
      formId: form.id,
      subjectVisitId: visit.id,
      canEdit: form.canEdit,
      visitDate: visit.date,
      dayPlus: visit.dayPlus,
      formKioValidated: form.kioValidate,
    }),
    [form.id, visit.id, form.canEdit, visit.date, visit.dayPlus, form.kioValidate],
  );
  const allComplete = sections.length > 0 && sections.every((s) => s.isComplete);
  const complete = async () => {
    setCompleting(true);
    try {
      const reply = await completeForm(form.id, form.version);
      qc.setQueriesData<SubjectFormReply>({ queryKey: ['subjectForm', form.id] }, () => reply.data);
      void invalidateVisit(qc, visit.id);
    } catch (e) {
      if (e instanceof ApiError) e.errors.forEach((x) => toastError(x.message));
      void qc.invalidateQueries({ queryKey: formKey(form.id, points) });
    } finally {
      setCompleting(false);
    }
  };
  return (
    <>
      {!form.canEdit && (
        <Alert severity="info" sx={{ borderRadius: 0 }} data-testid="read-only">
          {t(form.subjectVisit.signDate ? 'dataEntry:form.readOnlySigned' : 'dataEntry:form.readOnly')}
        </Alert>
      )}
      {sections.length > 1 && (
        <Tabs
          value={Math.min(tab, sections.length - 1)}
          onChange={(_e, v: number) => setTab(v)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('dataEntry:form.sections')}
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 2 } }}
        >
          {sections.map((s, i) => (
            <Tab
              key={s.id}
              value={i}
              id={`section-tab-${s.id}`}
              aria-controls={`section-panel-${s.id}`}
              iconPosition="end"
              icon={
                s.isComplete ? (
                  <CheckCircle fontSize="small" color="success" aria-hidden />
                ) : sectionDeviates(s) ? (
                  <WarningAmber fontSize="small" color="warning" aria-hidden />
                ) : undefined
              }
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                  {s.formSection.sectionName}
                  <NoteStatusIndicator status={s.noteStatus} size={18} />
                </Box>
              }
              sx={{ minHeight: 48 }}
            />
          ))}
        </Tabs>
      )}
      <Box
        component="section"
        role={sections.length > 1 ? 'tabpanel' : undefined}
        id={active ? `section-panel-${active.id}` : undefined}
        aria-labelledby={active && sections.length > 1 ? `section-tab-${active.id}` : undefined}
        aria-label={active && sections.length <= 1 ? active.formSection.sectionName : undefined}
        sx={{ flex: 1, overflowY: 'auto', px: { xs: 1.5, sm: 3 }, py: 2, maxWidth: 1100, width: '100%', mx: 'auto' }}
      >
        {sections.length === 1 && active && (
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            {active.formSection.sectionName}
          </Typography>
        )}
        {active ? (
          <SectionPanel key={active.id} section={active} ctx={ctx} />
        ) : (
          <Typography>{t('dataEntry:form.noSections')}</Typography>
        )}
      </Box>
      <Box
        component="footer"
        sx={{
          position: 'sticky',
          bottom: 0,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          px: { xs: 1.5, sm: 3 },
          py: 1.5,
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          alignItems: 'center',
        }}
      >
        {form.isComplete && (
          <Typography
            color="success.main"
            sx={{ mr: 'auto', display: 'flex', alignItems: 'center', gap: 0.5 }}
            data-testid="form-complete"
          >
            <CheckCircle fontSize="small" /> {t('dataEntry:form.completed')}
          </Typography>
        )}
        <FormValidation form={form} subjectVisitId={visit.id} />
        {linkedVisits.length > 0 && (
          <Button onClick={() => setLinked(true)}>{t('dataEntry:linkedVisits.open', { count: linkedVisits.length })}</Button>
        )}
        <Button startIcon={<HistoryOutlined />} onClick={() => setHistory(true)}>
          {t('dataEntry:form.statusHistory')}
        </Button>
        <FormReportButton subjectFormId={form.id} />
        {form.canEdit && !form.isComplete && (
          <Button variant="contained" disabled={!allComplete} loading={completing} onClick={() => void complete()}>
            {t('dataEntry:form.complete')}
          </Button>
        )}
        {showNextForm && form.isComplete && nextFormId && (
          <Button variant="outlined" onClick={() => onOpenForm(nextFormId)}>
            {t('dataEntry:form.nextForm')}
          </Button>
        )}
        <Button variant={form.isComplete ? 'contained' : 'text'} onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </Box>
      {history && <FormHistoryDialog log={form.subjectFormLogList} onClose={() => setHistory(false)} />}
      {linked && <LinkedVisitsDialog visits={linkedVisits} onClose={() => setLinked(false)} />}
    </>
  );
}
