import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sectionValidationRefusal, type SubjectFormSectionReply } from '@edc/domain';
import { toastError, toastSuccess } from '../../../shared/api/client';
import { openNotesOf, useSectionValidation, useValidationSide, validatedBy } from '../validationApi';
import { validationFailureText, ReasonButton, refusalText } from '../validationUi';

/** What the section's validation needs to know of its form and where it is. */
export interface SectionValidationContext {
  formId: string;
  subjectVisitId: string;
  /** The form is validated by the monitor: QA and DM no longer revert (spec section 4). */
  formKioValidated?: boolean;
}

const SIDES = ['qa', 'dm'] as const;

/**
 * A section's validation (spec sections 4 and 6): the 'Проверено ОКК' / 'Проверено ДМ' chips and why its values
 * are read-only, for everyone; for QA and data managers their side's validate button (disabled with the reason
 * while the domain refuses: the section not confirmed, open queries) or its revert (hidden once the form is
 * KIO-validated). Monitors validate forms, not sections.
 */
export function SectionValidation({ section, ctx }: { section: SubjectFormSectionReply; ctx: SectionValidationContext }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const side = useValidationSide();
  const mutation = useSectionValidation(ctx.formId, ctx.subjectVisitId);
  const validatedSides = SIDES.filter((s) => validatedBy(s, section));
  const mySide = side === 'qa' || side === 'dm' ? side : null;
  const done = mySide ? validatedBy(mySide, section) : false;
  const form = {
    isComplete: section.isComplete,
    qaValidate: false,
    dmValidate: false,
    kioValidate: Boolean(ctx.formKioValidated),
  };
  const refusal = mySide
    ? sectionValidationRefusal(mySide, section, form, !done, done ? 0 : openNotesOf(section.noteStatus))
    : null;
  // The revert is hidden for QA and DM once the monitor has validated the form; nothing else hides a button.
  const showButton = mySide !== null && !(done && refusal === 'form_kio_validated');
  if (validatedSides.length === 0 && !showButton) return null;

  const run = async () => {
    if (!mySide) return;
    try {
      await mutation.mutateAsync({ sectionId: section.id, side: mySide, validate: !done });
      toastSuccess(t(done ? `validation:section.reverted.${mySide}` : `validation:section.done.${mySide}`));
    } catch (e) {
      toastError(validationFailureText(t, e));
      // The state may have moved on (another validation, a new note): read the form again.
      void qc.invalidateQueries({ queryKey: ['subjectForm', ctx.formId] });
    }
  };

  return (
    <Box
      role="group"
      aria-label={t('validation:section.group')}
      data-testid="section-validation"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      {validatedSides.map((s) => (
        <Chip
          key={s}
          size="small"
          color="success"
          variant="outlined"
          icon={<VerifiedOutlined />}
          label={t(`validation:section.validated.${s}`)}
          data-testid="section-validated"
          data-side={s}
        />
      ))}
      {showButton && mySide && (
        <ReasonButton
          size="small"
          variant={done ? 'text' : 'outlined'}
          color={done ? 'inherit' : 'primary'}
          startIcon={done ? undefined : <VerifiedOutlined />}
          reason={refusal ? refusalText(t, refusal) : null}
          loading={mutation.isPending}
          onClick={() => void run()}
        >
          {done ? t('validation:section.revert') : t(`validation:section.validate.${mySide}`)}
        </ReasonButton>
      )}
      {validatedSides.length > 0 && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexBasis: '100%' }}
          data-testid="section-validated-note"
        >
          <LockOutlined fontSize="inherit" aria-hidden />
          {t('validation:section.readOnly', { sides: validatedSides.map((s) => t(`validation:side.${s}`)).join(', ') })}
        </Typography>
      )}
    </Box>
  );
}
