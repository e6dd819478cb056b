import { useState } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OrganisationFull } from '@edc/domain';
import { FormDialog } from '../../shared/components/FormDialog';
import { useMe } from '../identity/api';
import { useCreateOrganisation, useDeleteOrganisation, useOrganisationsPage } from './api';
import { EMPTY_LOOKUP, lookupResult, OrganisationLookup, type LookupValue } from './OrganisationLookup';
import { DataList } from './components';
import { AddButton } from './components/AddButton';
import { pagedListState } from './components/pagedListState';
import { PageToolbar } from './components/PageToolbar';
import { ListPager, useSearchPaging } from './components/paging';
import { DeleteRowAction } from './components/RowActions';
import { SearchField } from './components/SearchField';
import { useDeleteConfirmation } from './components/useDeleteConfirmation';

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
    <FormDialog
      title={t('centres:organisations.add')}
      onClose={onClose}
      saving={create.isPending}
      saveDisabled={Boolean(known)}
      onSubmit={() => {
        setSubmitted(true);
        const input = lookupResult(lookup);
        if (!input) return;
        create.mutate(input, { onSuccess: (o) => navigate(organisationPath(o.id)) });
      }}
    >
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
    </FormDialog>
  );
}

/** /organizations: every organisation (organizations_settings) or the caller's own. */
export default function OrganisationsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const { paging, setPaging, search, setSearch, query } = useSearchPaging();
  const list = useOrganisationsPage(query);
  const remove = useDeleteConfirmation<OrganisationFull>(useDeleteOrganisation());
  const [creating, setCreating] = useState(false);
  const canManage = me.data?.permissions.includes('organizations_settings') ?? false;

  return (
    <>
      <PageToolbar title={t('centres:organisations.title')}>
        {canManage && <AddButton onClick={() => setCreating(true)}>{t('centres:organisations.add')}</AddButton>}
      </PageToolbar>
      <SearchField value={search} onChange={setSearch} />
      <DataList
        label={t('centres:organisations.title')}
        {...pagedListState(list)}
        rowKey={(o) => o.id}
        rowLink={(o) => organisationPath(o.id)}
        empty={t('centres:organisations.empty')}
        columns={[
          { key: 'short', label: t('identity:organisation.shortName'), render: (o) => o.shortName },
          { key: 'name', label: t('identity:organisation.name'), render: (o) => o.name },
          { key: 'inn', label: t('centres:organisations.inn'), render: (o) => o.inn ?? '—' },
          { key: 'address', label: t('identity:organisation.address'), render: (o) => o.address },
        ]}
        actions={canManage ? (o) => <DeleteRowAction subject={o.shortName} onClick={() => remove.ask(o)} /> : undefined}
      />
      <ListPager paging={paging} total={list.data?.totalCount} onChange={setPaging} />
      {creating && <CreateOrganisationDialog onClose={() => setCreating(false)} />}
      {remove.dialog}
    </>
  );
}
