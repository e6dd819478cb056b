import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DATASET_NAME_MAX, EXPORT_FORMATS, type ExportFormat } from '@edc/domain';
import { FormDialog } from '../../shared/components/FormDialog';
import type { Form, Visit } from '../design/api';
import { useResearchForms, useResearchVisits } from '../data-exchange/api';
import { generateDataset, type DatasetBy, type DatasetRequest } from './api';

/**
 * "Сформировать набор данных" (design-and-admin sections 5 and 7, docs/documents.md "Datasets"): by visit or by
 * form, the visits or forms, the format, with creators (ODM only: its audit records) and a name; `onAsk` sends
 * the request through the generated-document hook and resolves true when the document is asked for.
 */
export function GenerateDatasetDialog({
  researchId,
  onClose,
  onAsk,
}: {
  researchId: string;
  onClose: () => void;
  onAsk: (request: () => ReturnType<typeof generateDataset>) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const visits = useResearchVisits(researchId);
  const forms = useResearchForms(researchId);
  const [by, setBy] = useState<DatasetBy>('visit');
  const [visitIds, setVisitIds] = useState<string[]>([]);
  const [formIds, setFormIds] = useState<string[]>([]);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [withCreators, setWithCreators] = useState(false);
  const [name, setName] = useState('');
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);

  const visitList = visits.data ?? [];
  const visitIndex = new Map(visitList.map((v, i) => [v.id, i]));
  const visitTitle = (id: string) => visitList.find((v) => v.id === id)?.title ?? '';
  const formList = [...(forms.data ?? [])].sort(
    (a, b) => (visitIndex.get(a.visitId) ?? 0) - (visitIndex.get(b.visitId) ?? 0) || a.index - b.index,
  );
  const ids = by === 'visit' ? visitIds : formIds;
  const listError = checked && ids.length === 0 ? t(`documents:dataset.${by}Required`) : undefined;
  const nameError = checked && !name.trim() ? t('documents:dataset.nameRequired') : undefined;

  const submit = async () => {
    setChecked(true);
    if (ids.length === 0 || !name.trim()) return;
    const request: DatasetRequest = {
      researchId,
      name: name.trim(),
      format,
      withCreators: format === 'odm' && withCreators,
      ...(by === 'visit' ? { visitIdList: visitIds } : { formIdList: formIds }),
    };
    setSaving(true);
    const asked = await onAsk(() => generateDataset(by, request));
    setSaving(false);
    if (asked) onClose();
  };

  return (
    <FormDialog
      title={t('documents:dataset.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      submitLabel={t('documents:dataset.submit')}
      fullScreenOnPhone
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <FormControl>
          <FormLabel id="dataset-by">{t('documents:dataset.by')}</FormLabel>
          <RadioGroup row aria-labelledby="dataset-by" value={by} onChange={(e) => setBy(e.target.value as DatasetBy)}>
            <FormControlLabel value="visit" control={<Radio />} label={t('documents:dataset.byVisit')} />
            <FormControlLabel value="form" control={<Radio />} label={t('documents:dataset.byForm')} />
          </RadioGroup>
        </FormControl>
        {by === 'visit' ? (
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
                label={t('documents:dataset.visits')}
                error={Boolean(listError)}
                helperText={listError}
              />
            )}
          />
        ) : (
          <Autocomplete<Form, true>
            multiple
            options={formList}
            loading={forms.isLoading}
            value={formList.filter((f) => formIds.includes(f.id))}
            onChange={(_, list) => setFormIds(list.map((f) => f.id))}
            getOptionLabel={(f) => `${visitTitle(f.visitId)} · ${f.title}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={t('documents:dataset.forms')}
                error={Boolean(listError)}
                helperText={listError}
              />
            )}
          />
        )}
        <TextField
          select
          label={t('documents:dataset.format')}
          value={format}
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
        >
          {EXPORT_FORMATS.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`documents:dataset.formats.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControl>
          <FormControlLabel
            control={<Checkbox checked={format === 'odm' && withCreators} onChange={(e) => setWithCreators(e.target.checked)} />}
            label={t('documents:dataset.withCreators')}
            disabled={format !== 'odm'}
          />
          <FormHelperText sx={{ mt: 0 }}>{t('documents:dataset.withCreatorsHint')}</FormHelperText>
        </FormControl>
        <TextField
          required
          label={t('documents:dataset.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(nameError)}
          helperText={nameError}
          slotProps={{ htmlInput: { maxLength: DATASET_NAME_MAX } }}
        />
      </Stack>
    </FormDialog>
  );
}
