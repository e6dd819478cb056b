import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ContentCopy from '@mui/icons-material/ContentCopy';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import { useTranslation } from 'react-i18next';
import { useFormMutations, type Form } from '../api';
import { CopyFormDialog } from '../forms/FormDialogs';

/**
 * The form's complete flag (spec section 4): a complete form hides structure edits and offers copying;
 * the toggle ends or reopens it.
 */
export function FormStateActions({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { toggleComplete } = useFormMutations();
  const [copying, setCopying] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <Button
        variant={form.complete ? 'outlined' : 'contained'}
        color={form.complete ? 'inherit' : 'success'}
        startIcon={form.complete ? <LockOpenOutlined /> : <CheckCircleOutline />}
        loading={toggleComplete.isPending}
        onClick={() => toggleComplete.mutate(form.id)}
      >
        {form.complete ? t('design:form.reopen') : t('design:form.markComplete')}
      </Button>
      {form.complete && (
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => setCopying(true)}>
          {t('design:form.copy')}
        </Button>
      )}
      <CopyFormDialog form={copying ? form : null} researchId={form.researchId} onClose={() => setCopying(false)} />
    </Box>
  );
}
