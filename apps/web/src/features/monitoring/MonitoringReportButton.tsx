import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { useTranslation } from 'react-i18next';
import { MONITORING_REPORT_FORMATS } from '@edc/domain';
import { useGeneratedDocument } from '../../shared/documents/generatedDocument';
import { generateMonitoringReport } from './api';

/**
 * "Сформировать отчет" on a monitoring visit (spec operations sections 2 and 7, GenerateReport): the format
 * is chosen from its menu (PDF or XLSX); the report is made in the background and polled every 2 s, then
 * offered for download (shared/documents/generatedDocument.tsx, as the visit PDF).
 */
export function MonitoringReportButton({ monitoringVisitId }: { monitoringVisitId: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const texts = useMemo(
    () => ({
      ready: (name: string) => t('monitoringVisits:report.ready', { name }),
      download: t('monitoringVisits:report.download'),
      failed: t('monitoringVisits:report.failed'),
    }),
    [t],
  );
  const { busy, start } = useGeneratedDocument(texts);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AssessmentOutlined />}
        endIcon={busy ? undefined : <ArrowDropDown />}
        loading={busy}
        loadingPosition="start"
        disabled={busy}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'monitoring-report-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {busy ? t('monitoringVisits:report.making') : t('monitoringVisits:report.generate')}
      </Button>
      <Menu id="monitoring-report-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {MONITORING_REPORT_FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              void start(() => generateMonitoringReport(monitoringVisitId, format));
            }}
          >
            {t(`monitoringVisits:report.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
