import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useVisits, type Form, type Visit } from '../api';
import { DesignDialog, errorText, QueryBlock, QueryState, SubmitActions } from '../components/common';
import { useFormActions, useResearchForms } from '../formActionsApi';

const toggle = (list: string[], id: string, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));

/** Copies a complete form into other visits of the research (CopyToVisitList). */
export function CopyFormDialog({ form, researchId, onClose }: { form: Form | null; researchId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const visits = useVisits(form ? researchId : null, null);
  const { copyToVisits } = useFormActions();
  const [chosen, setChosen] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const close = () => {
    setChosen([]);
    setTouched(false);
    copyToVisits.reset();
    onClose();
  };
  if (!form) return null;
  const others = (visits.data ?? []).filter((v) => v.id !== form.visitId);
  return (
    <DesignDialog
      open
      onClose={close}
      title={t('design:form.copyTitle', { title: form.title })}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (chosen.length) copyToVisits.mutate({ id: form.id, visitIdList: chosen }, { onSuccess: close });
      }}
      actions={<SubmitActions onCancel={close} pending={copyToVisits.isPending} label={t('design:form.copy')} />}
    >
      {copyToVisits.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(copyToVisits.error)}
        </Alert>
      )}
      <Typography id="copy-visits-label" sx={{ mb: 1 }}>
        {t('design:form.copyTo')}
      </Typography>
      <QueryBlock
        query={visits}
        errorText={t('design:errors.visits')}
        empty={others.length === 0}
        emptyText={t('design:visits.empty')}
      >
        <FormGroup aria-labelledby="copy-visits-label">
          {others.map((v) => (
            <FormControlLabel
              key={v.id}
              label={v.title}
              control={
                <Checkbox checked={chosen.includes(v.id)} onChange={(e) => setChosen((c) => toggle(c, v.id, e.target.checked))} />
              }
            />
          ))}
        </FormGroup>
      </QueryBlock>
      {touched && chosen.length === 0 && <FormHelperText error>{t('design:form.chooseVisits')}</FormHelperText>}
    </DesignDialog>
  );
}

/**
 * Copies forms of the research into this visit (CopyFormList). Only complete forms can be copied; the
 * others are listed but cannot be chosen.
 */
export function CopyFormListDialog({
  open,
  visit,
  onClose,
}: {
  open: boolean;
  visit: Pick<Visit, 'id' | 'title' | 'researchId'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const forms = useResearchForms(visit.researchId, open);
  const visits = useVisits(open ? visit.researchId : null, null);
  const { copyFormList } = useFormActions();
  const [chosen, setChosen] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const close = () => {
    setChosen([]);
    setTouched(false);
    copyFormList.reset();
    onClose();
  };
  const all = forms.data ?? [];
  const groups = (visits.data ?? [])
    .map((v) => ({ visit: v, forms: all.filter((f) => f.visitId === v.id) }))
    .filter((g) => g.forms.length > 0);
  return (
    <DesignDialog
      open={open}
      onClose={close}
      title={t('design:copyForms.title', { title: visit.title })}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (chosen.length) copyFormList.mutate({ visitId: visit.id, formIdList: chosen }, { onSuccess: close });
      }}
      actions={
        <SubmitActions
          onCancel={close}
          pending={copyFormList.isPending}
          label={t('design:copyForms.submit', { count: chosen.length })}
        />
      }
    >
      {copyFormList.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(copyFormList.error)}
        </Alert>
      )}
      <Typography sx={{ mb: 1 }}>{t('design:copyForms.hint')}</Typography>
      <QueryState
        loading={forms.isLoading || visits.isLoading}
        error={forms.isError || visits.isError}
        errorText={t('design:errors.forms')}
        onRetry={() => void forms.refetch()}
        empty={groups.length === 0}
        emptyText={t('design:form.empty')}
      >
        {groups.map((g) => (
          <Box key={g.visit.id} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
            <Typography component="legend" variant="subtitle2">
              {g.visit.title}
            </Typography>
            <FormGroup>
              {g.forms.map((f) => (
                <FormControlLabel
                  key={f.id}
                  disabled={!f.complete}
                  label={f.complete ? f.title : t('design:copyForms.notComplete', { title: f.title })}
                  control={
                    <Checkbox
                      checked={chosen.includes(f.id)}
                      onChange={(e) => setChosen((c) => toggle(c, f.id, e.target.checked))}
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        ))}
      </QueryState>
      {touched && chosen.length === 0 && <FormHelperText error>{t('design:copyForms.choose')}</FormHelperText>}
    </DesignDialog>
  );
}
