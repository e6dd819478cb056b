import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../shared/components/Loading';
import { currentEmployee, useMe } from '../identity/api';
import { useSubjectCentres } from './api';
import { useResearchId } from './CentresPage';
import { PageToolbar } from './components/PageToolbar';
import { ResearchSelect } from './pickers';
import { ReferencesPanel } from './ReferencesPanel';

/** /researchReferences: the reference ranges of a site of the research (read-only without references_edit). */
export default function ResearchReferencesPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [researchId, setResearchId] = useResearchId();
  const centres = useSubjectCentres(researchId);
  const sites = centres.data ?? [];
  const own = currentEmployee(me.data)?.researchOrganisation.id;
  const [picked, setPicked] = useState<string | null>(null);
  const centreId = [picked, own].find((id) => id && sites.some((s) => s.id === id)) ?? sites[0]?.id ?? '';

  return (
    <>
      <PageToolbar title={t('centres:references.title')}>
        {researchId && (
          <ResearchSelect
            value={researchId}
            onChange={(id) => {
              setResearchId(id);
              setPicked(null);
            }}
          />
        )}
      </PageToolbar>
      {!researchId && me.data ? (
        <Alert severity="info">{t('centres:noResearch')}</Alert>
      ) : centres.isLoading || !researchId ? (
        <Loading />
      ) : centres.isError ? (
        <Alert severity="error">{t('centres:loadFailed')}</Alert>
      ) : sites.length === 0 ? (
        <Typography color="text.secondary">{t('centres:references.noSites')}</Typography>
      ) : (
        <>
          <TextField
            select
            size="small"
            label={t('centres:references.site')}
            value={centreId}
            onChange={(e) => setPicked(e.target.value)}
            sx={{ mb: 2, minWidth: { xs: '100%', sm: 320 } }}
          >
            {sites.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.researchOrganisationNumber} — {s.organisation.shortName}
              </MenuItem>
            ))}
          </TextField>
          {centreId && <ReferencesPanel owner={{ kind: 'centre', id: centreId }} researchId={researchId} />}
        </>
      )}
    </>
  );
}
