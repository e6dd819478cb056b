import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formValidationRefusal, VALIDATION_SIDES, type SubjectFormReply } from '@edc/domain';
import { toastError, toastSuccess } from '../../../shared/api/client';
import { displayDateTime } from '../format';
import { openNotesOf, useFormValidation, useValidationSide, validatedBy } from '../validationApi';
import { validationFailureText, ReasonButton, refusalText } from '../validationUi';

const DATE_OF = { qa: 'qaValidateDate', dm: 'dmValidateDate', kio: 'kioValidateDate' } as const;

/**
 * The form's validation in the dialog's footer (spec sections 4 and 6): a chip per side that validated it, with
 * the date in the user's zone, for everyone; for QA, data managers and monitors their side's validate button
 * (disabled with the reason while the domain refuses: the form not complete, KIO before QA and DM, open queries)
 * or its revert (hidden for QA and DM once the monitor validated).
 */
export function FormValidation({ form, subjectVisitId }: { form: SubjectFormReply; subjectVisitId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const side = useValidationSide();
  const mutation = useFormValidation(form.id, subjectVisitId);
  const validatedSides = VALIDATION_SIDES.filter((s) => validatedBy(s, form));
  const done = side ? validatedBy(side, form) : false;
  const refusal = side ? formValidationRefusal(side, form, !done, done ? 0 : openNotesOf(form.noteStatus)) : null;
  const showButton = side !== null && !(done && refusal === 'form_kio_validated');
  if (validatedSides.length === 0 && !showButton) return null;

  const run = async () => {
    if (!side) return;
    try {
      await mutation.mutateAsync({ side, validate: !done });
      toastSuccess(t(done ? `validation:form.reverted.${side}` : `validation:form.done.${side}`));
    } catch (e) {
      toastError(validationFailureText(t, e));
      void qc.invalidateQueries({ queryKey: ['subjectForm', form.id] });
    }
  };

  return (
    <Box
      role="group"
      aria-label={t('validation:form.state')}
      data-testid="form-validation"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      {validatedSides.map((s) => {
        const date = displayDateTime(form[DATE_OF[s]]);
        return (
          <Chip
            key={s}
            size="small"
            color={s === 'kio' ? 'primary' : 'success'}
            variant="outlined"
            icon={<VerifiedOutlined />}
            label={t(`validation:form.chip.${s}`, { date })}
            title={t(`validation:form.chipTitle.${s}`, { date })}
            data-testid="form-validated"
            data-side={s}
          />
        );
      })}
      {showButton && side && (
        <ReasonButton
          variant={done ? 'outlined' : 'contained'}
          color={done ? 'inherit' : 'primary'}
          startIcon={done ? undefined : <VerifiedOutlined />}
          reason={refusal ? refusalText(t, refusal) : null}
          loading={mutation.isPending}
          onClick={() => void run()}
        >
          {t(done ? `validation:form.revert.${side}` : `validation:form.validate.${side}`)}
        </ReasonButton>
      )}
    </Box>
  );
}
