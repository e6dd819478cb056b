import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { useTranslation } from 'react-i18next';
import { USER_ROLES, type OrganisationUser, type User, type UserRole } from '@edc/domain';
import { FormDialog } from '../../shared/components/FormDialog';
import { fullName } from '../identity/labels';
import { useAddMember, useChangeMemberRole, useMembersPage, useRemoveMember, useVerifyMember } from './api';
import { DataList } from './components';
import { AddButton } from './components/AddButton';
import { menuOptions } from './components/menuOptions';
import { pagedListState } from './components/pagedListState';
import { ListPager, usePaging } from './components/paging';
import { personColumns } from './components/personColumns';
import { DeleteRowAction, RowAction } from './components/RowActions';
import { SectionHeader } from './components/SectionHeader';
import { SelectField } from './components/SelectField';
import { useDeleteConfirmation } from './components/useDeleteConfirmation';
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
    <FormDialog
      title={t('centres:members.add')}
      onClose={onClose}
      saving={add.isPending}
      onSubmit={() => {
        setSubmitted(true);
        if (!user) return;
        add.mutate({ organisationId, userId: user.id, userRoleString: role }, { onSuccess: onClose });
      }}
    >
      <UserPicker
        label={t('centres:employees.user')}
        value={user}
        onChange={setUser}
        exclude={taken}
        error={submitted && !user ? t('common:validation.required') : undefined}
      />
      <SelectField
        label={t('centres:users.role')}
        value={role}
        onChange={(r) => setRole(r as UserRole)}
        options={USER_ROLES}
        optionLabel={(r) => t(`enums:userRole.${r}`)}
      />
    </FormDialog>
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
  const { paging, setPaging } = usePaging();
  const members = useMembersPage(organisationId, paging);
  const changeRole = useChangeMemberRole();
  const verify = useVerifyMember();
  const remove = useDeleteConfirmation<OrganisationUser>(useRemoveMember());
  const [adding, setAdding] = useState(false);
  const taken = useMemo(() => new Set((members.data?.data ?? []).map((m) => m.user.id)), [members.data]);

  return (
    <Box component="section" aria-labelledby="members-title">
      <SectionHeader
        title={t('centres:members.title')}
        action={canManage && canAdd && <AddButton onClick={() => setAdding(true)}>{t('centres:members.add')}</AddButton>}
      />
      <DataList
        label={t('centres:members.title')}
        {...pagedListState(members)}
        rowKey={(m) => m.id}
        empty={t('centres:members.empty')}
        columns={[
          ...personColumns<OrganisationUser>(t, (m) => m.user),
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
                  {menuOptions(USER_ROLES, (r) => t(`enums:userRole.${r}`))}
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
                    <RowAction
                      title={t('centres:members.verify')}
                      icon={<VerifiedOutlined />}
                      subject={fullName(m.user)}
                      disabled={verify.isPending}
                      onClick={() => verify.mutate(m.id)}
                    />
                  )}
                  <DeleteRowAction subject={fullName(m.user)} onClick={() => remove.ask(m)} />
                </>
              )
            : undefined
        }
      />
      <ListPager paging={paging} total={members.data?.totalCount} onChange={setPaging} />
      {adding && <AddMemberDialog organisationId={organisationId} taken={taken} onClose={() => setAdding(false)} />}
      {remove.dialog}
    </Box>
  );
}
