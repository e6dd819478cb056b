import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Me } from '@edc/domain';
import './api';
import { ApprovalList } from './ApprovalList';
import { DocumentList } from './DocumentList';
import { ExpiredWarning } from './ExpiredWarning';
import { GenerateDocumentsBar } from './GenerateDocumentsBar';
import { currentEmployee } from '../identity/api';

function Block({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography variant="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The profile's documents (spec operations section 2): the caller's own documents in the current research with
 * filters and generation, the documents waiting for the caller's approval, the ones due for deletion, and the expired warning
 * above them.
 */
export function ProfileDocuments({ me }: { me: Me }) {
  const { t } = useTranslation();
  const rights = { admin: me.permissions.includes('documents_settings'), userId: me.user.id };
  const researchId = currentEmployee(me)?.researchOrganisation.research.id;
  return (
    <Stack spacing={3}>
      <ExpiredWarning source="personal" researchId={null} />
      <Block id="profile-documents" title={t('documents:page.profile.mine')}>
        {researchId && <GenerateDocumentsBar me={me} researchId={researchId} />}
        <DocumentList
          source="personal"
          researchId={null}
          expiring={false}
          rights={rights}
          label={t('documents:page.profile.mine')}
        />
      </Block>
      <Block id="profile-documents-approval" title={t('documents:page.profile.approval')}>
        <ApprovalList source="personal" researchId={null} canSend={false} label={t('documents:page.profile.approval')} />
      </Block>
      <Block id="profile-documents-expiring" title={t('documents:page.profile.expiring')}>
        <DocumentList source="personal" researchId={null} expiring rights={rights} label={t('documents:page.profile.expiring')} />
      </Block>
    </Stack>
  );
}
