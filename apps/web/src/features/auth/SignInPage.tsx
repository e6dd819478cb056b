import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signInRequest } from '@edc/domain';
import { FormTextField } from '../../shared/components/FormTextField';
import { PasswordField } from '../../shared/components/PasswordField';
import { PageTitle } from '../../shared/components/PageTitle';
import { formResolver } from '../../shared/forms/zodI18n';
import type { FromState } from '../../app/guards';
import { authApi, useStartSession } from './api';
import { ManualLinks } from './AuthLinks';

const resolver = formResolver(signInRequest);

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const startSession = useStartSession();
  const form = useForm({ resolver, defaultValues: { email: '', password: '' } });
  const signIn = useMutation({
    mutationFn: authApi.signIn,
    onSuccess: (reply) => {
      startSession(reply);
      const from = (location.state as FromState | null)?.from;
      navigate(from && from.startsWith('/') && !from.startsWith('//') ? from : '/', { replace: true });
    },
  });

  return (
    <>
      <PageTitle>{t('auth:signIn.title')}</PageTitle>
      <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))} aria-label={t('auth:signIn.title')}>
        <FormTextField
          control={form.control}
          name="email"
          label={t('auth:email')}
          type="email"
          autoComplete="username"
          required
          autoFocus
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t('auth:password')}
          autoComplete="current-password"
          required
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending} sx={{ mt: 2 }}>
          {t('auth:signIn.submit')}
        </Button>
      </form>
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/restorePassword">
          {t('auth:signIn.forgot')}
        </Link>
        <Link component={RouterLink} to="/signUp">
          {t('auth:signIn.signUp')}
        </Link>
      </Stack>
      <ManualLinks />
    </>
  );
}
