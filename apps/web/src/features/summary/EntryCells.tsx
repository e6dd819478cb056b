import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import MoreVert from '@mui/icons-material/MoreVert';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CompletedStatus, EntrySection, FormEntry, SummaryColumn } from '@edc/domain';
import { visitStatusColour } from '../subjects/ui';
import { cellText, sectionAnswer } from './cells';
import '../subjects/i18n';

/** The subject visit page with the entry's form open, at a field (of the design) when one is named. */
export const entryHref = (e: FormEntry, formFieldId?: string) =>
  `/subjectVisit/${e.subjectVisitId}?subjectFormId=${e.subjectFormId}` + (formFieldId ? `&formFieldId=${formFieldId}` : '');

/** The entry's completed status as a coloured badge, its name for assistive technology and on hover. */
export function StatusBadge({ status }: { status: CompletedStatus }) {
  const { t } = useTranslation();
  const label = t(`subjects:completedStatus.${status}`);
  return (
    <Box
      role="img"
      aria-label={label}
      title={label}
      data-status={status}
      sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: visitStatusColour(status), mt: 0.25 }}
    />
  );
}

/** A value of the entry; a click opens the form at the field (spec: clicking a value opens the form dialog). */
export function ValueCell({ entry, column }: { entry: FormEntry; column: SummaryColumn }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const text = cellText(column.fieldType, entry.values[column.formFieldId], t, i18n.language);
  return (
    <ButtonBase
      onClick={() => navigate(entryHref(entry, column.formFieldId))}
      aria-label={t('summary:openValue', { field: column.text, subject: entry.screeningNumber })}
      data-testid="entry-value"
      sx={{ display: 'block', width: '100%', minHeight: 20, textAlign: 'left', font: 'inherit', borderRadius: 0.5 }}
    >
      {text}
    </ButtonBase>
  );
}

/** The section's 'Completed?' answer with the reason for No or Not applicable. */
export function SectionCell({ section }: { section: EntrySection | undefined }) {
  const { t } = useTranslation();
  const { text, reason } = sectionAnswer(section, t);
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {text}
      </Box>
      {reason && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {reason}
        </Typography>
      )}
    </>
  );
}

/** The 'more' action: open the form, or the subject visit. */
export function MoreCell({ entry }: { entry: FormEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('summary:more', { subject: entry.screeningNumber })}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => navigate(entryHref(entry))}>{t('summary:openForm')}</MenuItem>
        <MenuItem onClick={() => navigate(`/subjectVisit/${entry.subjectVisitId}`)}>{t('summary:openVisit')}</MenuItem>
      </Menu>
    </>
  );
}
