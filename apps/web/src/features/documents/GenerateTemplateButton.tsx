import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/components/FormDialog';
import { useResearchVersions, type Visit } from '../design/api';
import { useResearchVisits } from '../data-exchange/api';
import { generateTemplate } from './api';
import { useListedGeneration } from './useListedGeneration';

/**
 * "Сформировать шаблон" on the research documents page (docs/documents.md "Research template"): a research
 * version and its visits; the blank CRF PDF is made in the background and offered in a snackbar.
 */
export function GenerateTemplateButton({ researchId }: { researchId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { busy, saving, ask } = useListedGeneration('template');
  const versions = useResearchVersions(researchId);
  const visits = useResearchVisits(researchId);
  const [versionId, setVersionId] = useState('');
  const [visitIds, setVisitIds] = useState<string[]>([]);
  const [checked, setChecked] = useState(false);
  const visitList = (visits.data ?? []).filter((v) => v.researchVersionList.some((r) => r.id === versionId));
  const versionError = checked && !versionId ? t('documents:template.versionRequired') : undefined;
  const visitsError = checked && visitIds.length === 0 ? t('documents:template.visitsRequired') : undefined;

  const submit = async () => {
    setChecked(true);
    if (!versionId || visitIds.length === 0) return;
    if (await ask(() => generateTemplate({ researchVersionId: versionId, visitIdList: visitIds }))) setOpen(false);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DescriptionOutlined />}
        loading={busy}
        loadingPosition="start"
        onClick={() => setOpen(true)}
      >
        {busy ? t('documents:template.making') : t('documents:template.generate')}
      </Button>
      {open && (
        <FormDialog
          title={t('documents:template.title')}
          onClose={() => setOpen(false)}
          onSubmit={() => void submit()}
          saving={saving}
          submitLabel={t('documents:template.submit')}
          fullScreenOnPhone
        >
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              select
              required
              label={t('documents:template.version')}
              value={versionId}
              onChange={(e) => {
                setVersionId(e.target.value);
                setVisitIds([]);
              }}
              error={Boolean(versionError)}
              helperText={versionError}
            >
              {(versions.data ?? []).map((v) => (
                <MenuItem key={v.id} value={v.id}>{`${v.majorIndex}.${v.minorIndex}`}</MenuItem>
              ))}
            </TextField>
            <Autocomplete<Visit, true>
              multiple
              options={visitList}
              loading={visits.isLoading}
              value={visitList.filter((v) => visitIds.includes(v.id))}
              onChange={(_, list) => setVisitIds(list.map((v) => v.id))}
              getOptionLabel={(v) => v.title}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  label={t('documents:template.visits')}
                  error={Boolean(visitsError)}
                  helperText={visitsError}
                />
              )}
            />
          </Stack>
        </FormDialog>
      )}
    </>
  );
}
