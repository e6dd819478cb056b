import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formResolver } from '../../shared/forms/zodI18n';
import { formatDate } from '../centres/components';
import { useResearchVersions } from '../design/api';
import { InfoRow, PointChips } from '../design/components/common';
import { useUpdateResearch, type ResearchRead } from './api';
import { useResearchAccess } from './access';
import { ResearchFields } from './ResearchFields';
import {
  fromResearch,
  infoRequired,
  researchInfoForm,
  toUpdateBody,
  type ResearchFormInput,
  type ResearchInfoOutput,
} from './researchForm';

/**
 * Inline edit of the research info (spec section 4): view, edit, then confirm or cancel. Cancel, and a
 * failed save, restore the stored values (the server's message is shown as a toast).
 */
export function useResearchInfoEdit(research: ResearchRead) {
  const access = useResearchAccess();
  const update = useUpdateResearch();
  const [editing, setEditing] = useState(false);
  const resolver = useMemo(() => formResolver(researchInfoForm(research)), [research]);
  const form = useForm<ResearchFormInput, unknown, ResearchInfoOutput>({
    resolver,
    values: fromResearch(research),
    resetOptions: { keepDirtyValues: true },
  });
  const cancel = () => {
    // resetOptions apply to reset() too: here every typed value goes.
    form.reset(fromResearch(research), { keepDirtyValues: false });
    setEditing(false);
  };
  const submit = form.handleSubmit((values) =>
    update.mutate({ base: research, body: toUpdateBody(values) }, { onSuccess: () => setEditing(false), onError: cancel }),
  );
  return {
    research,
    form,
    editing,
    canEdit: access.canEditInfo(research),
    startEdit: () => setEditing(true),
    cancel,
    submit,
    pending: update.isPending,
  };
}

export type ResearchInfoEdit = ReturnType<typeof useResearchInfoEdit>;

const yesNo = (value: boolean) => (value ? 'design:common.yes' : 'design:common.no');

/** All research fields, read-only (spec section 3). */
function ResearchInfoView({ research: r }: { research: ResearchRead }) {
  const { t } = useTranslation();
  const versions = useResearchVersions(r.id);
  const row = (name: keyof ResearchRead, value: React.ReactNode) => (
    <InfoRow label={t(`researches:field.${name}`)}>{value === '' || value === null ? undefined : value}</InfoRow>
  );
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', columnGap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {row('grlsProtocolNumber', r.grlsProtocolNumber)}
      {row('mnn', r.mnn)}
      {row('protocolVersion', r.protocolVersion)}
      {row('protocolVersionDate', formatDate(r.protocolVersionDate))}
      {row('grlsStartDate', formatDate(r.grlsStartDate))}
      {row('grlsPhase', r.grlsPhase)}
      {row('sponsor', r.sponsor)}
      {row('grlsProtocol', r.grlsProtocol)}
      {row('grlsRkiNumber', r.grlsRkiNumber)}
      {row('plannedSubject', r.plannedSubject)}
      {row('totalPeriods', r.totalPeriods)}
      {row('researchKey', r.researchKey)}
      {row('drTrialId', r.drTrialId)}
      {row('statusString', t(`centres:researchStatus.${r.statusString}`))}
      {row('pointList', r.pointList.length ? <PointChips points={r.pointList} /> : undefined)}
      {row('groupList', r.groupList.join(', '))}
      {row('withIwrs', t(yesNo(r.withIwrs)))}
      <InfoRow label={t('researches:field.versions')}>{versions.data?.map((v) => v.index).join(', ') || undefined}</InfoRow>
    </Box>
  );
}

/** The dialog's or the page's content: the facts, or the inputs while editing. */
export function ResearchInfoBody({ edit }: { edit: ResearchInfoEdit }) {
  const { t } = useTranslation();
  if (edit.editing) return <ResearchFields control={edit.form.control} required={infoRequired(edit.research)} />;
  return (
    <>
      {edit.research.statusString !== 'Current' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('researches:info.notCurrent')}
        </Alert>
      )}
      <ResearchInfoView research={edit.research} />
    </>
  );
}

/** Edit (when allowed), or cancel and confirm while editing; `onClose` adds the dialog's close button. */
export function ResearchInfoActions({ edit, onClose }: { edit: ResearchInfoEdit; onClose?: () => void }) {
  const { t } = useTranslation();
  if (edit.editing)
    return (
      <>
        <Button key="cancel" onClick={edit.cancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button key="confirm" type="submit" variant="contained" loading={edit.pending}>
          {t('researches:action.confirm')}
        </Button>
      </>
    );
  return (
    <>
      {edit.canEdit && (
        <Button
          key="edit"
          variant={onClose ? 'text' : 'contained'}
          onClick={(e) => {
            e.preventDefault();
            edit.startEdit();
          }}
        >
          {t('researches:action.edit')}
        </Button>
      )}
      {onClose && (
        <Button key="close" variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      )}
    </>
  );
}
