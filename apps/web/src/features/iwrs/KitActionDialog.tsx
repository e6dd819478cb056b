import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { manualActionsFor, nextMedicationStatus, type ManualMedicationAction, type Medication } from '@edc/domain';
import { api } from '../../shared/api/client';
import { FormDialog } from '../../shared/components/FormDialog';
import { useIwrsMutation } from './api';

/**
 * One kit's action taken by hand (POST /Medication/{id}/Status): only the actions the transition table
 * allows from the kit's status are offered, each with the status it leads to; a reason is optional.
 */
export function KitActionDialog({ kit, onClose }: { kit: Medication; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = manualActionsFor(kit.currentStatus);
  const [action, setAction] = useState<ManualMedicationAction>(actions[0]!);
  const [reason, setReason] = useState('');
  const save = useIwrsMutation(
    () => api.post(`/Medication/${kit.id}/Status`, { action, version: kit.version, reason: reason.trim() || null }),
    onClose,
  );
  const to = nextMedicationStatus(kit.currentStatus, action);
  return (
    <FormDialog
      open
      fullScreenOnPhone
      onClose={onClose}
      title={t('iwrs:kitActions.title', { number: kit.identNumber })}
      saving={save.isPending}
      onSubmit={() => save.mutate(undefined)}
    >
      <Typography variant="body2">
        {t('iwrs:medications.currentStatus')}: {t(`iwrs:status.${kit.currentStatus}`)}
      </Typography>
      <TextField
        select
        label={t('iwrs:kitActions.action')}
        value={action}
        onChange={(e) => setAction(e.target.value as ManualMedicationAction)}
      >
        {actions.map((a) => (
          <MenuItem key={a} value={a}>
            {t(`iwrs:kitActions.${a}`)}
          </MenuItem>
        ))}
      </TextField>
      {to && (
        <Typography variant="body2" color="text.secondary">
          {t('iwrs:kitActions.leadsTo', { status: t(`iwrs:status.${to}`) })}
        </Typography>
      )}
      <TextField
        label={t('iwrs:kitActions.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}
