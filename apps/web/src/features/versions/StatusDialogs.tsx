import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { RESEARCH_VERSION_STATUSES, type ResearchVersionStatus } from '@edc/domain';
import { DesignDialog, SubmitActions } from '../design/components/common';
import { fullName } from '../identity/labels';
import { useAdminEmployees, useResearchVersionMutations, type ResearchVersion } from './api';

/** Setting a status directly, bypassing the state machine (spec section 6: user role admin only). */
export function ChangeStatusDialog({ version, onClose }: { version: ResearchVersion; onClose: () => void }) {
  const { t } = useTranslation();
  const { changeStatus } = useResearchVersionMutations();
  const [status, setStatus] = useState<ResearchVersionStatus>(version.status);
  // The direct change passes by the Start testing gate: the audit trail keeps why.
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const missingReason = submitted && !reason.trim();
  return (
    <DesignDialog
      open
      onClose={onClose}
      title={t('versions:changeStatus.title', { index: version.index })}
      onSubmit={(e) => {
        e.preventDefault();
        if (status === version.status) return onClose();
        setSubmitted(true);
        if (!reason.trim()) return;
        changeStatus.mutate({ id: version.id, versionStatus: status, reason: reason.trim() }, { onSuccess: onClose });
      }}
      actions={<SubmitActions onCancel={onClose} pending={changeStatus.isPending} label={t('common:actions.save')} />}
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('versions:changeStatus.warning')}
      </Alert>
      <TextField
        select
        fullWidth
        autoFocus
        label={t('versions:research.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value as ResearchVersionStatus)}
      >
        {RESEARCH_VERSION_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`versions:status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth
        required
        multiline
        minRows={2}
        sx={{ mt: 2 }}
        label={t('versions:changeStatus.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={missingReason}
        helperText={missingReason ? t('versions:changeStatus.reasonRequired') : undefined}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </DesignDialog>
  );
}

/** Assigns the author of a version that has none, chosen among the admin organisation's employees. */
export function SetAuthorDialog({ version, onClose }: { version: ResearchVersion; onClose: () => void }) {
  const { t } = useTranslation();
  const { setAuthor } = useResearchVersionMutations();
  const employees = useAdminEmployees(version.researchId, true);
  const [authorId, setAuthorId] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const missing = submitted && !authorId;
  const none = employees.isSuccess && employees.data.length === 0;
  return (
    <DesignDialog
      open
      onClose={onClose}
      title={t('versions:author.title', { index: version.index })}
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (authorId) setAuthor.mutate({ researchVersionId: version.id, authorId }, { onSuccess: onClose });
      }}
      actions={
        <SubmitActions onCancel={onClose} pending={setAuthor.isPending} label={t('common:actions.save')} disabled={none} />
      }
    >
      {none ? (
        <Alert severity="info">{t('versions:author.none')}</Alert>
      ) : (
        <TextField
          select
          fullWidth
          autoFocus
          required
          label={t('versions:author.employee')}
          value={authorId}
          onChange={(e) => setAuthorId(e.target.value)}
          disabled={!employees.data}
          error={missing || employees.isError}
          helperText={
            employees.isError
              ? t('versions:errors.employees')
              : missing
                ? t('common:validation.required')
                : t('versions:author.hint')
          }
        >
          {(employees.data ?? []).map((e) => (
            <MenuItem key={e.id} value={e.id}>
              {fullName(e.user)} — {t(`enums:employeeType.${e.employeeType}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </DesignDialog>
  );
}
