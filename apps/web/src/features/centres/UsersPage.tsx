import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { USER_ROLES, userCreate, type User } from '@edc/domain';
import { FormTextField } from '../../shared/components/FormTextField';
import { PageTitle } from '../../shared/components/PageTitle';
import { formResolver } from '../../shared/forms/zodI18n';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { fullName } from '../identity/labels';
import { useMe } from '../identity/api';
import { useDeleteUser, useSaveUser, useUsersPage } from './api';
import { ConfirmDialog, DataList, errorPaths, Pager, SaveFailed, Toolbar } from './components';

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
    <Dialog open onClose={onClose} aria-labelledby="user-dialog-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="user-dialog-title">{title}</DialogTitle>
        <DialogContent>
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
                {USER_ROLES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`enums:userRole.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** /users: the accounts of the system (users_settings). */
export default function UsersPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const users = useUsersPage({ ...paging, search: debounced || undefined });
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<User | null>(null);
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
      <Toolbar>
        <Box sx={{ flex: 1 }}>
          <PageTitle>{t('centres:users.title')}</PageTitle>
        </Box>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing(null)}>
          {t('centres:users.add')}
        </Button>
      </Toolbar>
      <TextField
        type="search"
        size="small"
        label={t('centres:search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      />
      <DataList
        label={t('centres:users.title')}
        rows={users.data?.data}
        rowKey={(u) => u.id}
        isLoading={users.isLoading}
        isError={users.isError}
        onRetry={() => void users.refetch()}
        empty={t('centres:users.empty')}
        columns={[
          { key: 'name', label: t('centres:users.fullName'), render: (u) => fullName(u) },
          { key: 'email', label: t('centres:users.email'), render: (u) => u.email },
          { key: 'role', label: t('centres:users.role'), render: (u) => t(`enums:userRole.${u.userRole}`) },
        ]}
        actions={(u) => (
          <>
            <Tooltip title={t('centres:edit')}>
              <IconButton aria-label={`${t('centres:edit')}: ${u.email}`} onClick={() => setEditing(u)}>
                <EditOutlined />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('centres:delete')}>
              <span>
                <IconButton
                  aria-label={`${t('centres:delete')}: ${u.email}`}
                  disabled={u.id === me.data?.user.id}
                  onClick={() => setDeleting(u)}
                >
                  <DeleteOutline />
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
      />
      {users.data && users.data.totalCount > 0 && (
        <Pager
          page={paging.page}
          pageSize={paging.pageSize}
          total={users.data.totalCount}
          onChange={(page, pageSize) => setPaging({ page, pageSize })}
        />
      )}
      {editing !== undefined && <UserDialog key={editing?.id ?? 'new'} user={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={deleting !== null}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}
