import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
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
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CompanySuggestionDto, OrganisationFull } from '@edc/domain';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { useMe } from '../identity/api';
import {
  useCompanyLookup,
  useCreateOrganisation,
  useDeleteOrganisation,
  useOrganisationsPage,
  type OrganisationInput,
} from './api';
import { ConfirmDialog, DataList, Pager, Toolbar } from './components';

export const organisationPath = (id: string, tab = 'info') => `/organizations/${id}/${tab}`;

const EMPTY: OrganisationInput = { name: '', shortName: '', address: '', inn: '', kpp: '' };

/** Creation from the company lookup (by name or INN); by hand only when the lookup searched known organisations. */
function CreateOrganisationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateOrganisation();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), 400);
  const lookup = useCompanyLookup(debounced);
  const [chosen, setChosen] = useState<CompanySuggestionDto | null>(null);
  const [manual, setManual] = useState(false);
  const [values, setValues] = useState<OrganisationInput>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const kind = lookup.data?.kind;
  const known = chosen?.organisationId;
  const required = t('common:validation.required');
  const missing = (k: 'name' | 'shortName' | 'address') => submitted && !String(values[k] ?? '').trim();

  const field = (k: keyof OrganisationInput, label: string, req: boolean) => (
    <TextField
      fullWidth
      margin="dense"
      label={label}
      required={req && manual}
      value={values[k] ?? ''}
      onChange={(e) => setValues({ ...values, [k]: e.target.value })}
      slotProps={{ input: { readOnly: !manual } }}
      error={req && k !== 'inn' && k !== 'kpp' && missing(k as 'name')}
      helperText={req && k !== 'inn' && k !== 'kpp' && missing(k as 'name') ? required : undefined}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="org-dialog-title" fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (!manual && !chosen) return;
          if (known) return;
          if (!values.name.trim() || !values.shortName.trim() || !values.address.trim()) return;
          create.mutate(
            {
              name: values.name.trim(),
              shortName: values.shortName.trim(),
              address: values.address.trim(),
              inn: values.inn?.trim() || null,
              kpp: values.kpp?.trim() || null,
            },
            { onSuccess: (o) => navigate(organisationPath(o.id)) },
          );
        }}
      >
        <DialogTitle id="org-dialog-title">{t('centres:organisations.add')}</DialogTitle>
        <DialogContent>
          {!manual && (
            <Autocomplete
              options={lookup.data?.suggestions ?? []}
              value={chosen}
              onChange={(_, s) => {
                setChosen(s);
                setValues(
                  s ? { name: s.name, shortName: s.shortName, address: s.address, inn: s.inn ?? '', kpp: s.kpp ?? '' } : EMPTY,
                );
              }}
              inputValue={query}
              onInputChange={(_, v) => setQuery(v)}
              filterOptions={(x) => x}
              getOptionLabel={(s) => s.shortName}
              isOptionEqualToValue={(a, b) => a.shortName === b.shortName && a.inn === b.inn}
              loading={lookup.isFetching}
              loadingText={t('common:loading')}
              noOptionsText={debounced.length < 2 ? t('centres:organisations.typeMore') : t('centres:noOptions')}
              renderOption={(props, s) => (
                <li {...props} key={`${s.shortName}-${s.inn ?? ''}-${s.organisationId ?? ''}`}>
                  <Box>
                    <div>{s.shortName}</div>
                    <Box sx={{ fontSize: 12, color: 'text.secondary' }}>
                      {[
                        s.inn && `${t('centres:organisations.inn')} ${s.inn}`,
                        s.kpp && `${t('centres:organisations.kpp')} ${s.kpp}`,
                        s.address,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Box>
                  </Box>
                </li>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  autoFocus
                  margin="normal"
                  label={t('centres:organisations.lookup')}
                  error={submitted && !chosen}
                  helperText={
                    submitted && !chosen ? t('centres:organisations.chooseSuggestion') : t('centres:organisations.lookupHint')
                  }
                />
              )}
            />
          )}
          {manual && (
            <Alert severity="warning" sx={{ my: 1 }}>
              {t('centres:organisations.manualNote')}
            </Alert>
          )}
          {known && (
            <Alert severity="info" sx={{ my: 1 }}>
              {t('centres:organisations.alreadyKnown')}{' '}
              <Link component={RouterLink} to={organisationPath(known)}>
                {t('centres:organisations.open')}
              </Link>
            </Alert>
          )}
          {(chosen || manual) && (
            <>
              {field('name', t('identity:organisation.name'), true)}
              {field('shortName', t('identity:organisation.shortName'), true)}
              {field('address', t('identity:organisation.address'), true)}
              {field('inn', t('centres:organisations.inn'), false)}
              {field('kpp', t('centres:organisations.kpp'), false)}
            </>
          )}
          {kind === 'known' && !manual && (
            <Button
              startIcon={<EditNoteOutlined />}
              sx={{ mt: 1 }}
              onClick={() => {
                setManual(true);
                setChosen(null);
                setValues({ ...EMPTY, shortName: query.trim() });
                setSubmitted(false);
              }}
            >
              {t('centres:organisations.enterManually')}
            </Button>
          )}
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
