import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CallSplit from '@mui/icons-material/CallSplit';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ContentCopy from '@mui/icons-material/ContentCopy';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import SaveAltOutlined from '@mui/icons-material/SaveAltOutlined';
import { useTranslation } from 'react-i18next';
import { useFormMutations, type Form } from '../api';
import { CopyFormDialog } from '../forms/CopyDialogs';
import { FormInfoDialog } from '../forms/FormInfoDialog';
import { canSplit, SplitVersionDialog } from '../forms/SplitVersionDialog';
import { SaveTemplateDialog } from '../forms/TemplateDialogs';

type Open = 'info' | 'copy' | 'template' | 'split' | null;

/**
 * The form's actions (spec section 4): info, the complete toggle (a complete form hides structure
 * edits and offers copying and saving as a template), and split version for a form of several
 * research versions.
 */
export function FormStateActions({ form, onSplit }: { form: Form; onSplit?: (copy: Form) => void }) {
  const { t } = useTranslation();
  const { toggleComplete } = useFormMutations();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <Button variant="outlined" startIcon={<InfoOutlined />} onClick={() => setOpen('info')}>
        {t('design:form.infoButton')}
      </Button>
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
        <>
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => setOpen('copy')}>
            {t('design:form.copy')}
          </Button>
          <Button variant="outlined" startIcon={<SaveAltOutlined />} onClick={() => setOpen('template')}>
            {t('design:template.save')}
          </Button>
        </>
      )}
      {canSplit(form) && (
        <Button variant="outlined" startIcon={<CallSplit />} onClick={() => setOpen('split')}>
          {t('design:split.button')}
        </Button>
      )}
      <FormInfoDialog form={open === 'info' ? form : null} onClose={close} />
      <CopyFormDialog form={open === 'copy' ? form : null} researchId={form.researchId} onClose={close} />
      <SaveTemplateDialog form={open === 'template' ? form : null} onClose={close} />
      <SplitVersionDialog form={open === 'split' ? form : null} onClose={close} onSplit={onSplit} />
    </Box>
  );
}
