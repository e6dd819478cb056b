import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RandomisationStrata, StratumFieldOption } from '@edc/domain';
import { api } from '../../shared/api/client';
import { iwrsKey, useIwrsMutation } from './api';

const optionLabel = (o: StratumFieldOption) => `${o.text} (${o.formTitle})`;

/** Choosing the stratification field: the research's form fields found by the typed text (the server's first 50). */
function FieldPicker({ current, onDone }: { current: StratumFieldOption | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<StratumFieldOption | null>(current);
  const options = useQuery({
    queryKey: [...iwrsKey, 'stratum-fields', search],
    queryFn: ({ signal }) =>
      api.get<StratumFieldOption[]>('/RandomisationStrata/Fields', { query: { search: search || undefined }, signal }),
  });
  const save = useIwrsMutation(() => api.put('/RandomisationStrata/Field', { formFieldId: chosen?.formFieldId ?? null }), onDone);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
      <Autocomplete
        sx={{ minWidth: 320 }}
        options={options.data ?? []}
        value={chosen}
        onChange={(_, v) => setChosen(v)}
        onInputChange={(_, v, reason) => reason === 'input' && setSearch(v)}
        filterOptions={(o) => o}
        getOptionLabel={optionLabel}
        isOptionEqualToValue={(a, b) => a.formFieldId === b.formFieldId}
        loading={options.isFetching}
        renderInput={(params) => <TextField {...params} size="small" label={t('iwrs:strata.field')} />}
      />
      <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate(undefined)}>
        {t('iwrs:strata.save')}
      </Button>
      <Button onClick={onDone}>{t('iwrs:strata.cancel')}</Button>
    </Stack>
  );
}

/**
 * The research's strata (docs/iwrs.md, "Lists and strata"): the stratification field, if any, and per
 * stratum the entries of all its lists, used and remaining.
 */
export function StrataPanel({ strata }: { strata: RandomisationStrata }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const locked = strata.strata.some((s) => s.used > 0);
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {t('iwrs:strata.title')}
      </Typography>
      {editing ? (
        <FieldPicker current={strata.field} onDone={() => setEditing(false)} />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
          <Typography data-testid="stratum-field">
            {strata.field ? t('iwrs:strata.byField', { field: optionLabel(strata.field) }) : t('iwrs:strata.byCentre')}
          </Typography>
          {!locked && (
            <Button size="small" onClick={() => setEditing(true)}>
              {t('iwrs:strata.change')}
            </Button>
          )}
        </Stack>
      )}
      {locked && !editing && <Alert severity="info">{t('iwrs:strata.locked')}</Alert>}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('iwrs:strata.title')}>
          <TableHead>
            <TableRow>
              {['stratum', 'size', 'used', 'remaining'].map((c) => (
                <TableCell key={c} sx={{ fontWeight: 600 }}>
                  {t(`iwrs:settings.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {strata.strata.map((s) => (
              <TableRow key={s.stratum} data-testid="stratum-row">
                <TableCell>{s.stratum || t('iwrs:settings.wholeResearch')}</TableCell>
                <TableCell>{s.size}</TableCell>
                <TableCell>{s.used}</TableCell>
                <TableCell>{s.remaining}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}
