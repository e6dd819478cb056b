import { useState } from 'react';
import Autocomplete, { type AutocompleteProps } from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ORGANISATION_TYPES, type OrganisationFull, type OrganisationType, type OrganisationUser, type User } from '@edc/domain';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { fullName } from '../identity/labels';
import { useEmployeeCandidates, useOrganisationsPage, useUserSearch } from './api';
import { SelectField } from './components/SelectField';
import { useResearchList } from '../researches/api';

interface PickerProps<T> {
  value: T | null;
  onChange: (v: T | null) => void;
  exclude?: ReadonlySet<string>;
  error?: string;
  label: string;
}

/** The text typed into a search picker, and the search it makes of it (trimmed, debounced 300 ms). */
function useSearchText() {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  return { input, setInput, search };
}

/**
 * A required choice among what the server found for the typed text (in the server's order, no filtering
 * here), leaving out the `exclude`d ids.
 */
function SearchPicker<T extends { id: string }>({
  value,
  onChange,
  exclude,
  error,
  label,
  text,
  found,
  optionLabel,
  renderOption,
}: PickerProps<T> & {
  text: ReturnType<typeof useSearchText>;
  /** The query (TanStack Query) of the options found for `text.search`. */
  found: { data?: { data: T[] }; isFetching: boolean };
  optionLabel: (o: T) => string;
  renderOption?: AutocompleteProps<T, false, false, false>['renderOption'];
}) {
  const { t } = useTranslation();
  const options = (found.data?.data ?? []).filter((o) => !exclude?.has(o.id));
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_, v) => onChange(v)}
      inputValue={text.input}
      onInputChange={(_, v) => text.setInput(v)}
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={found.isFetching}
      noOptionsText={t('centres:noOptions')}
      loadingText={t('common:loading')}
      renderOption={renderOption}
      renderInput={(params) => (
        <TextField {...params} required margin="normal" label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}

/** An organisation chosen by a search over GET /Organisations. */
export function OrganisationPicker(props: PickerProps<OrganisationFull>) {
  const { t } = useTranslation();
  const text = useSearchText();
  const found = useOrganisationsPage({ page: 1, pageSize: 20, search: text.search || undefined });
  return (
    <SearchPicker
      {...props}
      text={text}
      found={found}
      optionLabel={(o) => o.shortName}
      renderOption={(liProps, o) => (
        <li {...liProps} key={o.id}>
          {o.shortName}
          {o.inn ? ` · ${t('centres:organisations.inn')} ${o.inn}` : ''}
        </li>
      )}
    />
  );
}

/** A member of an organisation, as GET /OrganisationUsers and GET /Employees/Candidates read them. */
export type Member = OrganisationUser['user'];

/** A user as the pickers offer them: the full name and the e-mail that tells namesakes apart. */
const userLabel = (u: Member) => `${fullName(u)} (${u.email})`;

/** A user chosen by a search over GET /Users (users_settings). */
export function UserPicker(props: PickerProps<User>) {
  const text = useSearchText();
  const found = useUserSearch(text.search, true);
  return <SearchPicker {...props} text={text} found={found} optionLabel={userLabel} />;
}

/**
 * A user to add to a centre, for someone without users_settings: a member of the centre's organisation, searched on
 * the server among those who are not its employees (a large hospital's staff are more than a page).
 */
export function CandidatePicker({ centreId, ...props }: PickerProps<Member> & { centreId: string }) {
  const text = useSearchText();
  const found = useEmployeeCandidates(centreId, text.search);
  const users = found.data ? { data: found.data.data.map((m) => m.user) } : undefined;
  return <SearchPicker {...props} text={text} found={{ data: users, isFetching: found.isFetching }} optionLabel={userLabel} />;
}

/** The research a settings page works on (the current one by default). */
export function ResearchSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const researches = useResearchList();
  const list = researches.data ?? [];
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

/** A centre's organisation type (required). */
export function OrganisationTypeSelect({
  value,
  onChange,
  disabled,
}: {
  value: OrganisationType;
  onChange: (type: OrganisationType) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      required
      label={t('centres:centres.type')}
      value={value}
      disabled={disabled}
      onChange={(v) => onChange(v as OrganisationType)}
      options={ORGANISATION_TYPES}
      optionLabel={(o) => t(`enums:organisationType.${o}`)}
    />
  );
}
