import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/components/PageTitle';
import { formResolver } from '../../shared/forms/zodI18n';
import { authApi } from './api';
import { BackToSignIn } from './components/BackToSignIn';
import { NewPasswordFields } from './components/NewPasswordFields';
import { newPasswordForm } from './passwordSchemas';
import { useLinkToken } from './useLinkToken';
import { showServerErrors } from '../versions/serverErrors';

const resolver = formResolver(newPasswordForm);

/** /setPassword/:token? — the page of the password-restore mail. */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLinkToken();
  const form = useForm({ resolver, defaultValues: { password: '', repeat: '' } });
  const setPassword = useMutation({
    mutationFn: (password: string) => authApi.setPassword(token ?? '', password),
    onSuccess: () => navigate('/', { replace: true }),
    // The password policy's refusal (e-mail, name, common password) goes under the field as well.
    onError: (e) => showServerErrors(e, form.setError, ['password']),
  });

  return (
    <>
      <PageTitle>{t('auth:setPassword.title')}</PageTitle>
      {!token ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('auth:setPassword.noToken')}{' '}
          <Link component={RouterLink} to="/restorePassword">
            {t('auth:restore.title')}
          </Link>
        </Alert>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => setPassword.mutate(values.password))}>
          <NewPasswordFields control={form.control} name="password" autoFocus />
          <Button type="submit" variant="contained" size="large" fullWidth loading={setPassword.isPending} sx={{ mt: 2 }}>
            {t('auth:setPassword.submit')}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </>
  );
}
