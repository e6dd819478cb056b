import { useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { design } from '@edc/domain';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useSectionMutations, type Section } from '../api';
import { DesignDialog, InfoRow, PointChips, RhfText, SubmitActions, splitList } from '../components/common';
import { InfoEditDialog, useInlineEdit } from '../components/InfoEditDialog';

/** Section settings (spec section 5: the name is required). */
const sectionSchema = z.object({
  sectionName: design.sectionCreate.shape.sectionName,
  description: z.string().trim().max(4000),
  formSectionKey: z.string().trim().max(200),
  points: z.string().max(20000),
});
type SectionInput = z.input<typeof sectionSchema>;
type SectionOutput = z.output<typeof sectionSchema>;
const sectionResolver = formResolver(sectionSchema);
const NEW_SECTION: SectionInput = { sectionName: '', description: '', formSectionKey: '', points: '' };

const fromSection = (s: Section): SectionInput => ({
  sectionName: s.sectionName,
  description: s.description ?? '',
  formSectionKey: s.formSectionKey ?? '',
  points: s.pointList.join(', '),
});
const toBody = (v: SectionOutput) => ({
  sectionName: v.sectionName,
  description: v.description || null,
  formSectionKey: v.formSectionKey || null,
  pointList: splitList(v.points),
});

function SectionInputs({ control }: { control: Control<SectionInput, unknown, SectionOutput> }) {
  const { t } = useTranslation();
  return (
    <>
      <RhfText control={control} name="sectionName" label={t('design:section.name')} required printCheck autoFocus />
      <RhfText control={control} name="description" label={t('design:section.description')} multiline minRows={2} printCheck />
      <RhfText control={control} name="formSectionKey" label={t('design:section.key')} />
      <RhfText control={control} name="points" label={t('design:visit.pointList')} helperText={t('design:section.pointsHint')} />
    </>
  );
}

export function SectionDialog({ open, onClose, formId }: { open: boolean; onClose: () => void; formId: string }) {
  const { t } = useTranslation();
  const { create } = useSectionMutations();
  const rhf = useForm<SectionInput, unknown, SectionOutput>({ resolver: sectionResolver, defaultValues: NEW_SECTION });
  const close = () => {
    rhf.reset(NEW_SECTION);
    onClose();
  };
  return (
    <DesignDialog
      open={open}
      onClose={close}
      title={t('design:section.create')}
      onSubmit={rhf.handleSubmit((v) => create.mutate({ formId, ...toBody(v) }, { onSuccess: close }))}
      actions={<SubmitActions onCancel={close} pending={create.isPending} />}
    >
      <SectionInputs control={rhf.control} />
    </DesignDialog>
  );
}

/**
 * Section info with inline edit (view → edit → confirm or cancel). Not editable while the form is
 * complete; a refused save restores the stored values.
 */
export function SectionInfoDialog({
  section,
  fieldCount,
  formComplete,
  onClose,
}: {
  section: Section | null;
  fieldCount?: number;
  formComplete: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { update } = useSectionMutations();
  const inline = useInlineEdit({ item: section, toInput: fromSection, resolver: sectionResolver, onClose });
  if (!section) return null;
  return (
    <InfoEditDialog
      title={t('design:section.info', { name: section.sectionName })}
      state={inline}
      canEdit={!formComplete}
      readOnlyNote={formComplete ? t('design:section.completeNoEdit') : undefined}
      pending={update.isPending}
      onSubmit={inline.submit(update, (v) => ({ id: section.id, body: { ...toBody(v), updatedAt: section.updatedAt } }))}
      edit={<SectionInputs control={inline.form.control} />}
      view={
        <>
          <InfoRow label={t('design:section.name')}>{section.sectionName}</InfoRow>
          <InfoRow label={t('design:section.description')}>{section.description}</InfoRow>
          <InfoRow label={t('design:section.key')}>{section.formSectionKey}</InfoRow>
          <InfoRow label={t('design:visit.pointList')}>
            {section.pointList.length ? <PointChips points={section.pointList} /> : null}
          </InfoRow>
          {fieldCount !== undefined && <InfoRow label={t('design:section.fieldCount')}>{fieldCount}</InfoRow>}
        </>
      }
    />
  );
}
