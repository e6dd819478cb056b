import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Me } from '@edc/domain';
import { PageTitle } from '../../shared/components/PageTitle';
import { organisationCabinetPath } from '../../app/routes';
import { api } from '../../shared/api/client';
import { fetchMe, meKey } from './api';

/** A user with no current organisation chooses one; it becomes current and its cabinet opens. */
export function OrganisationChooser({ me, onChosen }: { me: Me; onChosen: (path: string) => void }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string>('');
  const qc = useQueryClient();
  const setCurrent = useMutation({
    mutationFn: async (ou: Me['organisationUsers'][number]) => {
      await api.post(`/OrganisationUsers/${ou.id}/SetCurrent`);
      return { me: await fetchMe(), path: organisationCabinetPath(ou.organisation.id) };
    },
    // Both in one render: "/" navigates to the cabinet instead of redirecting to the new home path.
    onSuccess: ({ me: next, path }) => {
      onChosen(path);
      qc.setQueryData(meKey, next);
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
    },
  });
  const chosen = me.organisationUsers.find((o) => o.id === selected);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <PageTitle>{t('identity:chooser.title')}</PageTitle>
      {me.organisationUsers.length === 0 ? (
        <Alert severity="info">{t('identity:chooser.none')}</Alert>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!chosen) return;
            setCurrent.mutate(chosen);
          }}
        >
          <FormControl>
            <FormLabel id="chooser-label">
              <Typography component="span">{t('identity:chooser.prompt')}</Typography>
            </FormLabel>
            <RadioGroup
              aria-labelledby="chooser-label"
              name="organisation"
              value={selected}
              onChange={(e) => setSelected(e.target.value)}
            >
              {me.organisationUsers.map((ou) => (
                <FormControlLabel
                  key={ou.id}
                  value={ou.id}
                  control={<Radio />}
                  label={
                    <span>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                        {ou.organisation.shortName}
                      </Typography>
                      {ou.organisation.name && ou.organisation.name !== ou.organisation.shortName && (
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                          {ou.organisation.name}
                        </Typography>
                      )}
                    </span>
                  }
                  sx={{ py: 0.75, alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.75 } }}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <div>
            <Button type="submit" variant="contained" disabled={!chosen} loading={setCurrent.isPending} sx={{ mt: 2 }}>
              {t('identity:chooser.submit')}
            </Button>
          </div>
        </form>
      )}
    </Paper>
  );
}
