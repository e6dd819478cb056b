import { useTranslation } from 'react-i18next';
import { GeneratePdfButton } from './GeneratePdfButton';
import { generateVisitPdf } from './visitPdfApi';

/** "PDF визита" on a signed visit (spec operations section 4). */
export function VisitPdfButton({ subjectVisitId }: { subjectVisitId: string }) {
  const { t } = useTranslation();
  return (
    <GeneratePdfButton
      variant="outlined"
      generate={() => generateVisitPdf(subjectVisitId)}
      label={t('dataEntry:page.visitPdf')}
      makingLabel={t('dataEntry:page.visitPdfMaking')}
    />
  );
}
