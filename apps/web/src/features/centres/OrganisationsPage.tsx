import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OrganisationFull } from '@edc/domain';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { useMe } from '../identity/api';
import { useCreateOrganisation, useDeleteOrganisation, useOrganisationsPage } from './api';
import { EMPTY_LOOKUP, lookupResult, OrganisationLookup, type LookupValue } from './OrganisationLookup';
import { ConfirmDialog, DataList, Pager, Toolbar } from './components';

export const organisationPath = (id: string, tab = 'info') => `/organizations/${id}/${tab}`;

/** Creation from the company lookup (by name or INN); by hand only when the lookup searched known organisations. */
function CreateOrganisationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateOrganisation();
  const [lookup, setLookup] = useState<LookupValue>(EMPTY_LOOKUP);
  const [submitted, setSubmitted] = useState(false);
  const known = lookup.chosen?.organisationId;

  return (
    <Dialog open onClose={onClose} aria-labelledby="org-dialog-title" fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          const input = lookupResult(lookup);
          if (!input) return;
          create.mutate(input, { onSuccess: (o) => navigate(organisationPath(o.id)) });
        }}
      >
        <DialogTitle id="org-dialog-title">{t('centres:organisations.add')}</DialogTitle>
        <DialogContent>
          <OrganisationLookup
            autoFocus
            value={lookup}
            onChange={setLookup}
            submitted={submitted}
            known={(id) => (
              <Link component={RouterLink} to={organisationPath(id)}>
                {t('centres:organisations.open')}
              </Link>
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending} disabled={Boolean(known)}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** /organizations: every organisation (organizations_settings) or the caller's own. */
export default function OrganisationsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const list = useOrganisationsPage({ ...paging, search: debounced || undefined });
  const remove = useDeleteOrganisation();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<OrganisationFull | null>(null);
  const canManage = me.data?.permissions.includes('organizations_settings') ?? false;

  return (
    <>
      <Toolbar>
        <Box sx={{ flex: 1 }}>
          <PageTitle>{t('centres:organisations.title')}</PageTitle>
        </Box>
        {canManage && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('centres:organisations.add')}
          </Button>
        )}
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
        label={t('centres:organisations.title')}
        rows={list.data?.data}
        rowKey={(o) => o.id}
        rowLink={(o) => organisationPath(o.id)}
        isLoading={list.isLoading}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        empty={t('centres:organisations.empty')}
        columns={[
          { key: 'short', label: t('identity:organisation.shortName'), render: (o) => o.shortName },
          { key: 'name', label: t('identity:organisation.name'), render: (o) => o.name },
          { key: 'inn', label: t('centres:organisations.inn'), render: (o) => o.inn ?? '—' },
          { key: 'address', label: t('identity:organisation.address'), render: (o) => o.address },
        ]}
        actions={
          canManage
            ? (o) => (
                <Tooltip title={t('centres:delete')}>
                  <IconButton aria-label={`${t('centres:delete')}: ${o.shortName}`} onClick={() => setDeleting(o)}>
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              )
            : undefined
        }
      />
      {list.data && list.data.totalCount > 0 && (
        <Pager
          page={paging.page}
          pageSize={paging.pageSize}
          total={list.data.totalCount}
          onChange={(page, pageSize) => setPaging({ page, pageSize })}
        />
      )}
      {creating && <CreateOrganisationDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}
