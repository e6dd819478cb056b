import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEBOUNCE_MS, userDto } from '@edc/domain';
import { PROVIDER_SERVICES } from '../../config';
import { api, ApiError } from '../../shared/api/client';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { formResolver } from '../../shared/forms/zodI18n';
import { EMPTY_LOOKUP, lookupResult, OrganisationLookup, type LookupValue } from '../centres/OrganisationLookup';
import { authApi } from './api';
import { ManualLinks } from './AuthLinks';
import { BackToSignIn } from './components/BackToSignIn';
import { EmailField } from './components/EmailField';
import { PersonNameFields } from './components/PersonNameFields';

interface OrganisationShort {
  id: string;
  shortName: string;
}

const personResolver = formResolver(userDto);

function useOrganisationSearch(search: string, enabled: boolean) {
  const debounced = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  return useQuery({
    queryKey: ['organisations', 'short', debounced],
    queryFn: ({ signal }) => api.get<OrganisationShort[]>('/Organisations/Short', { query: { search: debounced }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * /signUp: organisation (existing or new), then the person. No session yet: the page then asks to open the
 * mailed link, which proves the e-mail, sets the password and signs in.
 */
export default function SignUpPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [existing, setExisting] = useState<OrganisationShort | null>(null);
  const [search, setSearch] = useState('');
  const organisations = useOrganisationSearch(search, mode === 'existing');

  const [lookup, setLookup] = useState<LookupValue>(EMPTY_LOOKUP);
  const newOrganisation = lookupResult(lookup);
  const personForm = useForm({
    resolver: personResolver,
    defaultValues: { lastName: '', firstName: '', patronymic: '', email: '' },
  });

  const organisationSet = mode === 'existing' ? existing !== null : newOrganisation !== null;

  const signUp = useMutation({
    mutationFn: async (person: { email: string; firstName: string; lastName: string; patronymic?: string | null }) => {
      const user = { ...person, patronymic: person.patronymic || undefined };
      if (mode === 'existing' && existing) return authApi.signUp({ userDto: user, organisationShortName: existing.shortName });
      return authApi.signUpWithOrganisation({ userDto: user, organisationDto: newOrganisation });
    },
    onSuccess: (_reply, person) => setSentTo(person.email),
    onError: (e) => {
      // The organisation was refused (taken name or INN): back to it; the message is already shown.
      if (e instanceof ApiError && e.errors.some((x) => x.path?.startsWith('organisation'))) setStep(0);
    },
  });

  /** A looked-up organisation that is already registered here: join it instead of creating it again. */
  const join = (organisationId: string, shortName: string) => {
    setExisting({ id: organisationId, shortName });
    setSearch(shortName);
    setMode('existing');
    setLookup(EMPTY_LOOKUP);
  };

  return (
    <>
      <Tabs
        value="signUp"
        aria-label={t('auth:signUp.services')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
      >
        <Tab value="signIn" label={t('auth:signIn.title')} component={RouterLink} to="/login" />
        <Tab value="signUp" label={t('auth:signUp.title')} />
        {PROVIDER_SERVICES.map((s) => (
          <Tab key={s.href} value={s.href} label={t(s.labelKey)} component="a" href={s.href} />
        ))}
      </Tabs>
      <PageTitle>{t('auth:signUp.title')}</PageTitle>
      <Stepper activeStep={step} sx={{ mb: 2 }} alternativeLabel>
        <Step>
          <StepLabel>{t('auth:signUp.stepOrganisation')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('auth:signUp.stepPerson')}</StepLabel>
        </Step>
      </Stepper>

      {sentTo !== null && (
        <>
          <Alert severity="success" role="status">
            {t('auth:signUp.checkMail', { email: sentTo })}
          </Alert>
          <BackToSignIn />
        </>
      )}

      {sentTo === null && step === 0 && (
        <Box>
          <FormControl>
            <FormLabel id="org-mode-label">{t('auth:signUp.organisationMode')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="org-mode-label"
              value={mode}
              onChange={(e) => setMode(e.target.value as 'existing' | 'new')}
            >
              <FormControlLabel value="existing" control={<Radio />} label={t('auth:signUp.existing')} />
              <FormControlLabel value="new" control={<Radio />} label={t('auth:signUp.new')} />
            </RadioGroup>
          </FormControl>
          {mode === 'existing' ? (
            <Autocomplete
              options={organisations.data ?? []}
              value={existing}
              onChange={(_, value) => setExisting(value)}
              inputValue={search}
              onInputChange={(_, value) => setSearch(value)}
              getOptionLabel={(o) => o.shortName}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              filterOptions={(x) => x}
              loading={organisations.isFetching}
              loadingText={t('common:loading')}
              noOptionsText={t('auth:signUp.noOrganisations')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('auth:signUp.organisation')}
                  required
                  InputProps={{
                    ...params.InputProps,
                    endAdornment: (
                      <>
                        {organisations.isFetching ? <CircularProgress color="inherit" size={20} aria-hidden /> : null}
                        {params.InputProps.endAdornment}
                      </>
                    ),
                  }}
                />
              )}
            />
          ) : (
            <OrganisationLookup
              value={lookup}
              onChange={setLookup}
              submitted={false}
              known={(id, s) => (
                <Button size="small" onClick={() => join(id, s.shortName)}>
                  {t('auth:signUp.joinKnown')}
                </Button>
              )}
            />
          )}
          <Stack direction="row" sx={{ mt: 3, justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={() => setStep(1)} disabled={!organisationSet}>
              {t('common:actions.next')}
            </Button>
          </Stack>
        </Box>
      )}

      {sentTo === null && step === 1 && (
        <form noValidate onSubmit={personForm.handleSubmit((values) => signUp.mutate(values))}>
          <Alert severity={mode === 'new' && lookup.manual ? 'warning' : 'info'} sx={{ mb: 1 }}>
            {mode === 'existing'
              ? t('auth:signUp.joining', { name: existing?.shortName ?? '' })
              : lookup.manual
                ? t('auth:signUp.creatingManual', { name: newOrganisation?.shortName ?? '' })
                : t('auth:signUp.creating', { name: newOrganisation?.shortName ?? '' })}
          </Alert>
          <PersonNameFields control={personForm.control} autoFocus />
          <EmailField control={personForm.control} autoComplete="email" />
          <Stack direction="row" sx={{ mt: 3, justifyContent: 'space-between' }}>
            <Button onClick={() => setStep(0)} disabled={signUp.isPending}>
              {t('common:actions.back')}
            </Button>
            <Button type="submit" variant="contained" loading={signUp.isPending}>
              {t('auth:signUp.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <ManualLinks />
    </>
  );
}
