import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { useTranslation } from 'react-i18next';
import type { CompanySuggestionDto } from '@edc/domain';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { useCompanyLookup, type OrganisationInput } from './api';
import { errorMessages } from './components';
import { OrganisationDetailFields } from './components/OrganisationDetailFields';
import * as organisationDetails from './components/organisationDetails';

/**
 * What the organisation lookup stands for: a suggestion of the company lookup (its details read-only), or
 * an organisation entered by hand, which is offered only when the lookup searched the organisations
 * already known here (no company registry configured).
 */
export interface LookupValue {
  chosen: CompanySuggestionDto | null;
  manual: boolean;
  values: OrganisationInput;
}

const EMPTY_VALUES: OrganisationInput = { name: '', shortName: '', address: '', inn: '', kpp: '' };
export const EMPTY_LOOKUP: LookupValue = { chosen: null, manual: false, values: EMPTY_VALUES };

/** The organisation to create, trimmed; null while nothing usable is chosen or when it exists here already. */
export function lookupResult(v: LookupValue): OrganisationInput | null {
  if (v.chosen?.organisationId) return null;
  if (!v.chosen && !v.manual) return null;
  if (v.manual && organisationDetails.KEYS.some((k) => organisationDetails.problemOf(v.values, k) !== null)) return null;
  const trimmed = (k: organisationDetails.Key) => String(v.values[k] ?? '').trim();
  return {
    name: trimmed('name'),
    shortName: trimmed('shortName'),
    address: trimmed('address'),
    inn: trimmed('inn') || null,
    kpp: trimmed('kpp') || null,
  };
}

/**
 * The company lookup by name or INN, shared by organisation creation and registration. `known` renders
 * what to offer for a suggestion that is already an organisation of this system (it is not created twice).
 */
export function OrganisationLookup({
  value,
  onChange,
  submitted,
  known,
  autoFocus,
}: {
  value: LookupValue;
  onChange: (v: LookupValue) => void;
  submitted: boolean;
  known: (organisationId: string, suggestion: CompanySuggestionDto) => ReactNode;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(value.chosen?.shortName ?? '');
  // What was typed last: the box clears itself when it loses focus without a choice, and manual entry starts from it.
  const [typed, setTyped] = useState('');
  const debounced = useDebouncedValue(query.trim(), 400);
  const lookup = useCompanyLookup(debounced);
  const [touched, setTouched] = useState<Set<organisationDetails.Key>>(new Set());
  const { chosen, manual, values } = value;
  const kind = lookup.data?.kind;
  const lookupError = lookup.isError ? errorMessages(lookup.error).join(' ') || t('centres:loadFailed') : null;

  const label = organisationDetails.labelsOf(t);
  const field = (k: organisationDetails.Key) => {
    const problem = manual && (submitted || touched.has(k)) ? organisationDetails.problemOf(values, k) : null;
    return (
      <TextField
        fullWidth
        margin="dense"
        label={label[k]}
        required={manual && organisationDetails.isRequired(k)}
        multiline={k === 'address'}
        value={values[k] ?? ''}
        onChange={(e) => onChange({ ...value, values: { ...values, [k]: e.target.value } })}
        onBlur={() => setTouched((s) => new Set(s).add(k))}
        slotProps={{
          input: { readOnly: !manual },
          htmlInput: k === 'inn' || k === 'kpp' ? { inputMode: k === 'inn' ? 'numeric' : 'text', maxLength: 12 } : undefined,
        }}
        error={problem !== null}
        helperText={organisationDetails.problemText(t, k, problem)}
      />
    );
  };

  return (
    <Box>
      {!manual && (
        <Autocomplete
          options={lookup.data?.suggestions ?? []}
          value={chosen}
          onChange={(_, s) => onChange({ chosen: s, manual: false, values: s ? organisationDetails.valuesOf(s) : EMPTY_VALUES })}
          inputValue={query}
          onInputChange={(_, v, reason) => {
            setQuery(v);
            if (reason === 'input') setTyped(v);
          }}
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
              autoFocus={autoFocus}
              margin="normal"
              label={t('centres:organisations.lookup')}
              error={Boolean(lookupError) || (submitted && !chosen)}
              helperText={
                lookupError ??
                (submitted && !chosen ? t('centres:organisations.chooseSuggestion') : t('centres:organisations.lookupHint'))
              }
            />
          )}
        />
      )}
      {kind && !manual && (
        <Box sx={{ fontSize: 13, color: 'text.secondary', mt: -0.5, mb: 1 }}>
          {kind === 'registry' ? t('centres:organisations.sourceRegistry') : t('centres:organisations.sourceKnown')}
        </Box>
      )}
      {manual && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {t('centres:organisations.manualNote')}
        </Alert>
      )}
      {chosen?.organisationId && (
        <Alert severity="info" sx={{ my: 1 }}>
          {t('centres:organisations.alreadyKnown')} {known(chosen.organisationId, chosen)}
        </Alert>
      )}
      {(chosen || manual) && <OrganisationDetailFields input={field} />}
      {kind === 'known' && !manual && (
        <Button
          startIcon={<EditNoteOutlined />}
          sx={{ mt: 1 }}
          onClick={() => {
            setTouched(new Set());
            onChange({ chosen: null, manual: true, values: { ...EMPTY_VALUES, shortName: typed.trim() } });
          }}
        >
          {t('centres:organisations.enterManually')}
        </Button>
      )}
      {manual && (
        <Button
          startIcon={<SearchOutlined />}
          sx={{ mt: 1 }}
          onClick={() => {
            setQuery('');
            setTyped('');
            onChange(EMPTY_LOOKUP);
          }}
        >
          {t('centres:organisations.backToLookup')}
        </Button>
      )}
    </Box>
  );
}
