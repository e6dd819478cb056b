import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { userDto, type Me } from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { PasswordField } from '../../shared/components/PasswordField';
import { formResolver } from '../../shared/forms/zodI18n';
import { NewPasswordFields } from '../auth/components/NewPasswordFields';
import { showServerErrors } from '../versions/serverErrors';
import { PersonNameFields } from '../auth/components/PersonNameFields';
import { changePasswordForm } from '../auth/passwordSchemas';
import { currentEmployee, currentOrganisationUser, useChangePassword, useMe, useUpdateUser } from './api';
import { employeeContextLabel } from './labels';
import { ProfileDocuments } from '../documents/ProfileDocuments';

const personalResolver = formResolver(userDto.pick({ lastName: true, firstName: true, patronymic: true }));
const passwordResolver = formResolver(changePasswordForm);

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Account facts the user cannot change here. */
function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

function PersonalData({ me }: { me: Me }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const defaults = { lastName: me.user.lastName, firstName: me.user.firstName, patronymic: me.user.patronymic ?? '' };
  const form = useForm({ resolver: personalResolver, defaultValues: defaults });
  const employee = currentEmployee(me);
  const organisationUser = currentOrganisationUser(me);
  const role = organisationUser?.userRoleString ?? me.user.userRole;

  return (
    <Section title={t('identity:profile.personal')} id="profile-personal">
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          update.mutate(
            {
              id: me.user.id,
              patch: { lastName: values.lastName, firstName: values.firstName, patronymic: values.patronymic || null },
            },
            {
              onSuccess: (user) =>
                form.reset({ lastName: user.lastName, firstName: user.firstName, patronymic: user.patronymic ?? '' }),
            },
          ),
        )}
      >
        <PersonNameFields control={form.control} />
        <Box
          component="dl"
          sx={{
            m: 0,
            mt: 2,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: 0.5,
          }}
        >
          <ReadOnly label={t('auth:email')} value={me.user.email} />
          <ReadOnly label={t('identity:profile.role')} value={t(`enums:userRole.${role}`)} />
          {employee && <ReadOnly label={t('identity:profile.researchRole')} value={employeeContextLabel(t, employee)} />}
        </Box>
        <Button type="submit" variant="contained" loading={update.isPending} disabled={!form.formState.isDirty} sx={{ mt: 2 }}>
          {t('common:actions.save')}
        </Button>
      </form>
    </Section>
  );
}

function PasswordChange({ me }: { me: Me }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm({ resolver: passwordResolver, defaultValues: { oldPassword: '', newPassword: '', repeat: '' } });
  return (
    <Section title={t('identity:profile.password')} id="profile-password">
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          change.mutate(
            { id: me.user.id, oldPassword: values.oldPassword, newPassword: values.newPassword },
            {
              onSuccess: () => form.reset(),
              // A wrong current password or the password policy's refusal goes under its field.
              onError: (e) => showServerErrors(e, form.setError, ['oldPassword', 'newPassword']),
            },
          ),
        )}
      >
        <PasswordField
          control={form.control}
          name="oldPassword"
          label={t('identity:profile.oldPassword')}
          autoComplete="current-password"
          required
        />
        <NewPasswordFields control={form.control} name="newPassword" />
        <Button type="submit" variant="contained" loading={change.isPending} sx={{ mt: 2 }}>
          {t('identity:profile.changePassword')}
        </Button>
      </form>
    </Section>
  );
}

/** /profile: personal data, password change and the caller's documents (docs/documents.md "Documents screens"). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <>
      <PageTitle>{t('identity:profile.title')}</PageTitle>
      {!me.data ? (
        <Loading />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
            <PersonalData key={me.data.user.id} me={me.data} />
            <PasswordChange me={me.data} />
          </Box>
          {/* The documents are a research's: shown while an employee (and so a research) is current. */}
          {currentEmployee(me.data) && (
            <Box>
              <ProfileDocuments me={me.data} />
            </Box>
          )}
        </Box>
      )}
    </>
  );
}
