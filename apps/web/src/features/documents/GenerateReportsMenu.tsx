import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DocumentStatusReply } from '@edc/domain';
import { apiRequest } from '../../shared/api/client';
import { useGeneratedDocument } from '../../shared/documents/generatedDocument';
import { currentEmployee, useMe } from '../identity/api';

type Choice = 'tracker' | 'timeTracker' | 'referencePdf' | 'referenceXlsx';

/** The generation call of each choice (GET in the spec, though each starts a document: docs/documents.md). */
function urlOf(choice: Choice, researchId: string, centreId: string | undefined): string {
  const research = `researchId=${encodeURIComponent(researchId)}`;
  if (choice === 'tracker') return `/ResearchOrganisations/GenerateTracker?${research}`;
  if (choice === 'timeTracker') return `/ResearchOrganisations/GenerateTimeTracker?${research}`;
  const format = choice === 'referencePdf' ? 'pdf' : 'xlsx';
  return `/ReferenceGroups/GenerateReferenceReport?researchOrganisationId=${encodeURIComponent(centreId ?? '')}&format=${format}`;
}

/**
 * "Сформировать отчет" on the research documents page: the visit tracker, the time tracker and the reference
 * report of the caller's own centre (offered only to an employee of a centre of this research; the server
 * decides who may). Each is made in the background and offered in a snackbar when Done, like the dataset.
 */
export function GenerateReportsMenu({ researchId }: { researchId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const me = useMe();
  const employee = currentEmployee(me.data);
  const centre = employee?.researchOrganisation;
  const centreId = centre && centre.research.id === researchId ? centre.id : undefined;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const texts = useMemo(
    () => ({
      ready: (name: string) => t('documents:dataset.ready', { name }),
      download: t('documents:page.download'),
      failed: t('documents:reports.failed'),
    }),
    [t],
  );
  const { busy, start } = useGeneratedDocument(texts);
  const choices: Choice[] = centreId ? ['tracker', 'timeTracker', 'referencePdf', 'referenceXlsx'] : ['tracker', 'timeTracker'];

  const ask = async (choice: Choice) => {
    setAnchor(null);
    const asked = await start(() => apiRequest<DocumentStatusReply>(urlOf(choice, researchId, centreId), { method: 'GET' }));
    if (asked) void client.invalidateQueries({ queryKey: ['documents', 'list'] });
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AssessmentOutlined />}
        loading={busy}
        loadingPosition="start"
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {busy ? t('documents:reports.making') : t('documents:reports.generate')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {choices.map((c) => (
          <MenuItem key={c} onClick={() => void ask(c)}>
            {t(`documents:reports.${c}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
