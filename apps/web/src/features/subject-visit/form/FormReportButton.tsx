import { useTranslation } from 'react-i18next';
import { GeneratePdfButton } from '../GeneratePdfButton';
import { generateFormReport } from '../visitPdfApi';

/** "Отчет по форме" in the subject form dialog (docs/documents.md "Subject form report"): for whoever reads the form. */
export function FormReportButton({ subjectFormId }: { subjectFormId: string }) {
  const { t } = useTranslation();
  return (
    <GeneratePdfButton
      generate={() => generateFormReport(subjectFormId)}
      label={t('dataEntry:form.report')}
      makingLabel={t('dataEntry:form.reportMaking')}
    />
  );
}
