import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { JournalEntry } from '@edc/domain';
import { ApiError, toastError, toastSuccess } from '../../shared/api/client';
import { changeSectionStatus, completeSection } from '../subject-visit/api';
import { displayDateTime } from '../subject-visit/format';

/**
 * Completing the journal's section for one subject (spec operations section 2): for the roles the server
 * allows (`canComplete`: the form's employee types in the subject's site, nothing signed). A section with no
 * status yet is marked 'Yes' (Completed) first; the server's checks (required fields...) answer as in the form.
 */
export function JournalCompleteCell({ entry }: { entry: JournalEntry }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const section = entry.sections[0];
  if (!section) return null;
  if (section.isComplete)
    return (
      <Typography variant="body2" color="success.main" data-testid="journal-completed">
        {t('summary:journals.completed', { date: displayDateTime(section.completeDate) })}
      </Typography>
    );
  if (!entry.canComplete) return null;
  const complete = async () => {
    setBusy(true);
    try {
      let version = section.version;
      if (!section.status) version = (await changeSectionStatus(section.id, { status: 'Completed', version })).data!.version;
      await completeSection(section.id, null, version);
      toastSuccess(t('summary:journals.done'));
    } catch (e) {
      toastError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: ['journals', 'entries'] });
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      onClick={() => void complete()}
      aria-label={t('summary:journals.completeFor', { subject: entry.screeningNumber })}
    >
      {t('summary:journals.complete')}
    </Button>
  );
}
