import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isoToText, type SubjectVisit, type SubjectWithVisits } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { formResolver } from '../../../shared/forms/zodI18n';
import { DateField } from '../../../shared/components/DateField';
import { Loading } from '../../../shared/components/Loading';
import { useSubjectMutation, useSubjectVisits } from '../api';
import { CompletedStatusChip, displayDate } from '../ui';
import { Facts, pastDate } from './common';

/** The visit's name with its occurrence when it repeats: "Visit #2". */
export const subjectVisitTitle = (sv: SubjectVisit) =>
  sv.visit.repeating && sv.repeatIndex > 0 ? `${sv.visit.title} #${sv.repeatIndex + 1}` : sv.visit.title;

/** On time, overdue or upcoming, in the colours of the statistic chart. */
export function TimingChip({ timing }: { timing: SubjectVisit['timing'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={timing === 'overdue' ? 'error' : timing === 'onTime' ? 'success' : 'default'}
      label={t(`subjects:page.timing.${timing}`)}
      data-timing={timing}
    />
  );
}

/**
 * The visit's date, changed with POST /SubjectsVisit/{id}/ChangeDate?date=. A future date is refused
 * before sending (the spec's message); when the server refuses, the field goes back to the visit's date and
 * shows the server's message (spec section 8: failed edits reset to their earlier values).
 */
function VisitDateForm({ sv }: { sv: SubjectVisit }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => z.object({ date: pastDate('visitDate') }), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const current = isoToText(sv.date);
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: { date: current },
    values: { date: current },
    resetOptions: { keepErrors: true },
  });
  const save = useSubjectMutation((v: z.output<typeof schema>) =>
    api.post(`/SubjectsVisit/${sv.id}/ChangeDate`, undefined, { query: { date: v.date }, quietErrors: true }),
  );
  const dirty = form.watch('date') !== current;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit((v) =>
        save.mutate(v, {
          onError: (error) => {
            form.reset({ date: current });
            const messages = error instanceof Error ? error.message : String(error);
            form.setError('date', { type: 'server', message: messages }, { shouldFocus: true });
          },
        }),
      )}
      sx={{
        display: 'flex',
        alignItems: { xs: 'stretch', sm: 'flex-start' },
        gap: { xs: 0, sm: 2 },
        flexDirection: { xs: 'column', sm: 'row' },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <DateField control={form.control} name="date" label={t('subjects:fields.visitDate')} required />
      </Box>
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        disabled={!dirty}
        sx={{ mt: { xs: 0, sm: 3 }, whiteSpace: 'nowrap' }}
      >
        {t('subjects:visitInfo.changeDate')}
      </Button>
    </Box>
  );
}

/** The General tab: the subject visit, its status, window and versions; the date is editable when allowed. */
function GeneralTab({ subject, sv, canChangeDate }: { subject: SubjectWithVisits; sv: SubjectVisit; canChangeDate: boolean }) {
  const { t } = useTranslation();
  const rov = sv.researchOrganisationVersion;
  const researchVersion = rov?.researchVersion ?? sv.researchVersion;
  return (
    <>
      {canChangeDate ? <VisitDateForm sv={sv} /> : null}
      <Facts
        rows={[
          [t('subjects:visitInfo.subject'), subject.screeningNumber],
          [t('subjects:visitInfo.visit'), subjectVisitTitle(sv)],
          ...(canChangeDate ? [] : ([[t('subjects:fields.visitDate'), displayDate(sv.date)]] as Array<[string, string]>)),
          [t('subjects:visitInfo.status'), <CompletedStatusChip key="status" status={sv.formCompletedStatus} />],
          [
            t('subjects:visitInfo.window'),
            <Stack key="window" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <span>
                {t('subjects:visitInfo.windowRange', { from: displayDate(sv.window.from), to: displayDate(sv.window.to) })}
              </span>
              <TimingChip timing={sv.timing} />
            </Stack>,
          ],
          [t('subjects:fields.signDate'), displayDate(sv.signDate)],
          [
            t('subjects:visitInfo.researchVersion'),
            researchVersion
              ? t('subjects:visitInfo.versionOf', {
                  index: researchVersion.index,
                  date: displayDate(researchVersion.startedDate),
                })
              : null,
          ],
          [
            t('subjects:visitInfo.protocolVersion'),
            rov
              ? t('subjects:visitInfo.versionOf', {
                  index: rov.protocolVersion.protocolVersionNumber,
                  date: displayDate(rov.protocolVersion.protocolVersionDate),
                })
              : null,
          ],
        ]}
      />
    </>
  );
}

/**
 * Visit info from the subject matrix (spec section 2). Only the General tab: the Documents and Monitoring
 * visits tabs come with the documents and monitoring-visit modules, which the server does not have yet.
 * `canChangeDate` says whether the caller may move this visit (site users, canChangeSubjectVisitDate);
 * everyone else (qa, kio) sees it read-only.
 */
export function VisitInfoDialog({
  subject,
  subjectVisitId,
  canChangeDate,
  onClose,
}: {
  subject: SubjectWithVisits;
  subjectVisitId: string;
  canChangeDate: (sv: SubjectVisit) => boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const visits = useSubjectVisits(subject.id);
  const sv = visits.data?.find((v) => v.id === subjectVisitId);
  const titleId = 'visit-info-title';
  let content;
  if (visits.isPending) content = <Loading />;
  else if (visits.isError || !sv) content = <Alert severity="error">{t('subjects:visitInfo.loadError')}</Alert>;
  else content = <GeneralTab subject={subject} sv={sv} canChangeDate={canChangeDate(sv)} />;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {sv
          ? t('subjects:visitInfo.title', { visit: subjectVisitTitle(sv), number: subject.screeningNumber })
          : t('subjects:visitInfo.titleLoading', { number: subject.screeningNumber })}
      </DialogTitle>
      <Tabs value="general" sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }} aria-label={t('subjects:visitInfo.tabs')}>
        <Tab
          value="general"
          label={t('subjects:visitInfo.general')}
          id="visit-info-tab-general"
          aria-controls="visit-info-panel-general"
        />
      </Tabs>
      <DialogContent role="tabpanel" id="visit-info-panel-general" aria-labelledby="visit-info-tab-general">
        {content}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
