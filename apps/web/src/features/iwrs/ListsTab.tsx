import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RandomisationListSummary } from '@edc/domain';
import { api } from '../../shared/api/client';
import { FormDialog } from '../../shared/components/FormDialog';
import { Loading } from '../../shared/components/Loading';
import { useIwrsMutation } from './api';
import { TABLE_FILE_ACCEPT, tableFileBody, useLists, useStrata } from './settingsApi';
import { StrataPanel } from './StrataPanel';
import { dateTimeText } from './format';

interface Site {
  id: string;
  researchOrganisationNumber: string;
}

/** Generating a permuted-block list: arms with their ratios, block sizes, size and an optional seed. */
function GenerateDialog({
  groups,
  sites,
  byField,
  onClose,
}: {
  groups: string[];
  sites: Site[];
  /** The stratification field's label when the research has one: the stratum is then a value of it. */
  byField: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [stratum, setStratum] = useState('');
  const [ratios, setRatios] = useState<Record<string, string>>(Object.fromEntries(groups.map((g) => [g, '1'])));
  const [blockSizes, setBlockSizes] = useState(String(groups.length * 2));
  const [size, setSize] = useState('40');
  const [seed, setSeed] = useState('');
  const save = useIwrsMutation(
    () =>
      api.post('/RandomisationLists/Generate', {
        stratum,
        arms: groups.map((group) => ({ group, ratio: Number(ratios[group]) })),
        blockSizes: blockSizes
          .split(/[,;\s]+/)
          .filter(Boolean)
          .map(Number),
        size: Number(size),
        ...(seed.trim() ? { seed: seed.trim() } : {}),
      }),
    onClose,
  );
  return (
    <FormDialog
      open
      fullScreenOnPhone
      onClose={onClose}
      title={t('iwrs:settings.generateTitle')}
      saving={save.isPending}
      onSubmit={() => save.mutate(undefined)}
    >
      {byField ? (
        <TextField
          required
          label={t('iwrs:settings.stratum')}
          value={stratum}
          onChange={(e) => setStratum(e.target.value)}
          helperText={t('iwrs:strata.valueHint', { field: byField })}
        />
      ) : (
        <TextField select label={t('iwrs:settings.stratum')} value={stratum} onChange={(e) => setStratum(e.target.value)}>
          <MenuItem value="">{t('iwrs:settings.wholeResearch')}</MenuItem>
          {sites.map((s) => (
            <MenuItem key={s.id} value={s.researchOrganisationNumber}>
              {s.researchOrganisationNumber}
            </MenuItem>
          ))}
        </TextField>
      )}
      {groups.map((g) => (
        <TextField
          key={g}
          type="number"
          label={t('iwrs:settings.ratio', { group: g })}
          value={ratios[g]}
          onChange={(e) => setRatios({ ...ratios, [g]: e.target.value })}
        />
      ))}
      <TextField label={t('iwrs:settings.blockSizes')} value={blockSizes} onChange={(e) => setBlockSizes(e.target.value)} />
      <TextField type="number" label={t('iwrs:settings.size')} value={size} onChange={(e) => setSize(e.target.value)} />
      <TextField label={t('iwrs:settings.seedOptional')} value={seed} onChange={(e) => setSeed(e.target.value)} />
    </FormDialog>
  );
}

/**
 * The sealed randomisation lists (unblinded sponsor staff): per stratum their source, seed, used and
 * remaining entries; generate from a seed, upload a CSV, verify a generated list against its seed.
 */
export function ListsTab({ groups, sites }: { groups: string[]; sites: Site[] }) {
  const { t, i18n } = useTranslation();
  const lists = useLists(true);
  const strata = useStrata(true);
  const [generating, setGenerating] = useState(false);
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const upload = useIwrsMutation(async (file: File) =>
    api.post('/RandomisationLists/Upload', { stratum: '', ...(await tableFileBody(file)) }),
  );
  const verify = async (l: RandomisationListSummary) => {
    const r = await api.post<{ matches: boolean }>(`/RandomisationLists/${l.id}/Verify`);
    setChecked((c) => ({ ...c, [l.id]: r.data.matches }));
  };
  if (lists.isPending) return <Loading />;
  if (lists.isError) return <Alert severity="error">{t('iwrs:settings.loadError')}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" onClick={() => setGenerating(true)}>
          {t('iwrs:settings.generate')}
        </Button>
        <Button component="label" variant="outlined" disabled={upload.isPending}>
          {t('iwrs:settings.upload')}
          <input
            hidden
            type="file"
            accept={TABLE_FILE_ACCEPT}
            onChange={(e) => e.target.files?.[0] && upload.mutate(e.target.files[0])}
          />
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('iwrs:settings.uploadHint')}
      </Typography>
      {strata.data && <StrataPanel strata={strata.data} />}
      <Typography variant="h6" component="h2">
        {t('iwrs:settings.listsTab')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('iwrs:settings.listsTab')}>
          <TableHead>
            <TableRow>
              {['stratum', 'source', 'seed', 'size', 'used', 'remaining'].map((c) => (
                <TableCell key={c} sx={{ fontWeight: 600 }}>
                  {t(`iwrs:settings.${c}`)}
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {lists.data.map((l) => (
              <TableRow key={l.id} data-testid="list-row">
                <TableCell>{l.stratum || t('iwrs:settings.wholeResearch')}</TableCell>
                <TableCell>
                  {t(`iwrs:settings.${l.source}`)}
                  <Typography variant="body2" color="text.secondary">
                    {dateTimeText(l.createdAt, i18n.language)}
                  </Typography>
                </TableCell>
                <TableCell>{l.seed ?? '—'}</TableCell>
                <TableCell>{l.size}</TableCell>
                <TableCell>{l.used}</TableCell>
                <TableCell>{l.remaining}</TableCell>
                <TableCell>
                  {l.source === 'generated' && (
                    <Button size="small" onClick={() => void verify(l)}>
                      {t('iwrs:settings.verify')}
                    </Button>
                  )}
                  {checked[l.id] !== undefined && (
                    <Alert severity={checked[l.id] ? 'success' : 'error'} sx={{ mt: 1 }}>
                      {t(checked[l.id] ? 'iwrs:settings.verified' : 'iwrs:settings.notVerified')}
                    </Alert>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {generating && (
        <GenerateDialog
          groups={groups}
          sites={sites}
          byField={strata.data?.field?.text ?? null}
          onClose={() => setGenerating(false)}
        />
      )}
    </Stack>
  );
}
