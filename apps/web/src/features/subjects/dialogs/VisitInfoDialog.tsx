import { useMemo, useState, type ReactNode } from 'react';
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
import { canChangeVisitDocuments, isoToText, type SubjectVisit, type SubjectWithVisits } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { formResolver } from '../../../shared/forms/zodI18n';
import { DateField } from '../../../shared/components/DateField';
import { Loading } from '../../../shared/components/Loading';
import { useSubjectContext, useSubjectMutation, useSubjectVisits } from '../api';
import { useVisitDocuments } from '../documentsApi';
import { monitoringVisitsTabLabel, useSubjectVisitMonitoringVisits } from '../monitoringVisitsApi';
import { CompletedStatusChip, displayDate } from '../ui';
import { Facts, pastDate } from './common';
import { DocumentsTab } from './DocumentsTab';
import { MonitoringVisitsTab } from './MonitoringVisitsTab';

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

/** One tab of the visit info dialog: its label and its panel (ids follow `visit-info-tab-<value>`). */
export interface VisitInfoTab {
  value: string;
  label: string;
  panel: ReactNode;
}

/**
 * Visit info from the subject matrix (spec section 2): tabs General, Documents and Monitoring visits, the
 * last two with their counts (both fetched when the dialog opens).
 * `canChangeDate` says whether the caller may move this visit (site users, canChangeSubjectVisitDate);
 * everyone else (qa, kio) sees it read-only. Documents are changed by site users while the subject and the
 * visit are unsigned (canChangeVisitDocuments); the server checks the centre.
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
  const ctx = useSubjectContext();
  const visits = useSubjectVisits(subject.id);
  const documents = useVisitDocuments(subjectVisitId);
  const monitoringVisits = useSubjectVisitMonitoringVisits(subjectVisitId);
  const [tab, setTab] = useState('general');
  const sv = visits.data?.find((v) => v.id === subjectVisitId);
  const titleId = 'visit-info-title';
  const documentsRule = sv ? canChangeVisitDocuments(subject, ctx.actor, sv) : 'forbidden';

  const tabs: VisitInfoTab[] = [
    {
      value: 'general',
      label: t('subjects:visitInfo.general'),
      panel: sv ? <GeneralTab subject={subject} sv={sv} canChangeDate={canChangeDate(sv)} /> : null,
    },
    {
      value: 'documents',
      label: documents.data ? t('documents:tab', { count: documents.data.length }) : t('documents:tabLoading'),
      panel: sv ? (
        <DocumentsTab
          subjectVisitId={subjectVisitId}
          canEdit={ctx.isSiteUser && documentsRule === null}
          locked={ctx.isSiteUser && documentsRule !== null}
          drTrialSendable={ctx.isSiteUser && Boolean(sv.signDate) && Boolean(subject.drTrialId)}
        />
      ) : null,
    },
    {
      value: 'monitoringVisits',
      label: monitoringVisitsTabLabel(monitoringVisits.data?.length),
      panel: sv ? <MonitoringVisitsTab subjectVisitId={subjectVisitId} /> : null,
    },
  ];
  const active = tabs.find((x) => x.value === tab) ?? tabs[0]!;
  let content;
  if (visits.isPending) content = <Loading />;
  else if (visits.isError || !sv) content = <Alert severity="error">{t('subjects:visitInfo.loadError')}</Alert>;
  else content = active.panel;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {sv
          ? t('subjects:visitInfo.title', { visit: subjectVisitTitle(sv), number: subject.screeningNumber })
          : t('subjects:visitInfo.titleLoading', { number: subject.screeningNumber })}
      </DialogTitle>
      <Tabs
        value={active.value}
        onChange={(_e, value: string) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ px: { xs: 1, sm: 3 }, borderBottom: 1, borderColor: 'divider' }}
        aria-label={t('subjects:visitInfo.tabs')}
      >
        {tabs.map((x) => (
          <Tab
            key={x.value}
            value={x.value}
            label={x.label}
            id={`visit-info-tab-${x.value}`}
            aria-controls={`visit-info-panel-${x.value}`}
          />
        ))}
      </Tabs>
      <DialogContent
        role="tabpanel"
        id={`visit-info-panel-${active.value}`}
        aria-labelledby={`visit-info-tab-${active.value}`}
        sx={{ minHeight: { sm: 280 } }}
      >
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
