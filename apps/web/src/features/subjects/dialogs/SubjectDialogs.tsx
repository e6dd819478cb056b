import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SCREENFAILER_REASON_SUGGESTIONS, subjectGender, type SubjectWithVisits } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useSubjectMutation } from '../api';
import { displayDate, SubjectStatusIcon } from '../ui';
import { FormDialog, FormField, optionalText, pastDate, today } from './common';

const required = (max: number) => z.string().trim().min(1).max(max);
const numberOf = (s: SubjectWithVisits) => s.screeningNumber;

// ------------------------------------------------------------------------------------ create subject

const createSchema = () =>
  z.object({
    genderString: subjectGender,
    birthDate: pastDate('date'),
    screenDate: pastDate('screenDate'),
    screeningNumber: required(50),
    fullName: optionalText,
  });
type CreateValues = z.input<ReturnType<typeof createSchema>>;

export function CreateSubjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => createSchema(), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<CreateValues>({
    resolver: formResolver(schema) as never,
    defaultValues: { genderString: '' as never, birthDate: '', screenDate: today(), screeningNumber: '', fullName: '' },
  });
  const save = useSubjectMutation(
    (v: z.output<ReturnType<typeof createSchema>>) => api.post('/Subjects', v),
    () => {
      form.reset();
      onClose();
    },
  );
  const c = form.control;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('subjects:dialogs.create')}
      submitLabel={t('subjects:dialogs.create_submit')}
      pending={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v as never))}
    >
      <FormField control={c} name="screeningNumber" label={t('subjects:fields.screeningNumber')} required autoFocus />
      <FormField control={c} name="screenDate" label={t('subjects:fields.screenDate')} type="date" required />
      <FormField
        control={c}
        name="genderString"
        label={t('subjects:fields.gender')}
        required
        options={(['Male', 'Female'] as const).map((g) => ({ value: g, label: t(`subjects:gender.${g}`) }))}
      />
      <FormField control={c} name="birthDate" label={t('subjects:fields.birthDate')} type="date" required />
      <FormField control={c} name="fullName" label={t('subjects:fields.fullName')} />
    </FormDialog>
  );
}

// ------------------------------------------------------------------------------------------ randomise

const randomiseSchema = () =>
  z.object({
    randomizationDate: pastDate('randomizationDate'),
    randomizationGroup: required(100),
    randomizationNumber: required(50),
  });

export function RandomiseDialog({
  subject,
  groups,
  onClose,
}: {
  subject: SubjectWithVisits;
  groups: string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => randomiseSchema(), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: { randomizationDate: today(), randomizationGroup: '', randomizationNumber: '' },
  });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post(`/Subjects/${subject.id}/Randomise`, { ...v, version: subject.version }),
    onClose,
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('subjects:dialogs.randomise', { number: numberOf(subject) })}
      pending={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
    >
      <FormField
        control={form.control}
        name="randomizationDate"
        label={t('subjects:fields.randomizationDate')}
        type="date"
        required
        autoFocus
      />
      <FormField
        control={form.control}
        name="randomizationGroup"
        label={t('subjects:fields.randomizationGroup')}
        required
        options={groups.map((g) => ({ value: g, label: g }))}
      />
      <FormField control={form.control} name="randomizationNumber" label={t('subjects:fields.randomizationNumber')} required />
    </FormDialog>
  );
}

// -------------------------------------------------------------------------------------- screenfailer

const endWithReasonSchema = () => z.object({ endDate: pastDate('date'), endReason: required(1000) });

export function ScreenfailerDialog({ subject, onClose }: { subject: SubjectWithVisits; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => endWithReasonSchema(), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: { endDate: today(), endReason: '' },
  });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post(`/Subjects/${subject.id}/Failure`, { ...v, version: subject.version }),
    onClose,
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('subjects:dialogs.screenfailer', { number: numberOf(subject) })}
      pending={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
    >
      <FormField control={form.control} name="endDate" label={t('subjects:fields.endDate')} type="date" required autoFocus />
      <Controller
        name="endReason"
        control={form.control}
        render={({ field, fieldState }) => (
          <Autocomplete
            freeSolo
            options={[...SCREENFAILER_REASON_SUGGESTIONS]}
            inputValue={field.value ?? ''}
            onInputChange={(_, value) => field.onChange(value)}
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                label={t('subjects:fields.endReason')}
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        )}
      />
    </FormDialog>
  );
}

// --------------------------------------------------------------------------------- end participation

const endSchema = () =>
  z
    .object({ kind: z.enum(['End', 'EndAheadSchedule']), endDate: pastDate('date'), endReason: z.string().trim().max(1000) })
    .superRefine((v, ctx) => {
      if (v.kind === 'EndAheadSchedule' && v.endReason === '')
        ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, input: '', path: ['endReason'], inclusive: true });
    });

export function EndParticipationDialog({ subject, onClose }: { subject: SubjectWithVisits; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => endSchema(), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: { kind: 'End', endDate: today(), endReason: '' },
  });
  const kind = form.watch('kind');
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) =>
      api.post(`/Subjects/${subject.id}/${v.kind}`, {
        endDate: v.endDate,
        endReason: v.endReason || null,
        version: subject.version,
      }),
    onClose,
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('subjects:dialogs.end', { number: numberOf(subject) })}
      pending={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
    >
      <Controller
        name="kind"
        control={form.control}
        render={({ field }) => (
          <FormControl sx={{ mt: 1 }}>
            <FormLabel id="end-kind-label">{t('subjects:dialogs.endKind')}</FormLabel>
            <RadioGroup row aria-labelledby="end-kind-label" name={field.name} value={field.value} onChange={field.onChange}>
              <FormControlLabel value="End" control={<Radio />} label={t('subjects:dialogs.endByProtocol')} />
              <FormControlLabel value="EndAheadSchedule" control={<Radio />} label={t('subjects:dialogs.endAhead')} />
            </RadioGroup>
          </FormControl>
        )}
      />
      <FormField control={form.control} name="endDate" label={t('subjects:fields.endDate')} type="date" required />
      <FormField
        control={form.control}
        name="endReason"
        label={kind === 'End' ? t('subjects:fields.comment') : t('subjects:fields.endReason')}
        required={kind !== 'End'}
        multiline
      />
    </FormDialog>
  );
}

// --------------------------------------------------------------------------------------------- sign

export function SignDialog({ subject, onClose }: { subject: SubjectWithVisits; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => z.object({ signDate: pastDate('date') }), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({ resolver: formResolver(schema) as never, defaultValues: { signDate: today() } });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post(`/Subjects/${subject.id}/Sign`, { ...v, version: subject.version }),
    onClose,
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('subjects:dialogs.sign', { number: numberOf(subject) })}
      submitLabel={t('subjects:menu.sign')}
      pending={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
    >
      <DialogContentText>{t('subjects:dialogs.signText')}</DialogContentText>
      <FormField control={form.control} name="signDate" label={t('subjects:fields.signDate')} type="date" required autoFocus />
    </FormDialog>
  );
}

// ------------------------------------------------------------------------------------------- delete

export function DeleteSubjectDialog({ subject, onClose }: { subject: SubjectWithVisits; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useSubjectMutation(() => api.delete(`/Subjects/${subject.id}`), onClose);
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby="delete-subject-title"
      aria-describedby="delete-subject-text"
    >
      <DialogTitle id="delete-subject-title">{t('subjects:dialogs.delete', { number: numberOf(subject) })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-subject-text">{t('subjects:dialogs.deleteQuestion')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending} autoFocus>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="contained" color="error" loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
          {t('subjects:dialogs.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// ------------------------------------------------------------------------------------- confirm visit

export function ConfirmVisitDialog({
  subject,
  visit,
  onClose,
}: {
  subject: SubjectWithVisits;
  visit: { id: string; title: string };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => z.object({ date: pastDate('visitDate') }), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({ resolver: formResolver(schema) as never, defaultValues: { date: today() } });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post('/SubjectsVisit', { date: v.date, subjectId: subject.id, visitId: visit.id }),
    onClose,
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('subjects:dialogs.confirmVisit', { visit: visit.title })}
      submitLabel={t('subjects:dialogs.confirm')}
      pending={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
    >
      <DialogContentText>{t('subjects:dialogs.confirmVisitText', { number: numberOf(subject) })}</DialogContentText>
      <FormField control={form.control} name="date" label={t('subjects:fields.visitDate')} type="date" required autoFocus />
    </FormDialog>
  );
}

// -------------------------------------------------------------------------------------- subject info

const editSchema = () =>
  z.object({
    genderString: subjectGender,
    birthDate: pastDate('date'),
    screenDate: pastDate('screenDate'),
    screeningNumber: required(50),
    fullName: optionalText,
  });

function Facts({ rows }: { rows: Array<[string, string | null | undefined]> }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, columnGap: 2, rowGap: 0.5, my: 1 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Subject information: details (editable when allowed), the randomisation block and the end block. */
export function SubjectInfoDialog({
  subject,
  canEdit,
  startEditing,
  onClose,
}: {
  subject: SubjectWithVisits;
  canEdit: boolean;
  startEditing?: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(Boolean(startEditing && canEdit));
  const schema = useMemo(() => editSchema(), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: {
      genderString: subject.gender === 'Female' ? 'Female' : 'Male',
      birthDate: subject.birthDate,
      screenDate: subject.screenDate,
      screeningNumber: subject.screeningNumber,
      fullName: subject.fullName ?? '',
    },
  });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.put(`/Subjects/${subject.id}/`, { ...v, version: subject.version }),
    onClose,
  );
  const title = t('subjects:dialogs.info', { number: numberOf(subject) });
  const c = form.control;
  const body = (
    <>
      <Typography variant="h3" component="h3" sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        <SubjectStatusIcon status={subject.status} /> {t('subjects:dialogs.details')}
      </Typography>
      {editing ? (
        <>
          <FormField control={c} name="screeningNumber" label={t('subjects:fields.screeningNumber')} required autoFocus />
          <FormField control={c} name="screenDate" label={t('subjects:fields.screenDate')} type="date" required />
          <FormField
            control={c}
            name="genderString"
            label={t('subjects:fields.gender')}
            required
            options={(['Male', 'Female'] as const).map((g) => ({ value: g, label: t(`subjects:gender.${g}`) }))}
          />
          <FormField control={c} name="birthDate" label={t('subjects:fields.birthDate')} type="date" required />
          <FormField control={c} name="fullName" label={t('subjects:fields.fullName')} />
        </>
      ) : (
        <Facts
          rows={[
            [t('subjects:fields.status'), t(`subjects:subjectStatus.${subject.status}`)],
            [t('subjects:fields.fullName'), subject.fullName],
            [t('subjects:fields.screeningNumber'), subject.screeningNumber],
            [t('subjects:fields.identificationNumber'), subject.identificationNumber],
            [t('subjects:fields.site'), subject.researchOrganisationNumber],
            [t('subjects:fields.gender'), subject.gender === 'Both' ? null : t(`subjects:gender.${subject.gender}`)],
            [t('subjects:fields.birthDate'), displayDate(subject.birthDate)],
            [t('subjects:fields.screenDate'), displayDate(subject.screenDate)],
          ]}
        />
      )}
      <Divider sx={{ my: 2 }} />
      <Typography variant="h3" component="h3">
        {t('subjects:dialogs.randomisationBlock')}
      </Typography>
      {subject.isRandomised ? (
        <Facts
          rows={[
            [t('subjects:fields.randomizationDate'), displayDate(subject.randomizationDate)],
            [t('subjects:fields.randomizationNumber'), subject.randomizationNumber],
            [
              t('subjects:fields.randomizationGroup'),
              subject.randomizationGroup === undefined ? t('subjects:fields.groupHidden') : subject.randomizationGroup,
            ],
          ]}
        />
      ) : (
        <Typography color="text.secondary">{t('subjects:dialogs.notRandomised')}</Typography>
      )}
      <Divider sx={{ my: 2 }} />
      <Typography variant="h3" component="h3">
        {t('subjects:dialogs.endBlock')}
      </Typography>
      {subject.endDate ? (
        <Facts
          rows={[
            [t('subjects:fields.endDate'), displayDate(subject.endDate)],
            [t('subjects:fields.endReason'), subject.endReason],
            [t('subjects:fields.signDate'), displayDate(subject.signDate)],
          ]}
        />
      ) : (
        <Typography color="text.secondary">{t('subjects:dialogs.notEnded')}</Typography>
      )}
    </>
  );
  if (editing) {
    return (
      <FormDialog
        open
        onClose={onClose}
        title={title}
        pending={save.isPending}
        onSubmit={form.handleSubmit((v) => save.mutate(v))}
      >
        {body}
      </FormDialog>
    );
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="subject-info-title">
      <DialogTitle id="subject-info-title">{title}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {canEdit && <Button onClick={() => setEditing(true)}>{t('subjects:dialogs.edit')}</Button>}
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
