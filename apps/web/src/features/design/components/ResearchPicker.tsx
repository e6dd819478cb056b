import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Research } from '@edc/domain';

/**
 * The research a design page works on, for user roles Admin and Editor (the design pages'
 * `?researchId=`, see useDesignResearch). A research that is not current says so.
 */
export function ResearchPicker({
  researches,
  value,
  onChange,
}: {
  researches: Research[] | undefined;
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const known = researches?.some((r) => r.id === value) ?? false;
  return (
    <TextField
      select
      size="small"
      label={t('centres:research')}
      value={known ? (value ?? '') : ''}
      onChange={(e) => onChange(e.target.value)}
      margin="none"
      sx={{ width: { xs: '100%', sm: 260 } }}
      disabled={!researches}
    >
      {(researches ?? []).map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {r.statusString === 'Current'
            ? r.grlsProtocolNumber
            : `${r.grlsProtocolNumber} (${t(`centres:researchStatus.${r.statusString}`)})`}
        </MenuItem>
      ))}
    </TextField>
  );
}
