import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useSites, useSubjectContext } from './api';

/**
 * The site filter of the research-wide pages (statistics, summary tables, journals): every site centre of
 * the chosen research, or all of them (''). A site user sees only their own centre, so it is not shown.
 */
export function SiteSelect({ value, onChange, sx }: { value: string; onChange: (siteId: string) => void; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const ctx = useSubjectContext();
  const sites = useSites(ctx.researchId, !ctx.isSiteUser);
  if (ctx.isSiteUser) return null;
  return (
    <TextField
      select
      size="small"
      label={t('common:siteFilter.label')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
    >
      <MenuItem value="">{t('common:siteFilter.all')}</MenuItem>
      {(sites.data ?? []).map((ro) => (
        <MenuItem key={ro.id} value={ro.id}>
          {`${ro.researchOrganisationNumber} — ${ro.organisation.shortName}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
