import { useMemo } from 'react';
import Button from '@mui/material/Button';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { generatesDocuments } from '@edc/domain';
import { useGeneratedDocument } from '../../shared/documents/generatedDocument';
import { currentEmployee, useMe } from '../identity/api';
import { generateSubjectCard } from './documentsApi';

/**
 * Whether the caller may have the subject card made (the server decides: a reader of the subject holding the
 * documents settings or working for an admin, qa, site or test-site organisation; a monitor's kio does not).
 */
export function useMayGenerateSubjectCard(): boolean {
  const me = useMe().data;
  if (!me) return false;
  return generatesDocuments({
    documentsAdmin: me.permissions.includes('documents_settings'),
    organisationType: currentEmployee(me)?.researchOrganisation.organisationTypeString,
  });
}

/**
 * "Сформировать карточку субъекта" on the subject page (docs/documents.md "Subject card"): the card is made in the
 * background (polled every 2 s), then a snackbar offers the download for 8 seconds.
 */
export function SubjectCardButton({ subjectId }: { subjectId: string }) {
  const { t } = useTranslation();
  const texts = useMemo(
    () => ({
      ready: (name: string) => t('subjects:page.documentReady', { name }),
      download: t('subjects:page.documentDownload'),
      failed: t('subjects:page.documentFailed'),
    }),
    [t],
  );
  const { busy, start } = useGeneratedDocument(texts);
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<PictureAsPdfOutlined />}
      loading={busy}
      loadingPosition="start"
      disabled={busy}
      onClick={() => void start(() => generateSubjectCard(subjectId))}
    >
      {busy ? t('subjects:page.subjectCardMaking') : t('subjects:page.subjectCard')}
    </Button>
  );
}
