import './i18n';
import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { PageTitle } from '../../shared/components/PageTitle';
import { Loading } from '../../shared/components/Loading';
import { useResearch, useSites, useSubjectContext } from '../subjects/api';
import { DosingsTable } from './DosingsTable';

/**
 * /dosings (spec operations section 2): a period from 1 to the research's total periods and, for users
 * outside a site, a site; then the dosing grid with its medications dialog.
 */
export default function DosingsPage() {
  const { t } = useTranslation();
  const ctx = useSubjectContext();
  const research = useResearch(ctx.researchId);
  const sites = useSites(ctx.researchId, !ctx.isSiteUser);
  const [period, setPeriod] = useState(1);
  const [site, setSite] = useState('');
  if (!ctx.me) return <Loading />;
  // Only a research with IWRS has dosings (the menu shows them only then).
  if (!ctx.me.permissions.includes('dosings')) return <Navigate to="/" replace />;
  if (research.isPending) return <Loading />;
  const periods = Array.from({ length: Math.max(research.data?.totalPeriods ?? 1, 1) }, (_, i) => i + 1);
  return (
    <Box>
      <PageTitle title={t('iwrs:dosings.title')}>{t('iwrs:dosings.title')}</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
        <TextField
          select
          size="small"
          label={t('iwrs:dosings.period')}
          value={period}
          onChange={(e) => setPeriod(Number(e.target.value))}
          sx={{ minWidth: 140 }}
        >
          {periods.map((p) => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        {!ctx.isSiteUser && (
          <TextField
            select
            size="small"
            label={t('iwrs:dosings.site')}
            value={site}
            onChange={(e) => setSite(e.target.value)}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{t('iwrs:dosings.allSites')}</MenuItem>
            {(sites.data ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.researchOrganisationNumber} {s.organisation.shortName}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <DosingsTable
        filter={{ periodNumber: period, researchOrganisationId: site || undefined }}
        canWrite={ctx.me.permissions.includes('subjects_edit')}
      />
    </Box>
  );
}
