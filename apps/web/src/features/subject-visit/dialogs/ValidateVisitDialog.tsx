import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  formCompletedStatus,
  formValidationRefusal,
  type SubjectFormBrief,
  type ValidationRefusal,
  type ValidationSide,
} from '@edc/domain';
import { toastSuccess } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/components/FormDialog';
import { Loading } from '../../../shared/components/Loading';
import { CompletedStatusChip } from '../../subjects/ui';
import { useVisitPage } from '../api';
import { formTitle, sortForms } from '../format';
import { openNotesOf, useVisitValidation, validatedBy } from '../validationApi';
import { validationFailureText, refusalText } from '../validationUi';

interface Row {
  form: SubjectFormBrief;
  linked: boolean;
  /** Validated by the caller's side now. */
  current: boolean;
  /** Why the mark cannot change, or null. */
  refusal: ValidationRefusal | null;
}

/**
 * The selective validation of a visit's forms (spec sections 5 and 7): each form of the visit (its linked forms
 * too) with a checkbox, checked when the caller's side has validated it; a form whose mark cannot change is
 * disabled with the reason. Confirm is enabled only when the marks differ from the current state, and sends
 * only the forms that changed. While saving the dialog shows its progress; a refusal keeps it open with the
 * server's message.
 */
export function ValidateVisitDialog({
  subjectVisitId,
  side,
  onClose,
}: {
  subjectVisitId: string;
  side: ValidationSide;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Every form of the visit, whatever point filter the page has.
  const page = useVisitPage(subjectVisitId, []);
  const mutation = useVisitValidation(subjectVisitId);
  const [marks, setMarks] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);

  const rows = useMemo<Row[]>(() => {
    const row = (form: SubjectFormBrief, linked: boolean): Row => {
      const current = validatedBy(side, form);
      const refusal = formValidationRefusal(side, form, !current, current ? 0 : openNotesOf(form.noteStatus));
      return { form, linked, current, refusal };
    };
    return [
      ...sortForms(page.data?.subjectFormList ?? []).map((f) => row(f, false)),
      ...sortForms(page.data?.linkedSubjectFormList ?? []).map((f) => row(f, true)),
    ];
  }, [page.data, side]);

  const checked = (r: Row) => (r.refusal ? r.current : (marks[r.form.id] ?? r.current));
  const changes = rows.filter((r) => checked(r) !== r.current);
  const changeable = rows.filter((r) => !r.refusal);
  const allChecked = changeable.length > 0 && changeable.every(checked);
  const saving = mutation.isPending;

  const toggle = (r: Row, value: boolean) => {
    setError(null);
    setMarks((m) => ({ ...m, [r.form.id]: value }));
  };
  const submit = async () => {
    if (changes.length === 0 || saving) return;
    setError(null);
    try {
      await mutation.mutateAsync({
        side,
        changes: changes.map((r) => ({ subjectFormId: r.form.id, validate: !r.current })),
      });
      toastSuccess(t('validation:visit.saved'));
      onClose();
    } catch (e) {
      setError(validationFailureText(t, e));
    }
  };

  return (
    <FormDialog
      title={t(`validation:visit.title.${side}`)}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      saveDisabled={changes.length === 0}
      submitLabel={t('validation:visit.confirm')}
      fullScreenOnPhone
    >
      {page.isPending ? (
        <Loading minHeight={160} />
      ) : page.isError ? (
        <Alert severity="error">{t('validation:visit.loadError')}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('validation:visit.noForms')}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t(`validation:visit.hint.${side}`)}
          </Typography>
          {changeable.length > 1 && (
            <FormControlLabel
              sx={{ mb: 0.5 }}
              label={t('validation:visit.selectAll')}
              control={
                <Checkbox
                  checked={allChecked}
                  indeterminate={!allChecked && changeable.some(checked)}
                  disabled={saving}
                  onChange={(e) => {
                    setError(null);
                    const value = e.target.checked;
                    setMarks(Object.fromEntries(changeable.map((r) => [r.form.id, value])));
                  }}
                />
              }
            />
          )}
          <Box
            component="ul"
            aria-label={t('validation:visit.forms')}
            sx={{ listStyle: 'none', p: 0, m: 0, borderTop: 1, borderColor: 'divider' }}
          >
            {rows.map((r) => {
              const title = formTitle(r.form, t);
              const status = formCompletedStatus(r.form);
              const reasonId = `validate-visit-reason-${r.form.id}`;
              return (
                <Box
                  component="li"
                  key={r.form.id}
                  data-testid="validate-visit-row"
                  data-form={r.form.form.title}
                  sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
                >
                  <FormControlLabel
                    sx={{ flex: 1, minWidth: 0, mr: 0, alignItems: 'flex-start' }}
                    disabled={Boolean(r.refusal) || saving}
                    control={
                      <Checkbox
                        checked={checked(r)}
                        onChange={(e) => toggle(r, e.target.checked)}
                        slotProps={{ input: { 'aria-describedby': r.refusal ? reasonId : undefined } }}
                        sx={{ mt: -0.75 }}
                      />
                    }
                    label={
                      <Box sx={{ minWidth: 0 }}>
                        <Typography component="span" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
                          {title}
                        </Typography>
                        {r.linked && (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {` · ${t('validation:visit.linked')}`}
                          </Typography>
                        )}
                        {r.refusal && (
                          <Typography id={reasonId} variant="body2" color="text.secondary" data-testid="validate-visit-reason">
                            {refusalText(t, r.refusal)}
                          </Typography>
                        )}
                      </Box>
                    }
                  />
                  <CompletedStatusChip status={status} label={t(`validation:formStatus.${status}`)} />
                </Box>
              );
            })}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
            {changes.length > 0 ? t('validation:visit.changes', { n: changes.length }) : t('validation:visit.noChanges')}
          </Typography>
          {saving && (
            <Box sx={{ mt: 1 }} role="status" aria-label={t('validation:visit.saving')}>
              <LinearProgress />
            </Box>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 1.5 }} data-testid="validate-visit-error">
              {error}
            </Alert>
          )}
        </>
      )}
    </FormDialog>
  );
}
