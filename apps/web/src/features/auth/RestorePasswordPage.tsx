import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { restorePasswordRequest } from '@edc/domain';
import { api } from '../../shared/api/client';
import { PageTitle } from '../../shared/components/PageTitle';
import { formResolver } from '../../shared/forms/zodI18n';
import { BackToSignIn } from './components/BackToSignIn';
import { EmailField } from './components/EmailField';

const resolver = formResolver(restorePasswordRequest);

export default function RestorePasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ resolver, defaultValues: { email: '' } });
  const restore = useMutation({
    // The reply's message is shown on the page rather than as a toast, so that it stays readable.
    mutationFn: (email: string) => api.post('/Auth/RestorePassword', { email }, { quietSuccess: true }),
    onSuccess: (reply) => setSent(reply.message ?? t('auth:restore.sent')),
  });

  return (
    <>
      <PageTitle>{t('auth:restore.title')}</PageTitle>
      <Typography color="text.secondary">{t('auth:restore.intro')}</Typography>
      <form noValidate onSubmit={form.handleSubmit((values) => restore.mutate(values.email))}>
        <EmailField control={form.control} autoComplete="email" autoFocus />
        {sent && (
          <Alert severity="success" role="status" sx={{ mt: 1 }}>
            {sent}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={restore.isPending} sx={{ mt: 2 }}>
          {t('auth:restore.submit')}
        </Button>
      </form>
      <BackToSignIn />
    </>
  );
}
