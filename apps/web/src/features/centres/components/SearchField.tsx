import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The search box above a list ("Поиск"): full width on phones, 320 px from sm up. */
export function SearchField({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      type="search"
      size="small"
      label={t('centres:search')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
    />
  );
}
