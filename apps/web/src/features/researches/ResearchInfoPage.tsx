import './i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useResearch, type ResearchRead } from './api';
import { ResearchInfoActions, ResearchInfoBody, useResearchInfoEdit } from './ResearchInfo';

function ResearchInfoCard({ research }: { research: ResearchRead }) {
  const edit = useResearchInfoEdit(research);
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={edit.submit}
      aria-labelledby="research-info-name"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h2" id="research-info-name" sx={{ mb: 1 }}>
        {research.grlsProtocolNumber}
      </Typography>
      <ResearchInfoBody edit={edit} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <ResearchInfoActions edit={edit} />
      </Box>
    </Paper>
  );
}

/** /researchInfo/:researchId — the research info as a page (the mobile menu's "About the research"). */
export default function ResearchInfoPage() {
  const { t } = useTranslation();
  const { researchId } = useParams();
  const research = useResearch(researchId);
  return (
    <>
      <PageTitle>{t('researches:info.pageTitle')}</PageTitle>
      {research.isLoading ? (
        <Loading />
      ) : research.data ? (
        <ResearchInfoCard research={research.data} />
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void research.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        >
          {t('researches:loadOneFailed')}
        </Alert>
      )}
    </>
  );
}
