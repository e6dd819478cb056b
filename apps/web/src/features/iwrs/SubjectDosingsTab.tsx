import './i18n';
import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SubjectWithVisits } from '@edc/domain';
import { api } from '../../shared/api/client';
import { FormDialog } from '../../shared/components/FormDialog';
import { useResearch, useSubjectContext } from '../subjects/api';
import { useIwrsMutation } from './api';
import { DosingsTable } from './DosingsTable';
import { EmergencyUnblindDialog } from './EmergencyUnblindDialog';
import { UnblindingsTable } from './UnblindingsTable';

/** Dispensing at a dosing: the user names the period, the server picks the kit (docs/iwrs.md). */
function DispenseDialog({ subject, periods, onClose }: { subject: SubjectWithVisits; periods: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(periods[0] ?? 1);
  const save = useIwrsMutation(() => api.post('/SubjectDosing', { subjectId: subject.id, periodNumber: period }), onClose);
  return (
    <FormDialog
      open
      fullScreenOnPhone
      onClose={onClose}
      title={t('iwrs:dosings.dispenseTitle', { number: subject.screeningNumber })}
      saving={save.isPending}
      onSubmit={() => save.mutate(undefined)}
    >
      <TextField select label={t('iwrs:dosings.period')} value={period} onChange={(e) => setPeriod(Number(e.target.value))}>
        {periods.map((p) => (
          <MenuItem key={p} value={p}>
            {p}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        {t('iwrs:dosings.dispenseHint')}
      </Typography>
    </FormDialog>
  );
}

/**
 * The subject page's dosings tab (spec operations section 2; the only tab for kio): the subject's dosing
 * rows with the medications dialog; a site writer dispenses a kit to a randomised subject.
 */
export function SubjectDosingsTab({ subject }: { subject: SubjectWithVisits }) {
  const { t } = useTranslation();
  const ctx = useSubjectContext();
  const research = useResearch(ctx.researchId);
  const [dispensing, setDispensing] = useState(false);
  const [unblinding, setUnblinding] = useState(false);
  const canWrite = Boolean(ctx.me?.permissions.includes('subjects_edit'));
  // Emergency unblinding: the principal investigator of the subject's site, once the subject has a group.
  const canUnblind = canWrite && ctx.actor.employeeType === 'PrincipalInvestigator' && subject.randomizationNumber !== null;
  const periods = Array.from({ length: Math.max(research.data?.totalPeriods ?? 1, 1) }, (_, i) => i + 1);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1}>
        {canWrite && subject.status === 'Randomised' && (
          <Button variant="contained" onClick={() => setDispensing(true)}>
            {t('iwrs:dosings.dispense')}
          </Button>
        )}
        {canUnblind && (
          <Button color="warning" variant="outlined" onClick={() => setUnblinding(true)}>
            {t('iwrs:unblinding.open')}
          </Button>
        )}
      </Stack>
      <DosingsTable filter={{ subjectId: subject.id }} canWrite={canWrite} />
      {ctx.isSiteUser && <UnblindingsTable subjectId={subject.id} hideWhenEmpty />}
      {dispensing && <DispenseDialog subject={subject} periods={periods} onClose={() => setDispensing(false)} />}
      {unblinding && <EmergencyUnblindDialog subject={subject} onClose={() => setUnblinding(false)} />}
    </Stack>
  );
}
