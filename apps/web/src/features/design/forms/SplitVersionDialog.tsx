import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Form } from '../api';
import { DesignDialog, errorText, SubmitActions } from '../components/common';
import { useFormActions } from '../formActionsApi';

/** Split is offered only for a form of more than one research version (spec section 4). */
export const canSplit = (form: Form) => form.researchVersionList.length > 1;

/**
 * Split version: the chosen research version leaves the form and gets its own open copy of it, placed
 * right after the original. By default the form's last version (the one usually being changed).
 */
export function SplitVersionDialog({
  form,
  onClose,
  onSplit,
}: {
  form: Form | null;
  onClose: () => void;
  onSplit?: (copy: Form) => void;
}) {
  const { t } = useTranslation();
  const { splitVersion } = useFormActions();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!form) return null;
  const versions = form.researchVersionList;
  const versionId = chosen ?? versions[versions.length - 1]?.id ?? '';
  const index = versions.find((v) => v.id === versionId)?.index ?? '';
  const close = () => {
    setChosen(null);
    splitVersion.reset();
    onClose();
  };
  return (
    <DesignDialog
      open
      onClose={close}
      title={t('design:split.title', { title: form.title })}
      onSubmit={(e) => {
        e.preventDefault();
        if (!canSplit(form) || !versionId) return;
        splitVersion.mutate(
          { id: form.id, versionId },
          {
            onSuccess: (reply) => {
              const copy = reply.find((f) => f.id !== form.id);
              close();
              if (copy) onSplit?.(copy);
            },
          },
        );
      }}
      actions={
        <SubmitActions
          onCancel={close}
          pending={splitVersion.isPending}
          label={t('design:split.submit')}
          disabled={!canSplit(form)}
        />
      }
    >
      {splitVersion.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(splitVersion.error)}
        </Alert>
      )}
      {!canSplit(form) ? (
        <Alert severity="info">{t('design:split.needsVersions')}</Alert>
      ) : (
        <>
          <Typography id="split-version-label" sx={{ mb: 1 }}>
            {t('design:split.choose')}
          </Typography>
          <RadioGroup aria-labelledby="split-version-label" value={versionId} onChange={(e) => setChosen(e.target.value)}>
            {versions.map((v) => (
              <FormControlLabel
                key={v.id}
                value={v.id}
                control={<Radio />}
                label={t('design:common.versionN', { index: v.index })}
              />
            ))}
          </RadioGroup>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('design:split.explain', { index, title: form.title })}
          </Typography>
        </>
      )}
    </DesignDialog>
  );
}
