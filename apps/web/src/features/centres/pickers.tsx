import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { OrganisationFull, User } from '@edc/domain';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { fullName } from '../identity/labels';
import { useOrganisationsPage, useResearches, useUserSearch } from './api';

/** An organisation chosen by a search over GET /Organisations. */
export function OrganisationPicker({
  value,
  onChange,
  exclude,
  error,
  label,
}: {
  value: OrganisationFull | null;
  onChange: (o: OrganisationFull | null) => void;
  exclude?: ReadonlySet<string>;
  error?: string;
  label: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  const list = useOrganisationsPage({ page: 1, pageSize: 20, search: search || undefined });
  const options = (list.data?.data ?? []).filter((o) => !exclude?.has(o.id));
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.shortName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={list.isFetching}
      noOptionsText={t('centres:noOptions')}
      loadingText={t('common:loading')}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          {o.shortName}
          {o.inn ? ` · ${t('centres:organisations.inn')} ${o.inn}` : ''}
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} required margin="normal" label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}

/** A user chosen by a search over GET /Users (users_settings). */
export function UserPicker({
  value,
  onChange,
  exclude,
  error,
  label,
}: {
  value: User | null;
  onChange: (u: User | null) => void;
  exclude?: ReadonlySet<string>;
  error?: string;
  label: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  const list = useUserSearch(search, true);
  const options = (list.data?.data ?? []).filter((u) => !exclude?.has(u.id));
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      filterOptions={(x) => x}
      getOptionLabel={(u) => `${fullName(u)} (${u.email})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={list.isFetching}
      noOptionsText={t('centres:noOptions')}
      loadingText={t('common:loading')}
      renderInput={(params) => (
        <TextField {...params} required margin="normal" label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}

/** The research a settings page works on (the current one by default). */
export function ResearchSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const researches = useResearches();
  const list = researches.data?.data ?? [];
  if (list.length <= 1) return null;
  return (
    <TextField
      select
      size="small"
      label={t('centres:research')}
      value={list.some((r) => r.id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 200 }}
    >
      {list.map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {r.grlsProtocolNumber}
        </MenuItem>
      ))}
    </TextField>
  );
}
