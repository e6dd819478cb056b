import Box from '@mui/material/Box';
import { generatesDocuments, makesTemplates, type Me } from '@edc/domain';
import { currentEmployee } from '../identity/api';
import { GenerateArchiveButton } from './GenerateArchiveButton';
import { GenerateDatasetButton } from './GenerateDatasetButton';
import { GenerateReportsMenu } from './GenerateReportsMenu';
import { GenerateTemplateButton } from './GenerateTemplateButton';

/**
 * The generate controls of a research's documents (spec operations sections 2 and 6), on the research documents
 * page and in the profile: for documents administrators and the staff of admin, qa, site and test-site centres;
 * the template for administrators and admin and qa centres. The server checks each generation again.
 */
export function GenerateDocumentsBar({ me, researchId }: { me: Me; researchId: string }) {
  const actor = {
    documentsAdmin: me.permissions.includes('documents_settings'),
    organisationType: currentEmployee(me)?.researchOrganisation.organisationTypeString,
  };
  if (!generatesDocuments(actor)) return null;
  return (
    <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <GenerateDatasetButton researchId={researchId} />
      <GenerateReportsMenu researchId={researchId} />
      {makesTemplates(actor) && <GenerateTemplateButton researchId={researchId} />}
      <GenerateArchiveButton researchId={researchId} />
    </Box>
  );
}
