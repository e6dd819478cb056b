import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/components/FormDialog';
import { useSubjectCentres } from '../centres/api';
import { generateSubjectCardArchive } from './api';
import { useListedGeneration } from './useListedGeneration';

/**
 * "Архив карточек субъектов" on the research documents page (docs/documents.md "Subject cards archive"): a
 * centre that holds subjects (the ones the caller sees); the ZIP of its subjects' cards is made in the background.
 */
export function GenerateArchiveButton({ researchId }: { researchId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { busy, saving, ask } = useListedGeneration('archive');
  // Every centre that holds subjects, page after page: a large trial has hundreds.
  const centres = useSubjectCentres(open ? researchId : undefined);
  const [centreId, setCentreId] = useState('');
  const [checked, setChecked] = useState(false);
  const centreError = checked && !centreId ? t('documents:archive.centreRequired') : undefined;

  const submit = async () => {
    setChecked(true);
    if (!centreId) return;
    if (await ask(() => generateSubjectCardArchive(centreId))) setOpen(false);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FolderZipOutlined />}
        loading={busy}
        loadingPosition="start"
        onClick={() => setOpen(true)}
      >
        {busy ? t('documents:archive.making') : t('documents:archive.generate')}
      </Button>
      {open && (
        <FormDialog
          title={t('documents:archive.title')}
          onClose={() => setOpen(false)}
          onSubmit={() => void submit()}
          saving={saving}
          submitLabel={t('documents:archive.submit')}
          fullScreenOnPhone
        >
          <TextField
            select
            required
            fullWidth
            sx={{ mt: 1 }}
            label={t('documents:archive.centre')}
            value={centreId}
            onChange={(e) => setCentreId(e.target.value)}
            error={Boolean(centreError)}
            helperText={centreError}
          >
            {(centres.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {`${c.researchOrganisationNumber} · ${c.organisation.shortName}`}
              </MenuItem>
            ))}
          </TextField>
        </FormDialog>
      )}
    </>
  );
}
