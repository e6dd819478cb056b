import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
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
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SCREENFAILER_REASON_SUGGESTIONS, subjectGender, type SubjectWithVisits } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useSubject, useSubjectMutation } from '../api';
import { isoToText } from '../dateText';
import { displayDate, SubjectStatusIcon } from '../ui';
import { Facts, FormDialog, FormField, optionalText, pastDate, showServerErrors, todayText } from './common';
import { DateField } from './DateField';

const required = (max: number) => z.string().trim().min(1).max(max);
const numberOf = (s: SubjectWithVisits) => s.screeningNumber;
/** Writes answer with field errors on the fields (showServerErrors); the rest become toasts there. */
const quiet = { quietErrors: true } as const;

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
    defaultValues: { genderString: '' as never, birthDate: '', screenDate: todayText(), screeningNumber: '', fullName: '' },
  });
  const save = useSubjectMutation(
    (v: z.output<ReturnType<typeof createSchema>>) => api.post('/Subjects', v, quiet),
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
      onSubmit={form.handleSubmit((v) =>
        save.mutate(v as never, {
          onError: (e) => showServerErrors(form, e, ['genderString', 'birthDate', 'screenDate', 'screeningNumber', 'fullName']),
        }),
      )}
    >
      <FormField control={c} name="screeningNumber" label={t('subjects:fields.screeningNumber')} required autoFocus />
      <DateField control={c} name="screenDate" label={t('subjects:fields.screenDate')} required />
      <FormField
        control={c}
        name="genderString"
        label={t('subjects:fields.gender')}
        required
        options={(['Male', 'Female'] as const).map((g) => ({ value: g, label: t(`subjects:gender.${g}`) }))}
      />
      <DateField control={c} name="birthDate" label={t('subjects:fields.birthDate')} required />
      <FormField control={c} name="fullName" label={t('subjects:fields.fullName')} />
    </FormDialog>
  );
}

// ------------------------------------------------------------------------------------------ randomise

const RANDOMISATION_FIELDS = ['randomizationDate', 'randomizationGroup', 'randomizationNumber'] as const;

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
    defaultValues: { randomizationDate: todayText(), randomizationGroup: '', randomizationNumber: '' },
  });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post(`/Subjects/${subject.id}/Randomise`, { ...v, version: subject.version }, quiet),
    onClose,
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('subjects:dialogs.randomise', { number: numberOf(subject) })}
      pending={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v, { onError: (e) => showServerErrors(form, e, RANDOMISATION_FIELDS) }))}
    >
      <DateField
        control={form.control}
        name="randomizationDate"
        label={t('subjects:fields.randomizationDate')}
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
    defaultValues: { endDate: todayText(), endReason: '' },
  });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post(`/Subjects/${subject.id}/Failure`, { ...v, version: subject.version }, quiet),
    onClose,
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('subjects:dialogs.screenfailer', { number: numberOf(subject) })}
      pending={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v, { onError: (e) => showServerErrors(form, e, ['endDate', 'endReason']) }))}
    >
      <DateField control={form.control} name="endDate" label={t('subjects:fields.endDate')} required autoFocus />
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
    defaultValues: { kind: 'End', endDate: todayText(), endReason: '' },
  });
  const kind = form.watch('kind');
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) =>
      api.post(
        `/Subjects/${subject.id}/${v.kind}`,
        {
          endDate: v.endDate,
          endReason: v.endReason || null,
          version: subject.version,
        },
        quiet,
      ),
    onClose,
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('subjects:dialogs.end', { number: numberOf(subject) })}
      pending={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v, { onError: (e) => showServerErrors(form, e, ['endDate', 'endReason']) }))}
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
      <DateField control={form.control} name="endDate" label={t('subjects:fields.endDate')} required />
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
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: { signDate: todayText() },
  });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post(`/Subjects/${subject.id}/Sign`, { ...v, version: subject.version }, quiet),
    onClose,
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('subjects:dialogs.sign', { number: numberOf(subject) })}
      submitLabel={t('subjects:menu.sign')}
      pending={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v, { onError: (e) => showServerErrors(form, e, ['signDate']) }))}
    >
      <DialogContentText>{t('subjects:dialogs.signText')}</DialogContentText>
      <DateField control={form.control} name="signDate" label={t('subjects:fields.signDate')} required autoFocus />
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
  const form = useForm<z.input<typeof schema>>({ resolver: formResolver(schema) as never, defaultValues: { date: todayText() } });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post('/SubjectsVisit', { date: v.date, subjectId: subject.id, visitId: visit.id }, quiet),
    onClose,
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('subjects:dialogs.confirmVisit', { visit: visit.title })}
      submitLabel={t('subjects:dialogs.confirm')}
      pending={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v, { onError: (e) => showServerErrors(form, e, ['date']) }))}
    >
      <DialogContentText>{t('subjects:dialogs.confirmVisitText', { number: numberOf(subject) })}</DialogContentText>
      <DateField control={form.control} name="date" label={t('subjects:fields.visitDate')} required autoFocus />
    </FormDialog>
  );
}

// -------------------------------------------------------------------------------------- subject info

const DETAIL_FIELDS = ['genderString', 'birthDate', 'screenDate', 'screeningNumber', 'fullName'] as const;

const editSchema = () =>
  z.object({
    genderString: subjectGender,
    birthDate: pastDate('date'),
    screenDate: pastDate('screenDate'),
    screeningNumber: required(50),
    fullName: optionalText,
  });

/** The randomisation as corrected (PUT Randomise); the group only for those who see it (blinding). */
const randomisationEditSchema = (groups: readonly string[], seesGroup: boolean, notInResearch: string) =>
  z.object({
    randomizationDate: pastDate('randomizationDate'),
    randomizationGroup: seesGroup
      ? required(100).refine((g) => groups.includes(g), { message: notInResearch })
      : z.string().optional(),
    randomizationNumber: required(50),
    reasonForChange: optionalText,
  });

const detailValues = (s: SubjectWithVisits) => ({
  genderString: (s.gender === 'Female' ? 'Female' : 'Male') as 'Male' | 'Female',
  birthDate: isoToText(s.birthDate),
  screenDate: isoToText(s.screenDate),
  screeningNumber: s.screeningNumber,
  fullName: s.fullName ?? '',
});

const randomisationValues = (s: SubjectWithVisits) => ({
  randomizationDate: isoToText(s.randomizationDate),
  randomizationGroup: s.randomizationGroup ?? '',
  randomizationNumber: s.randomizationNumber ?? '',
  reasonForChange: '',
});

type InfoMode = 'view' | 'details' | 'randomisation';

/**
 * Subject information: details, the randomisation block and the end block. Site users may edit the
 * details and correct the randomisation (PUT Randomise) when the rules allow; after a save the dialog
 * shows the subject as it now is.
 */
export function SubjectInfoDialog({
  subject: initial,
  canEdit,
  canEditRandomisation,
  groups,
  startEditing,
  onClose,
}: {
  subject: SubjectWithVisits;
  canEdit: boolean;
  canEditRandomisation: boolean;
  groups: readonly string[];
  startEditing?: boolean;
  onClose: () => void;
}) {
  const { t, i18n: i18 } = useTranslation();
  const subject = useSubject(initial.id).data ?? initial;
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [mode, setMode] = useState<InfoMode>(startEditing && canEdit ? 'details' : 'view');
  const seesGroup = subject.randomizationGroup !== undefined;

  const detailsSchema = useMemo(() => editSchema(), [i18.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const details = useForm<z.input<typeof detailsSchema>>({
    resolver: formResolver(detailsSchema) as never,
    defaultValues: detailValues(subject),
  });
  const saveDetails = useSubjectMutation((v: z.output<typeof detailsSchema>) =>
    api.put(`/Subjects/${subject.id}/`, { ...v, version: subject.version }, quiet),
  );

  const rSchema = useMemo(
    () => randomisationEditSchema(groups, seesGroup, t('subjects:dialogs.groupNotInResearch')),
    [groups, seesGroup, t],
  );
  const randomisation = useForm<z.input<typeof rSchema>>({
    resolver: formResolver(rSchema) as never,
    defaultValues: randomisationValues(subject),
  });
  const saveRandomisation = useSubjectMutation((v: z.output<typeof rSchema>) =>
    api.put(
      `/Subjects/${subject.id}/Randomise`,
      {
        randomizationDate: v.randomizationDate,
        ...(seesGroup ? { randomizationGroup: v.randomizationGroup } : {}),
        randomizationNumber: v.randomizationNumber,
        reasonForChange: v.reasonForChange,
        version: subject.version,
      },
      quiet,
    ),
  );

  const startMode = (next: InfoMode) => {
    if (next === 'details') details.reset(detailValues(subject));
    if (next === 'randomisation') randomisation.reset(randomisationValues(subject));
    setMode(next);
  };

  const title = t('subjects:dialogs.info', { number: numberOf(subject) });
  const dc = details.control;
  const rc = randomisation.control;

  const detailsBlock =
    mode === 'details' ? (
      <>
        <FormField control={dc} name="screeningNumber" label={t('subjects:fields.screeningNumber')} required autoFocus />
        <DateField control={dc} name="screenDate" label={t('subjects:fields.screenDate')} required />
        <FormField
          control={dc}
          name="genderString"
          label={t('subjects:fields.gender')}
          required
          options={(['Male', 'Female'] as const).map((g) => ({ value: g, label: t(`subjects:gender.${g}`) }))}
        />
        <DateField control={dc} name="birthDate" label={t('subjects:fields.birthDate')} required />
        <FormField control={dc} name="fullName" label={t('subjects:fields.fullName')} />
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
    );

  let randomisationBlock;
  if (mode === 'randomisation') {
    randomisationBlock = (
      <>
        <DateField control={rc} name="randomizationDate" label={t('subjects:fields.randomizationDate')} required autoFocus />
        {seesGroup ? (
          <FormField
            control={rc}
            name="randomizationGroup"
            label={t('subjects:fields.randomizationGroup')}
            required
            options={groups.map((g) => ({ value: g, label: g }))}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('subjects:dialogs.groupBlinded')}
          </Typography>
        )}
        <FormField control={rc} name="randomizationNumber" label={t('subjects:fields.randomizationNumber')} required />
        <FormField control={rc} name="reasonForChange" label={t('subjects:fields.reasonForChange')} multiline />
      </>
    );
  } else if (subject.isRandomised) {
    randomisationBlock = (
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
    );
  } else {
    randomisationBlock = <Typography color="text.secondary">{t('subjects:dialogs.notRandomised')}</Typography>;
  }

  const body = (
    <>
      <Typography variant="h3" component="h3" sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        <SubjectStatusIcon status={subject.status} /> {t('subjects:dialogs.details')}
      </Typography>
      {detailsBlock}
      <Divider sx={{ my: 2 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h3">
          {t('subjects:dialogs.randomisationBlock')}
        </Typography>
        {mode === 'view' && canEditRandomisation && subject.isRandomised && (
          <Button size="small" startIcon={<EditOutlined />} onClick={() => startMode('randomisation')}>
            {t('subjects:dialogs.editRandomisation')}
          </Button>
        )}
      </Stack>
      {randomisationBlock}
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

  if (mode === 'details') {
    return (
      <FormDialog
        open
        onClose={startEditing ? onClose : () => setMode('view')}
        title={title}
        pending={saveDetails.isPending}
        onSubmit={details.handleSubmit((v) =>
          saveDetails.mutate(v, {
            onSuccess: () => (startEditing ? onClose() : setMode('view')),
            onError: (e) => showServerErrors(details, e, DETAIL_FIELDS),
          }),
        )}
      >
        {body}
      </FormDialog>
    );
  }
  if (mode === 'randomisation') {
    return (
      <FormDialog
        open
        onClose={() => setMode('view')}
        title={title}
        pending={saveRandomisation.isPending}
        onSubmit={randomisation.handleSubmit((v) =>
          saveRandomisation.mutate(v, {
            onSuccess: () => setMode('view'),
            onError: (e) => showServerErrors(randomisation, e, [...RANDOMISATION_FIELDS, 'reasonForChange']),
          }),
        )}
      >
        {body}
      </FormDialog>
    );
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="subject-info-title">
      <DialogTitle id="subject-info-title">{title}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {canEdit && <Button onClick={() => startMode('details')}>{t('subjects:dialogs.edit')}</Button>}
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
