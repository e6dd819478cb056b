import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DesignDialog } from '../design/components/common';
import type { OdmImportReply, ResearchVersion } from './api';
import { DialogProblems } from './DialogProblems';
import { OdmSameAs } from './OdmSameAs';

type SameAs = NonNullable<OdmImportReply['sameAs']>;

/** Only a version in development is updated from a file (docs/design-api.md "ODM"). */
export const UPDATABLE_STATUS = 'Designed';

/**
 * The file is a re-import of an existing version (the dry run's `sameAs`): before anything is written, the user
 * chooses to update that version in place or to create a new version with the index chosen before.
 */
export function OdmImportChoice({
  sameAs,
  recognised,
  newIndex,
  busy,
  progress,
  problems,
  onUpdate,
  onCreate,
  onCancel,
}: {
  sameAs: SameAs;
  recognised: ResearchVersion | undefined;
  newIndex: string;
  busy: boolean;
  progress: React.ReactNode;
  problems: string[];
  onUpdate: () => void;
  onCreate: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const updatable = recognised?.status === UPDATABLE_STATUS;
  return (
    <DesignDialog
      open
      onClose={busy ? () => undefined : onCancel}
      maxWidth="md"
      title={t('versions:odm.choiceTitle')}
      actions={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button variant="outlined" onClick={onCreate} disabled={busy}>
            {t('versions:odm.createNew', { index: newIndex })}
          </Button>
          <Button variant="contained" onClick={onUpdate} disabled={busy || !updatable} loading={busy}>
            {t('versions:odm.updateVersion', { index: sameAs.index })}
          </Button>
        </>
      }
    >
      <OdmSameAs sameAs={sameAs} />
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('versions:odm.choiceIntro', { index: sameAs.index })}
      </Typography>
      {!updatable && (
        <Typography variant="body2" color="text.secondary" data-testid="odm-update-unavailable">
          {t('versions:odm.updateNotDesigned', { index: sameAs.index })}
        </Typography>
      )}
      {progress}
      <DialogProblems problems={problems} />
    </DesignDialog>
  );
}
