import { useState } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { USER_ROLES, userCreate, type User } from '@edc/domain';
import { FormDialog } from '../../shared/components/FormDialog';
import { FormTextField } from '../../shared/components/FormTextField';
import { PageTitle } from '../../shared/components/PageTitle';
import { formResolver } from '../../shared/forms/zodI18n';
import { useMe } from '../identity/api';
import { useDeleteUser, useSaveUser, useUsersPage } from './api';
import { DataList, errorPaths, SaveFailed } from './components';
import { AddButton } from './components/AddButton';
import { menuOptions } from './components/menuOptions';
import { pagedListState } from './components/pagedListState';
import { PageToolbar } from './components/PageToolbar';
import { ListPager, useSearchPaging } from './components/paging';
import { personColumns } from './components/personColumns';
import { DeleteRowAction, EditRowAction } from './components/RowActions';
import { SearchField } from './components/SearchField';
import { useDeleteConfirmation } from './components/useDeleteConfirmation';

const userForm = userCreate.pick({ email: true, firstName: true, lastName: true, patronymic: true }).extend({
  userRole: z.enum(USER_ROLES),
});
const resolver = formResolver(userForm);

function UserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const stored = {
    email: user?.email ?? '',
    lastName: user?.lastName ?? '',
    firstName: user?.firstName ?? '',
    patronymic: user?.patronymic ?? '',
    userRole: user?.userRole ?? 'User',
  };
  const form = useForm({ resolver, defaultValues: stored });
  const submit = form.handleSubmit(
    (values) => {
      setMissing(false);
      setFailure(null);
      save.mutate(
        { id: user?.id, input: { ...values, patronymic: values.patronymic || null } },
        {
          onSuccess: onClose,
          onError: (e) => {
            setFailure(e);
            // A failed edit brings back the stored values; a new user keeps what was typed, the named field marked.
            if (user) form.reset(stored);
            else for (const path of errorPaths(e)) if (path in stored) form.setError(path as keyof typeof stored, {});
          },
        },
      );
    },
    () => setMissing(true),
  );
  const title = user ? t('centres:users.edit') : t('centres:users.add');
  return (
    <FormDialog title={title} onClose={onClose} saving={save.isPending} onSubmit={() => void submit()}>
      {missing && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('centres:users.fillAll')}
        </Alert>
      )}
      {failure !== null && <SaveFailed error={failure} restored={Boolean(user)} onClose={() => setFailure(null)} />}
      <FormTextField control={form.control} name="email" label={t('centres:users.email')} required type="email" autoFocus />
      <FormTextField control={form.control} name="lastName" label={t('identity:lastName')} required />
      <FormTextField control={form.control} name="firstName" label={t('identity:firstName')} required />
      <FormTextField control={form.control} name="patronymic" label={t('identity:patronymic')} />
      <Controller
        control={form.control}
        name="userRole"
        render={({ field }) => (
          <TextField select fullWidth margin="normal" label={t('centres:users.role')} {...field}>
            {menuOptions(USER_ROLES, (r) => t(`enums:userRole.${r}`))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}

/** /users: the accounts of the system (users_settings). */
export default function UsersPage() {
  const { t } = useTranslation();
  const me = useMe();
  const { paging, setPaging, search, setSearch, query } = useSearchPaging();
  const users = useUsersPage(query);
  const remove = useDeleteConfirmation<User>(useDeleteUser());
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const allowed = me.data?.permissions.includes('users_settings');

  if (me.data && !allowed) {
    return (
      <>
        <PageTitle>{t('centres:users.title')}</PageTitle>
        <Alert severity="warning">{t('centres:noRights')}</Alert>
      </>
    );
  }

  return (
    <>
      <PageToolbar title={t('centres:users.title')}>
        <AddButton onClick={() => setEditing(null)}>{t('centres:users.add')}</AddButton>
      </PageToolbar>
      <SearchField value={search} onChange={setSearch} />
      <DataList
        label={t('centres:users.title')}
        {...pagedListState(users)}
        rowKey={(u) => u.id}
        empty={t('centres:users.empty')}
        columns={[
          ...personColumns<User>(t, (u) => u),
          { key: 'role', label: t('centres:users.role'), render: (u) => t(`enums:userRole.${u.userRole}`) },
        ]}
        actions={(u) => (
          <>
            <EditRowAction subject={u.email} onClick={() => setEditing(u)} />
            <DeleteRowAction
              subject={u.email}
              disabled={u.id === me.data?.user.id}
              tooltipWhenDisabled
              onClick={() => remove.ask(u)}
            />
          </>
        )}
      />
      <ListPager paging={paging} total={users.data?.totalCount} onChange={setPaging} />
      {editing !== undefined && <UserDialog key={editing?.id ?? 'new'} user={editing} onClose={() => setEditing(undefined)} />}
      {remove.dialog}
    </>
  );
}
