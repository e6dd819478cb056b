import { useTranslation } from 'react-i18next';
import { DesignDialog } from '../design/components/common';
import { useResearch, type ResearchRead } from './api';
import { ResearchInfoActions, ResearchInfoBody, useResearchInfoEdit } from './ResearchInfo';

function InfoDialog({ research, onClose }: { research: ResearchRead; onClose: () => void }) {
  const { t } = useTranslation();
  const edit = useResearchInfoEdit(research);
  return (
    <DesignDialog
      open
      onClose={onClose}
      maxWidth="md"
      title={t('researches:info.title', { name: research.grlsProtocolNumber })}
      onSubmit={edit.submit}
      actions={<ResearchInfoActions edit={edit} onClose={onClose} />}
    >
      <ResearchInfoBody edit={edit} />
    </DesignDialog>
  );
}

/** Research info dialog (spec section 2): the row's values at once, then the stored ones. */
export function ResearchInfoDialog({ research, onClose }: { research: ResearchRead; onClose: () => void }) {
  const stored = useResearch(research.id, research);
  return <InfoDialog research={stored.data ?? research} onClose={onClose} />;
}
