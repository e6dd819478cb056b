import './i18n';
import '../design/i18n';
import '../versions/i18n';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { QaFormReply, QaVisitReply } from '@edc/domain';
import { PageTitle } from '../../shared/components/PageTitle';
import { Loading } from '../../shared/components/Loading';
import { useResearchVersions } from '../design/api';
import { currentEmployee, useMe } from '../identity/api';
import { useQaForms, useQaMutations, useQaVisits } from './api';
import { AddNoteDialog } from './NoteDialogs';
import { QaFormView } from './QaFormView';
import { QaStatusChip } from './QaStatusChip';
import { ValidateButton } from './ValidateButton';

/** A row of either column: the title, the validation mark, the notes' indicator and the validate button. */
function ItemRow({
  item,
  selected,
  secondary,
  onSelect,
  action,
  testId,
}: {
  item: QaVisitReply | QaFormReply;
  selected: boolean;
  secondary?: string;
  onSelect: () => void;
  action: React.ReactNode;
  testId: string;
}) {
  return (
    <ListItemButton selected={selected} onClick={onSelect} data-testid={testId} sx={{ gap: 1, flexWrap: 'wrap' }}>
      {item.validated && <CheckCircleOutlined color="success" fontSize="small" aria-hidden />}
      <ListItemText primary={item.title} secondary={secondary} sx={{ minWidth: 120, overflowWrap: 'anywhere' }} />
      {item.notesIndicator && <QaStatusChip status={item.notesIndicator} />}
      {action}
    </ListItemButton>
  );
}

/**
 * qaValidation/visits (spec design-and-admin section 2): the visits of the version under validation, then the
 * forms of the chosen visit, and the chosen form read-only with its notes. The query parameters qaVisitId,
 * qaFormId, sectionId and formFieldId open a visit, form, section or field directly.
 */
export default function QaVisitsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const employee = currentEmployee(me.data);
  const isQa = employee?.researchOrganisation.organisationTypeString === 'Qa';
  const visits = useQaVisits();
  const versions = useResearchVersions(employee?.researchOrganisation.research.id ?? null);
  const version = versions.data?.find((v) => v.id === visits.data?.[0]?.researchVersionId);
  const validating = version?.status === 'QaValidating';
  const qaVisitId = params.get('qaVisitId') ?? visits.data?.[0]?.id;
  const qaFormId = params.get('qaFormId');
  const forms = useQaForms(qaVisitId ?? undefined);
  const { toggleVisit, toggleForm } = useQaMutations();
  const [addingOnVisit, setAddingOnVisit] = useState<QaVisitReply | null>(null);
  const visit = visits.data?.find((v) => v.id === qaVisitId);
  const form = forms.data?.find((f) => f.id === qaFormId);

  const open = (next: Record<string, string | null>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v);
    setParams(p);
  };
  const validatedCount = (visits.data ?? []).filter((v) => v.validated).length;

  return (
    <>
      <PageTitle>{t('qaValidation:visits.title')}</PageTitle>
      {version && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="qa-progress">
          {t('qaValidation:visits.version', { index: version.index, status: t(`versions:status.${version.status}`) })}
          {' · '}
          {t('qaValidation:visits.progress', { validated: validatedCount, total: visits.data?.length ?? 0 })}
        </Typography>
      )}
      {visits.isPending && <Loading />}
      {visits.isError && <Alert severity="error">{t('qaValidation:errors.visits')}</Alert>}
      {visits.data && visits.data.length === 0 && <Alert severity="info">{t('qaValidation:visits.empty')}</Alert>}
      {visits.data && visits.data.length > 0 && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Paper variant="outlined">
              <List dense aria-label={t('qaValidation:visits.visits')}>
                {visits.data.map((v) => (
                  <ItemRow
                    key={v.id}
                    item={v}
                    testId={`qa-visit-${v.id}`}
                    selected={v.id === qaVisitId}
                    secondary={t('qaValidation:visits.formsProgress', { validated: v.formsValidated, total: v.formsTotal })}
                    onSelect={() => open({ qaVisitId: v.id })}
                    action={
                      isQa && (
                        <ValidateButton
                          validated={v.validated}
                          openNotes={v.openNotes}
                          validating={validating}
                          pending={toggleVisit.isPending}
                          onClick={() => toggleVisit.mutate(v.id)}
                          testId={`qa-validate-visit-${v.id}`}
                        />
                      )
                    }
                  />
                ))}
              </List>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Stack spacing={2}>
              <Paper variant="outlined">
                <Stack direction="row" sx={{ px: 2, pt: 1, alignItems: 'center' }}>
                  <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 500 }}>
                    {visit?.title}
                  </Typography>
                  {isQa && visit && validating && !visit.validated && (
                    <Button size="small" onClick={() => setAddingOnVisit(visit)} data-testid="qa-add-visit-note">
                      {t('qaValidation:add.onVisit')}
                    </Button>
                  )}
                </Stack>
                {forms.isPending && <Loading minHeight={80} />}
                {forms.isError && <Alert severity="error">{t('qaValidation:errors.form')}</Alert>}
                <List dense aria-label={t('qaValidation:visits.forms')}>
                  {forms.data?.map((f) => (
                    <ItemRow
                      key={f.id}
                      item={f}
                      testId={`qa-form-${f.id}`}
                      selected={f.id === qaFormId}
                      secondary={
                        f.validated && f.validatedBy
                          ? t('qaValidation:visits.validatedBy', { name: f.validatedBy.fullName })
                          : f.withdrawnAt
                            ? t('qaValidation:visits.withdrawn')
                            : undefined
                      }
                      onSelect={() => open({ qaVisitId: qaVisitId ?? null, qaFormId: f.id })}
                      action={
                        isQa && (
                          <ValidateButton
                            validated={f.validated}
                            openNotes={f.openNotes}
                            validating={validating}
                            pending={toggleForm.isPending}
                            onClick={() => toggleForm.mutate(f.id)}
                            testId={`qa-validate-form-${f.id}`}
                          />
                        )
                      }
                    />
                  ))}
                </List>
              </Paper>
              {form && qaVisitId && (
                <QaFormView
                  qaVisitId={qaVisitId}
                  qaForm={form}
                  isQa={isQa && validating}
                  sectionId={params.get('sectionId')}
                  formFieldId={params.get('formFieldId')}
                />
              )}
            </Stack>
          </Grid>
        </Grid>
      )}
      {addingOnVisit && (
        <AddNoteDialog
          target={{ qaVisitId: addingOnVisit.id }}
          label={addingOnVisit.title}
          onClose={() => setAddingOnVisit(null)}
        />
      )}
    </>
  );
}
