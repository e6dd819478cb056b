import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/components/PageTitle';
import { formResolver } from '../../shared/forms/zodI18n';
import { authApi, useStartSession } from './api';
import { BackToSignIn } from './components/BackToSignIn';
import { EmailField } from './components/EmailField';
import { NewPasswordFields } from './components/NewPasswordFields';
import { newPasswordWithEmailForm } from './passwordSchemas';
import { useLinkToken } from './useLinkToken';
import { showServerErrors } from '../versions/serverErrors';

const resolver = formResolver(newPasswordWithEmailForm);

/** /setPasswordWCreds/:token? — the page of invitation and registration mails; signs the user in. */
export default function SetPasswordWithCredentialsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLinkToken();
  const [search] = useSearchParams();
  const startSession = useStartSession();
  const form = useForm({ resolver, defaultValues: { email: search.get('email') ?? '', password: '', repeat: '' } });
  const submit = useMutation({
    mutationFn: (values: { email: string; password: string }) => authApi.setPasswordWithCredentials(token ?? '', values),
    onSuccess: (reply) => {
      startSession(reply);
      navigate('/', { replace: true });
    },
    onError: (e) => showServerErrors(e, form.setError, ['email', 'password']),
  });

  return (
    <>
      <PageTitle>{t('auth:setPassword.titleWithEmail')}</PageTitle>
      {!token ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('auth:setPassword.noToken')}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => submit.mutate({ email: values.email, password: values.password }))}
        >
          <EmailField control={form.control} autoComplete="username" autoFocus />
          <NewPasswordFields control={form.control} name="password" />
          <Button type="submit" variant="contained" size="large" fullWidth loading={submit.isPending} sx={{ mt: 2 }}>
            {t('auth:setPassword.submitAndSignIn')}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </>
  );
}
