import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DEFAULT_FORM_EMPLOYEE_TYPES, design, EMPLOYEE_TYPES, GENDERS } from '@edc/domain';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useFormMutations, useFormTypes, useResearchVersions, useSectionMutations, useVisits, type Form } from '../api';
import { DesignDialog, RhfText, splitList } from '../components/common';

const formSchema = z.object({
  formTypeId: design.formCreate.shape.formTypeId,
  title: design.formCreate.shape.title,
  formKey: z.string().trim().max(200),
  isRequired: z.boolean(),
  repeating: z.boolean(),
  employeeTypesList: design.employeeTypeList,
  genderString: design.gender,
  researchVersionIdList: z.array(z.string()),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const formResolverInstance = formResolver(formSchema);

const NEW_FORM: FormInput = {
  formTypeId: '',
  title: '',
  formKey: '',
  isRequired: false,
  repeating: false,
  employeeTypesList: [...DEFAULT_FORM_EMPLOYEE_TYPES],
  genderString: 'Both',
  researchVersionIdList: [],
};

const fromForm = (f: Form): FormInput => ({
  formTypeId: f.formType.id,
  title: f.title,
  formKey: f.formKey ?? '',
  isRequired: f.isRequired,
  repeating: f.repeating,
  employeeTypesList: f.employeeTypesList,
  genderString: f.genderString,
  researchVersionIdList: f.researchVersionList.map((v) => v.id),
});

/** Create a form in a visit, or edit one (spec section 5, "Form creation"). */
export function FormDialog({
  open,
  onClose,
  visitId,
  researchId,
  form: existing,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  visitId: string;
  researchId: string;
  form?: Form;
  onCreated?: (form: Form) => void;
}) {
  const { t } = useTranslation();
  const formTypes = useFormTypes();
  const versions = useResearchVersions(researchId);
  const { create, update } = useFormMutations();
  const rhf = useForm<FormInput, unknown, FormOutput>({
    resolver: formResolverInstance,
    values: existing ? fromForm(existing) : NEW_FORM,
  });
  const roles = rhf.watch('employeeTypesList') ?? [];
  const close = () => {
    rhf.reset(existing ? fromForm(existing) : NEW_FORM);
    onClose();
  };
  const submit = rhf.handleSubmit((v) => {
    const body = {
      ...v,
      formKey: v.formKey || null,
      researchVersionIdList: v.researchVersionIdList.length ? v.researchVersionIdList : undefined,
    };
    if (existing)
      update.mutate({ id: existing.id, body: { ...body, updatedAt: existing.updatedAt } }, { onSuccess: close, onError: close });
    else
      create.mutate(
        { visitId, ...body },
        {
          onSuccess: (f) => {
            close();
            onCreated?.(f);
          },
        },
      );
  });
  return (
    <DesignDialog
      open={open}
      onClose={close}
      title={existing ? t('design:form.edit') : t('design:form.create')}
      onSubmit={submit}
      actions={
        <>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            {existing ? t('common:actions.save') : t('design:common.create')}
          </Button>
        </>
      }
    >
      <RhfText control={rhf.control} name="formTypeId" label={t('design:form.formType')} required select>
        {(formTypes.data ?? []).map((ft) => (
          <MenuItem key={ft.id} value={ft.id}>
            {ft.title}
          </MenuItem>
        ))}
      </RhfText>
      {formTypes.data?.length === 0 && <FormHelperText>{t('design:form.noFormTypes')}</FormHelperText>}
      <RhfText control={rhf.control} name="title" label={t('design:form.title')} required printCheck />
      <RhfText control={rhf.control} name="formKey" label={t('design:form.formKey')} />
      <RhfText
        control={rhf.control}
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
      <RhfText control={rhf.control} name="genderString" label={t('design:form.gender')} required select>
        {GENDERS.map((g) => (
          <MenuItem key={g} value={g}>
            {t(`design:gender.${g}`)}
          </MenuItem>
        ))}
      </RhfText>
      {(versions.data ?? []).length > 0 && (
        <RhfText
          control={rhf.control}
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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {(['isRequired', 'repeating'] as const).map((name) => (
          <Controller
            key={name}
            name={name}
            control={rhf.control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
                label={t(`design:form.${name}`)}
              />
            )}
          />
        ))}
      </Box>
    </DesignDialog>
  );
}

const sectionSchema = z.object({
  sectionName: design.sectionCreate.shape.sectionName,
  description: z.string().trim().max(4000),
  formSectionKey: z.string().trim().max(200),
  points: z.string().max(20000),
});
type SectionInput = z.input<typeof sectionSchema>;
const sectionResolver = formResolver(sectionSchema);
const NEW_SECTION: SectionInput = { sectionName: '', description: '', formSectionKey: '', points: '' };

export function SectionDialog({ open, onClose, formId }: { open: boolean; onClose: () => void; formId: string }) {
  const { t } = useTranslation();
  const { create } = useSectionMutations();
  const rhf = useForm<SectionInput, unknown, z.output<typeof sectionSchema>>({
    resolver: sectionResolver,
    defaultValues: NEW_SECTION,
  });
  const close = () => {
    rhf.reset(NEW_SECTION);
    onClose();
  };
  return (
    <DesignDialog
      open={open}
      onClose={close}
      title={t('design:section.create')}
      onSubmit={rhf.handleSubmit((v) =>
        create.mutate(
          {
            formId,
            sectionName: v.sectionName,
            description: v.description || null,
            formSectionKey: v.formSectionKey || null,
            pointList: splitList(v.points),
          },
          { onSuccess: close },
        ),
      )}
      actions={
        <>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('design:common.create')}
          </Button>
        </>
      }
    >
      <RhfText control={rhf.control} name="sectionName" label={t('design:section.name')} required printCheck autoFocus />
      <RhfText
        control={rhf.control}
        name="description"
        label={t('design:section.description')}
        multiline
        minRows={2}
        printCheck
      />
      <RhfText control={rhf.control} name="formSectionKey" label={t('design:section.key')} />
      <RhfText
        control={rhf.control}
        name="points"
        label={t('design:visit.pointList')}
        helperText={t('design:section.pointsHint')}
      />
    </DesignDialog>
  );
}

/** Copies a complete form into other visits of the research. */
export function CopyFormDialog({ form, researchId, onClose }: { form: Form | null; researchId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const visits = useVisits(form ? researchId : null, null);
  const { copyToVisits } = useFormMutations();
  const [chosen, setChosen] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const close = () => {
    setChosen([]);
    setTouched(false);
    onClose();
  };
  if (!form) return null;
  const others = (visits.data ?? []).filter((v) => v.id !== form.visitId);
  return (
    <DesignDialog
      open
      onClose={close}
      title={t('design:form.copyTitle', { title: form.title })}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (chosen.length) copyToVisits.mutate({ id: form.id, visitIdList: chosen }, { onSuccess: close });
      }}
      actions={
        <>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={copyToVisits.isPending}>
            {t('design:form.copy')}
          </Button>
        </>
      }
    >
      <Typography id="copy-visits-label" sx={{ mb: 1 }}>
        {t('design:form.copyTo')}
      </Typography>
      {others.length === 0 ? (
        <Typography color="text.secondary">{t('design:visits.empty')}</Typography>
      ) : (
        <FormGroup aria-labelledby="copy-visits-label">
          {others.map((v) => (
            <FormControlLabel
              key={v.id}
              label={v.title}
              control={
                <Checkbox
                  checked={chosen.includes(v.id)}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, v.id] : c.filter((x) => x !== v.id)))}
                />
              }
            />
          ))}
        </FormGroup>
      )}
      {touched && chosen.length === 0 && <FormHelperText error>{t('design:form.chooseVisits')}</FormHelperText>}
    </DesignDialog>
  );
}
