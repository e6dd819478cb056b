import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { useTranslation } from 'react-i18next';
import { inn as innSchema, kpp as kppSchema, type CompanySuggestionDto } from '@edc/domain';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { useCompanyLookup, type OrganisationInput } from './api';
import { errorMessages, FieldPair } from './components';

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

type Key = keyof OrganisationInput;
const REQUIRED: Key[] = ['name', 'shortName', 'address'];

/** The problem of a hand-entered field: `required` or `invalid` (INN and KPP formats), else null. */
function problemOf(values: OrganisationInput, k: Key): 'required' | 'invalid' | null {
  const v = String(values[k] ?? '').trim();
  if (REQUIRED.includes(k)) return v ? null : 'required';
  if (!v) return null;
  const schema = k === 'inn' ? innSchema : kppSchema;
  return schema.safeParse(v).success ? null : 'invalid';
}

/** The organisation to create, trimmed; null while nothing usable is chosen or when it exists here already. */
export function lookupResult(v: LookupValue): OrganisationInput | null {
  if (v.chosen?.organisationId) return null;
  if (!v.chosen && !v.manual) return null;
  const keys: Key[] = ['name', 'shortName', 'address', 'inn', 'kpp'];
  if (v.manual && keys.some((k) => problemOf(v.values, k) !== null)) return null;
  const trimmed = (k: Key) => String(v.values[k] ?? '').trim();
  return {
    name: trimmed('name'),
    shortName: trimmed('shortName'),
    address: trimmed('address'),
    inn: trimmed('inn') || null,
    kpp: trimmed('kpp') || null,
  };
}

const fromSuggestion = (s: CompanySuggestionDto): OrganisationInput => ({
  name: s.name,
  shortName: s.shortName,
  address: s.address,
  inn: s.inn ?? '',
  kpp: s.kpp ?? '',
});

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
  const [touched, setTouched] = useState<Set<Key>>(new Set());
  const { chosen, manual, values } = value;
  const kind = lookup.data?.kind;
  const lookupError = lookup.isError ? errorMessages(lookup.error).join(' ') || t('centres:loadFailed') : null;

  const field = (k: Key, label: string) => {
    const problem = manual && (submitted || touched.has(k)) ? problemOf(values, k) : null;
    return (
      <TextField
        fullWidth
        margin="dense"
        label={label}
        required={manual && REQUIRED.includes(k)}
        multiline={k === 'address'}
        value={values[k] ?? ''}
        onChange={(e) => onChange({ ...value, values: { ...values, [k]: e.target.value } })}
        onBlur={() => setTouched((s) => new Set(s).add(k))}
        slotProps={{
          input: { readOnly: !manual },
          htmlInput: k === 'inn' || k === 'kpp' ? { inputMode: k === 'inn' ? 'numeric' : 'text', maxLength: 12 } : undefined,
        }}
        error={problem !== null}
        helperText={
          problem === 'required'
            ? t('common:validation.required')
            : problem === 'invalid'
              ? t(`centres:organisations.${k === 'inn' ? 'innInvalid' : 'kppInvalid'}`)
              : undefined
        }
      />
    );
  };

  return (
    <Box>
      {!manual && (
        <Autocomplete
          options={lookup.data?.suggestions ?? []}
          value={chosen}
          onChange={(_, s) => onChange({ chosen: s, manual: false, values: s ? fromSuggestion(s) : EMPTY_VALUES })}
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
      {(chosen || manual) && (
        <>
          {field('name', t('identity:organisation.name'))}
          {field('shortName', t('identity:organisation.shortName'))}
          {field('address', t('identity:organisation.address'))}
          <FieldPair>
            {field('inn', t('centres:organisations.inn'))}
            {field('kpp', t('centres:organisations.kpp'))}
          </FieldPair>
        </>
      )}
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
