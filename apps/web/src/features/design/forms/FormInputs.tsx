import Checkbox from '@mui/material/Checkbox';
import FormHelperText from '@mui/material/FormHelperText';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DEFAULT_FORM_EMPLOYEE_TYPES, design, EMPLOYEE_TYPES, GENDERS } from '@edc/domain';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useFormTypes, useResearchVersions, type Form } from '../api';
import { RhfCheckboxes, RhfText } from '../components/common';

/** The form's own settings (spec section 5, "Form creation"), shared by the create and info dialogs. */
export const formSchema = z.object({
  formTypeId: design.formCreate.shape.formTypeId,
  title: design.formCreate.shape.title,
  formKey: z.string().trim().max(200),
  isRequired: z.boolean(),
  repeating: z.boolean(),
  employeeTypesList: design.employeeTypeList,
  genderString: design.gender,
  researchVersionIdList: z.array(z.string()),
});
export type FormInput = z.input<typeof formSchema>;
export type FormOutput = z.output<typeof formSchema>;
export const formInputResolver = formResolver(formSchema);

export const NEW_FORM: FormInput = {
  formTypeId: '',
  title: '',
  formKey: '',
  isRequired: false,
  repeating: false,
  employeeTypesList: [...DEFAULT_FORM_EMPLOYEE_TYPES],
  genderString: 'Both',
  researchVersionIdList: [],
};

export const fromForm = (f: Form): FormInput => ({
  formTypeId: f.formType.id,
  title: f.title,
  formKey: f.formKey ?? '',
  isRequired: f.isRequired,
  repeating: f.repeating,
  employeeTypesList: f.employeeTypesList,
  genderString: f.genderString,
  researchVersionIdList: f.researchVersionList.map((v) => v.id),
});

/** The request body; an empty version list means "the research's last version" on creation. */
export const toFormBody = (v: FormOutput) => ({
  ...v,
  formKey: v.formKey || null,
  researchVersionIdList: v.researchVersionIdList.length ? v.researchVersionIdList : undefined,
});

export function FormInputs({
  control,
  researchId,
  formTypeReadOnly,
}: {
  control: Control<FormInput, unknown, FormOutput>;
  researchId: string;
  /** The type of an existing form stays (its fields are definitions of that type). */
  formTypeReadOnly?: boolean;
}) {
  const { t } = useTranslation();
  const formTypes = useFormTypes();
  const versions = useResearchVersions(researchId);
  const roles = useWatch({ control, name: 'employeeTypesList' }) ?? [];
  return (
    <>
      <RhfText
        control={control}
        name="formTypeId"
        label={t('design:form.formType')}
        required
        select
        disabled={formTypeReadOnly}
        helperText={formTypeReadOnly ? t('design:form.formTypeReadOnly') : undefined}
      >
        {(formTypes.data ?? []).map((ft) => (
          <MenuItem key={ft.id} value={ft.id}>
            {ft.title}
          </MenuItem>
        ))}
      </RhfText>
      {formTypes.data?.length === 0 && <FormHelperText>{t('design:form.noFormTypes')}</FormHelperText>}
      <RhfText control={control} name="title" label={t('design:form.title')} required printCheck />
      <RhfText control={control} name="formKey" label={t('design:form.formKey')} />
      <RhfText
        control={control}
        name="employeeTypesList"
        label={t('design:form.roles')}
        required
        select
        slotProps={{
          select: {
            multiple: true,
            renderValue: (value) => (value as string[]).map((r) => t(`enums:employeeType.${r}`)).join(', '),
          },
        }}
      >
        {EMPLOYEE_TYPES.map((r) => (
          <MenuItem key={r} value={r}>
            <Checkbox size="small" checked={roles.includes(r)} tabIndex={-1} />
            <ListItemText primary={t(`enums:employeeType.${r}`)} />
          </MenuItem>
        ))}
      </RhfText>
      <RhfText control={control} name="genderString" label={t('design:form.gender')} required select>
        {GENDERS.map((g) => (
          <MenuItem key={g} value={g}>
            {t(`design:gender.${g}`)}
          </MenuItem>
        ))}
      </RhfText>
      {(versions.data ?? []).length > 0 && (
        <RhfText
          control={control}
          name="researchVersionIdList"
          label={t('design:common.versions')}
          select
          helperText={t('design:form.versionsHint')}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (value) =>
                (value as string[]).map((id) => versions.data?.find((v) => v.id === id)?.index ?? id).join(', '),
            },
          }}
        >
          {(versions.data ?? []).map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {t('design:common.versionN', { index: v.index })}
            </MenuItem>
          ))}
        </RhfText>
      )}
      <RhfCheckboxes control={control} names={['isRequired', 'repeating']} label={(name) => t(`design:form.${name}`)} />
    </>
  );
}
