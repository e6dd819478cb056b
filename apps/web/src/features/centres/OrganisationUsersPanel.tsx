import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { useTranslation } from 'react-i18next';
import { USER_ROLES, type OrganisationUser, type User, type UserRole } from '@edc/domain';
import { fullName } from '../identity/labels';
import { useAddMember, useChangeMemberRole, useMembersPage, useRemoveMember, useVerifyMember } from './api';
import { ConfirmDialog, DataList, Pager } from './components';
import { UserPicker } from './pickers';

function AddMemberDialog({
  organisationId,
  taken,
  onClose,
}: {
  organisationId: string;
  taken: Set<string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddMember();
  const [user, setUser] = useState<User | null>(null);
  const [role, setRole] = useState<UserRole>('User');
  const [submitted, setSubmitted] = useState(false);
  return (
    <Dialog open onClose={onClose} aria-labelledby="member-dialog-title" fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (!user) return;
          add.mutate({ organisationId, userId: user.id, userRoleString: role }, { onSuccess: onClose });
        }}
      >
        <DialogTitle id="member-dialog-title">{t('centres:members.add')}</DialogTitle>
        <DialogContent>
          <UserPicker
            label={t('centres:employees.user')}
            value={user}
            onChange={setUser}
            exclude={taken}
            error={submitted && !user ? t('common:validation.required') : undefined}
          />
          <TextField
            select
            fullWidth
            margin="normal"
            label={t('centres:users.role')}
            value={role}
            onChange={(e) => setRole(e.target.value as UserRole)}
          >
            {USER_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`enums:userRole.${r}`)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={add.isPending}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Members of an organisation: role change, verification, removal and adding for those who manage them
 * (users_settings or the organisation's Admin); a read-only list for its Editors.
 */
export function OrganisationUsersPanel({
  organisationId,
  canManage,
  canAdd,
}: {
  organisationId: string;
  canManage: boolean;
  canAdd: boolean;
}) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const members = useMembersPage(organisationId, paging);
  const changeRole = useChangeMemberRole();
  const verify = useVerifyMember();
  const remove = useRemoveMember();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<OrganisationUser | null>(null);
  const taken = useMemo(() => new Set((members.data?.data ?? []).map((m) => m.user.id)), [members.data]);

  return (
    <Box component="section" aria-labelledby="members-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" id="members-title" sx={{ flex: 1 }}>
          {t('centres:members.title')}
        </Typography>
        {canManage && canAdd && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
            {t('centres:members.add')}
          </Button>
        )}
      </Box>
      <DataList
        label={t('centres:members.title')}
        rows={members.data?.data}
        rowKey={(m) => m.id}
        isLoading={members.isLoading}
        isError={members.isError}
        onRetry={() => void members.refetch()}
        empty={t('centres:members.empty')}
        columns={[
          { key: 'name', label: t('centres:users.fullName'), render: (m) => fullName(m.user) },
          { key: 'email', label: t('centres:users.email'), render: (m) => m.user.email },
          {
            key: 'role',
            label: t('centres:users.role'),
            render: (m) =>
              canManage ? (
                <TextField
                  select
                  size="small"
                  // The chosen role shows while it is saved; a refused change falls back to the stored one.
                  value={
                    changeRole.isPending && changeRole.variables?.id === m.id
                      ? changeRole.variables.userRoleString
                      : m.userRoleString
                  }
                  disabled={changeRole.isPending && changeRole.variables?.id === m.id}
                  onChange={(e) => changeRole.mutate({ id: m.id, userRoleString: e.target.value as UserRole })}
                  slotProps={{ htmlInput: { 'aria-label': `${t('centres:users.role')}: ${fullName(m.user)}` } }}
                >
                  {USER_ROLES.map((r) => (
                    <MenuItem key={r} value={r}>
                      {t(`enums:userRole.${r}`)}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                t(`enums:userRole.${m.userRoleString}`)
              ),
          },
          {
            key: 'verified',
            label: t('centres:members.status'),
            render: (m) =>
              m.isVerify ? (
                <Chip size="small" color="success" variant="outlined" label={t('centres:members.verified')} />
              ) : (
                <Chip size="small" color="warning" variant="outlined" label={t('centres:members.notVerified')} />
              ),
          },
        ]}
        actions={
          canManage
            ? (m) => (
                <>
                  {!m.isVerify && (
                    <Tooltip title={t('centres:members.verify')}>
                      <IconButton
                        aria-label={`${t('centres:members.verify')}: ${fullName(m.user)}`}
                        disabled={verify.isPending}
                        onClick={() => verify.mutate(m.id)}
                      >
                        <VerifiedOutlined />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={t('centres:delete')}>
                    <IconButton aria-label={`${t('centres:delete')}: ${fullName(m.user)}`} onClick={() => setDeleting(m)}>
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                </>
              )
            : undefined
        }
      />
      {members.data && members.data.totalCount > 0 && (
        <Pager
          page={paging.page}
          pageSize={paging.pageSize}
          total={members.data.totalCount}
          onChange={(page, pageSize) => setPaging({ page, pageSize })}
        />
      )}
      {adding && <AddMemberDialog organisationId={organisationId} taken={taken} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </Box>
  );
}
