import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DifferenceOutlined from '@mui/icons-material/DifferenceOutlined';
import { useTranslation } from 'react-i18next';
import type { DocumentStatusReply } from '@edc/domain';
import { api } from '../../shared/api/client';
import { FormDialog } from '../../shared/components/FormDialog';
import { useGeneratedDocument } from '../../shared/documents/generatedDocument';
import type { ResearchVersion } from './api';

/** POST /ResearchVersions/GenerateResearchVersionsChanges: what changed from the earlier version to the later one. */
export function generateVersionChanges(firstVersionId: string, secondVersionId: string) {
  return api.post<DocumentStatusReply>(
    '/ResearchVersions/GenerateResearchVersionsChanges',
    { firstVersionId, secondVersionId },
    { quietErrors: true },
  );
}

const order = (a: ResearchVersion, b: ResearchVersion) => a.majorIndex - b.majorIndex || a.minorIndex - b.minorIndex;

/**
 * "Изменения версий" on the research versions tab (docs/documents.md "Research version changes"; shown to the
 * documents administrators, who alone make and read them): a dialog choosing an earlier and a later version
 * (by default the two last), then the PDF is made in the background (polled every 2 s) and a snackbar offers
 * the download for 8 seconds.
 */
export function VersionChangesButton({ versions }: { versions: readonly ResearchVersion[] }) {
  const { t } = useTranslation();
  const sorted = useMemo(() => [...versions].sort(order), [versions]);
  const [open, setOpen] = useState(false);
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [checked, setChecked] = useState(false);
  const [asking, setAsking] = useState(false);
  const texts = useMemo(
    () => ({
      ready: (name: string) => t('versions:changes.ready', { name }),
      download: t('versions:changes.download'),
      failed: t('versions:changes.failed'),
    }),
    [t],
  );
  const { busy, start } = useGeneratedDocument(texts);
  const a = sorted.find((v) => v.id === first);
  const b = sorted.find((v) => v.id === second);
  const firstError = checked && !a ? t('versions:changes.required') : undefined;
  const secondError =
    checked && !b ? t('versions:changes.required') : a && b && order(b, a) <= 0 ? t('versions:changes.order') : undefined;

  const openDialog = () => {
    setFirst(sorted.at(-2)?.id ?? '');
    setSecond(sorted.at(-1)?.id ?? '');
    setChecked(false);
    setOpen(true);
  };
  const submit = async () => {
    setChecked(true);
    if (!a || !b || order(b, a) <= 0) return;
    setAsking(true);
    const ok = await start(() => generateVersionChanges(a.id, b.id));
    setAsking(false);
    if (ok) setOpen(false);
  };
  const select = (label: string, value: string, onChange: (v: string) => void, error?: string) => (
    <TextField
      select
      required
      fullWidth
      sx={{ mt: 1 }}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
    >
      {sorted.map((v) => (
        <MenuItem key={v.id} value={v.id}>
          {t('versions:research.versionN', { index: v.index })}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DifferenceOutlined />}
        loading={busy}
        loadingPosition="start"
        disabled={busy || sorted.length < 2}
        onClick={openDialog}
      >
        {busy ? t('versions:changes.making') : t('versions:changes.button')}
      </Button>
      {open && (
        <FormDialog
          title={t('versions:changes.title')}
          onClose={() => setOpen(false)}
          onSubmit={() => void submit()}
          saving={asking}
          submitLabel={t('versions:changes.submit')}
          fullScreenOnPhone
        >
          {select(t('versions:changes.first'), first, setFirst, firstError)}
          {select(t('versions:changes.second'), second, setSecond, secondError)}
        </FormDialog>
      )}
    </>
  );
}
