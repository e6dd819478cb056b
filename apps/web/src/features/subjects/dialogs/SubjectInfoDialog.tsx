import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isoToText, type SubjectWithVisits } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { DateField } from '../../../shared/components/DateField';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useSubject, useSubjectMutation } from '../api';
import { displayDate, SubjectStatusIcon } from '../ui';
import {
  DETAIL_FIELDS,
  Facts,
  FormField,
  optionalText,
  pastDate,
  quiet,
  requiredText,
  showServerErrors,
  SubjectDetailsFields,
  subjectDetailsSchema,
  subjectNumber,
  type SubjectDetailsInput,
} from './common';
import { FormDialog } from '../../../shared/components/FormDialog';

/** The randomisation as corrected (PUT Randomise): date and number; the group has its own action with a reason. */
const randomisationEditSchema = () =>
  z.object({
    randomizationDate: pastDate('randomizationDate'),
    randomizationNumber: requiredText(50),
    reasonForChange: optionalText,
  });

/** A new group with the reason for it (PUT RandomisationGroup, unblinded users only). */
const groupChangeSchema = (groups: readonly string[], notInResearch: string) =>
  z.object({
    randomizationGroup: requiredText(100).refine((g) => groups.includes(g), { message: notInResearch }),
    reason: requiredText(1000),
  });

const detailValues = (s: SubjectWithVisits): SubjectDetailsInput => ({
  genderString: (s.gender === 'Female' ? 'Female' : 'Male') as 'Male' | 'Female',
  birthDate: isoToText(s.birthDate),
  screenDate: isoToText(s.screenDate),
  screeningNumber: s.screeningNumber,
  fullName: s.fullName ?? '',
});

const randomisationValues = (s: SubjectWithVisits) => ({
  randomizationDate: isoToText(s.randomizationDate),
  randomizationNumber: s.randomizationNumber ?? '',
  reasonForChange: '',
});

type InfoMode = 'view' | 'details' | 'randomisation' | 'group';

/**
 * Subject information: details, the randomisation block and the end block. Site users may edit the
 * details and correct the randomisation date and number (PUT Randomise) when the rules allow; users who see
 * the group may change it with a reason (PUT RandomisationGroup) while the subject is randomised, unended
 * and unsigned. After a save the dialog shows the subject as it now is.
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

  const detailsSchema = useMemo(() => subjectDetailsSchema(), [i18.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const details = useForm<SubjectDetailsInput>({
    resolver: formResolver(detailsSchema) as never,
    defaultValues: detailValues(subject),
  });
  const saveDetails = useSubjectMutation((v: z.output<typeof detailsSchema>) =>
    api.put(`/Subjects/${subject.id}/`, { ...v, version: subject.version }, quiet),
  );

  const rSchema = useMemo(() => randomisationEditSchema(), [i18.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const randomisation = useForm<z.input<typeof rSchema>>({
    resolver: formResolver(rSchema) as never,
    defaultValues: randomisationValues(subject),
  });
  const saveRandomisation = useSubjectMutation((v: z.output<typeof rSchema>) =>
    api.put(
      `/Subjects/${subject.id}/Randomise`,
      {
        randomizationDate: v.randomizationDate,
        randomizationNumber: v.randomizationNumber,
        reasonForChange: v.reasonForChange,
        version: subject.version,
      },
      quiet,
    ),
  );

  const gSchema = useMemo(() => groupChangeSchema(groups, t('subjects:dialogs.groupNotInResearch')), [groups, t]);
  const groupForm = useForm<z.input<typeof gSchema>>({
    resolver: formResolver(gSchema) as never,
    defaultValues: { randomizationGroup: subject.randomizationGroup ?? '', reason: '' },
  });
  const saveGroup = useSubjectMutation((v: z.output<typeof gSchema>) =>
    api.put(`/Subjects/${subject.id}/RandomisationGroup`, { ...v, version: subject.version }, quiet),
  );
  const canChangeGroup = seesGroup && subject.isRandomised && subject.status === 'Randomised' && !subject.isSigned;

  const startMode = (next: InfoMode) => {
    if (next === 'details') details.reset(detailValues(subject));
    if (next === 'randomisation') randomisation.reset(randomisationValues(subject));
    if (next === 'group') groupForm.reset({ randomizationGroup: subject.randomizationGroup ?? '', reason: '' });
    setMode(next);
  };

  const title = t('subjects:dialogs.info', { number: subjectNumber(subject) });
  const rc = randomisation.control;

  const detailsBlock =
    mode === 'details' ? (
      <SubjectDetailsFields control={details.control} />
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
  if (mode === 'group') {
    randomisationBlock = (
      <>
        <FormField
          control={groupForm.control}
          name="randomizationGroup"
          label={t('subjects:fields.randomizationGroup')}
          required
          autoFocus
          options={groups.map((g) => ({ value: g, label: g }))}
        />
        <FormField control={groupForm.control} name="reason" label={t('subjects:fields.groupChangeReason')} required multiline />
      </>
    );
  } else if (mode === 'randomisation') {
    randomisationBlock = (
      <>
        <DateField control={rc} name="randomizationDate" label={t('subjects:fields.randomizationDate')} required autoFocus />
        {seesGroup ? (
          <Facts rows={[[t('subjects:fields.randomizationGroup'), subject.randomizationGroup]]} />
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
        <Stack direction="row" sx={{ gap: 1 }}>
          {mode === 'view' && canEditRandomisation && subject.isRandomised && (
            <Button size="small" startIcon={<EditOutlined />} onClick={() => startMode('randomisation')}>
              {t('subjects:dialogs.editRandomisation')}
            </Button>
          )}
          {mode === 'view' && canChangeGroup && (
            <Button size="small" startIcon={<EditOutlined />} onClick={() => startMode('group')}>
              {t('subjects:dialogs.changeGroup')}
            </Button>
          )}
        </Stack>
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

  // The three edit modes differ only in their form, their save and where closing leads.
  const view = () => setMode('view');
  const editing =
    mode === 'details'
      ? {
          saving: saveDetails.isPending,
          back: startEditing ? onClose : view,
          submit: details.handleSubmit((v) =>
            saveDetails.mutate(v, {
              onSuccess: () => (startEditing ? onClose() : view()),
              onError: (e) => showServerErrors(details, e, DETAIL_FIELDS),
            }),
          ),
        }
      : mode === 'randomisation'
        ? {
            saving: saveRandomisation.isPending,
            back: view,
            submit: randomisation.handleSubmit((v) =>
              saveRandomisation.mutate(v, {
                onSuccess: view,
                onError: (e) =>
                  showServerErrors(randomisation, e, ['randomizationDate', 'randomizationNumber', 'reasonForChange']),
              }),
            ),
          }
        : mode === 'group'
          ? {
              saving: saveGroup.isPending,
              back: view,
              submit: groupForm.handleSubmit((v) =>
                saveGroup.mutate(v, {
                  onSuccess: view,
                  onError: (e) => showServerErrors(groupForm, e, ['randomizationGroup', 'reason']),
                }),
              ),
            }
          : null;
  if (editing) {
    return (
      <FormDialog fullScreenOnPhone open onClose={editing.back} title={title} saving={editing.saving} onSubmit={editing.submit}>
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
