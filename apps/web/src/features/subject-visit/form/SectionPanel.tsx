import { memo, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  deviatesFromDefault,
  SECTION_STATUSES,
  type SectionStatus,
  type SubjectFormFieldReply,
  type SubjectFormSectionReply,
} from '@edc/domain';
import { ApiError, toastError } from '../../../shared/api/client';
import {
  applySection,
  changeSectionStatus,
  completeSection,
  invalidateVisit,
  saveSectionComment,
  updateCachedForm,
} from '../api';
import { displayDateTime } from '../format';
import { FieldRow } from './FieldRow';
import { CompleteAtDialog, SectionHistoryDialog, StatusDialog } from './dialogs/SectionDialogs';
import { SectionValidation } from './SectionValidation';

export interface SectionContext {
  formId: string;
  subjectVisitId: string;
  canEdit: boolean;
  visitDate: string;
  dayPlus: number;
  /** The form is validated by the monitor (the section's validation revert is hidden then). */
  formKioValidated?: boolean;
}

/** The fields in display order: by index, each child right after its parent, with its depth; hidden ones left out. */
export function orderFields(fields: readonly SubjectFormFieldReply[]): Array<{ field: SubjectFormFieldReply; depth: number }> {
  const ids = new Set(fields.map((f) => f.id));
  const children = new Map<string, SubjectFormFieldReply[]>();
  const roots: SubjectFormFieldReply[] = [];
  for (const f of fields) {
    const p = f.parentSubjectFormFieldId;
    if (p && ids.has(p)) children.set(p, [...(children.get(p) ?? []), f]);
    else roots.push(f);
  }
  const byIndex = (a: SubjectFormFieldReply, b: SubjectFormFieldReply) => a.formField.index - b.formField.index;
  const out: Array<{ field: SubjectFormFieldReply; depth: number }> = [];
  const seen = new Set<string>();
  const walk = (list: SubjectFormFieldReply[], depth: number) => {
    for (const f of [...list].sort(byIndex)) {
      if (seen.has(f.id) || f.isHidden) continue;
      seen.add(f.id);
      out.push({ field: f, depth });
      walk(children.get(f.id) ?? [], depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}

export const sectionDeviates = (s: SubjectFormSectionReply) =>
  s.subjectFormFieldList.some((f) => !f.isHidden && deviatesFromDefault(f.formField.field, f.itemData?.data ?? null));

function useSectionCall(ctx: SectionContext) {
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const run = async (call: () => Promise<{ data: SubjectFormSectionReply }>): Promise<boolean> => {
    setSaving(true);
    try {
      const reply = await call();
      updateCachedForm(qc, ctx.formId, (f) => applySection(f, reply.data));
      void invalidateVisit(qc, ctx.subjectVisitId);
      return true;
    } catch (e) {
      if (e instanceof ApiError) {
        e.errors.forEach((x) => toastError(x.message));
        // A stale version: read the form again so that the next try has the current one.
        if (e.status === 409) void qc.invalidateQueries({ queryKey: ['subjectForm', ctx.formId] });
      }
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}

/** The section's status, confirmation (now or at a time), history and comment. */
function SectionHeader({ section, ctx }: { section: SubjectFormSectionReply; ctx: SectionContext }) {
  const { t } = useTranslation();
  const { saving, run } = useSectionCall(ctx);
  const [dialog, setDialog] = useState<
    null | { kind: 'status'; status: SectionStatus } | { kind: 'completeAt' } | { kind: 'history' }
  >(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const validated = section.qaValidate || section.dmValidate;
  const locked = !ctx.canEdit || validated;
  const newestValueAt = useMemo(() => {
    const times = section.subjectFormFieldList.map((f) => f.itemData?.createdAt).filter((x): x is string => Boolean(x));
    return times.length ? new Date(times.reduce((a, b) => (a > b ? a : b))) : null;
  }, [section.subjectFormFieldList]);
  const statusId = `section-status-${section.id}`;

  const changeStatus = (status: SectionStatus) => {
    if (section.isComplete || status === 'NotCompleted') setDialog({ kind: 'status', status });
    else void run(() => changeSectionStatus(section.id, { status, version: section.version }));
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      {section.formSection.description && <Typography color="text.secondary">{section.formSection.description}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <TextField
          id={statusId}
          select
          size="small"
          label={t('dataEntry:section.status')}
          value={section.status ?? ''}
          disabled={locked || saving}
          onChange={(e) => changeStatus(e.target.value as SectionStatus)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          {section.status === null && <option value="">{t('dataEntry:section.noStatus')}</option>}
          {SECTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`dataEntry:section.statusLabel.${s}`)}
            </option>
          ))}
        </TextField>
        {!section.isComplete && ctx.canEdit && (
          <ButtonGroup variant="contained" size="small" disabled={saving || validated}>
            <Button
              startIcon={<CheckCircleOutline />}
              loading={saving}
              onClick={() => void run(() => completeSection(section.id, null, section.version))}
            >
              {t('dataEntry:section.complete')}
            </Button>
            <Button
              aria-label={t('dataEntry:section.completeAt')}
              aria-haspopup="menu"
              onClick={(e) => setMenu(e.currentTarget)}
              sx={{ px: 0.5 }}
            >
              <ArrowDropDown />
            </Button>
          </ButtonGroup>
        )}
        {menu && (
          <Menu anchorEl={menu} open onClose={() => setMenu(null)}>
            <MenuItem
              onClick={() => {
                setMenu(null);
                void run(() => completeSection(section.id, null, section.version));
              }}
            >
              {t('dataEntry:section.completeNow')}
            </MenuItem>
            <MenuItem
              onClick={() => {
                setMenu(null);
                setDialog({ kind: 'completeAt' });
              }}
            >
              {t('dataEntry:section.completeAt')}
            </MenuItem>
          </Menu>
        )}
        {section.isComplete && (
          <Typography
            color="success.main"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            data-testid="section-confirmed"
          >
            <CheckCircleOutline fontSize="small" />
            {section.completeBy
              ? t('dataEntry:section.confirmedBy', {
                  date: displayDateTime(section.completeDate),
                  name: section.completeBy.fullName,
                })
              : t('dataEntry:section.confirmed', { date: displayDateTime(section.completeDate) })}
          </Typography>
        )}
        <IconButton
          size="small"
          aria-label={t('dataEntry:section.history')}
          title={t('dataEntry:section.history')}
          onClick={() => setDialog({ kind: 'history' })}
        >
          <HistoryOutlined fontSize="small" />
        </IconButton>
      </Stack>
      {section.status === 'NotCompleted' && section.statusMessage && (
        <Typography variant="body2">{t('dataEntry:section.statusMessage', { message: section.statusMessage })}</Typography>
      )}
      <SectionValidation section={section} ctx={ctx} />
      {dialog?.kind === 'status' && (
        <StatusDialog
          status={dialog.status}
          needsReason={section.isComplete}
          saving={saving}
          onCancel={() => setDialog(null)}
          onSubmit={(v) =>
            void run(() => changeSectionStatus(section.id, { status: dialog.status, ...v, version: section.version })).then(
              (ok) => ok && setDialog(null),
            )
          }
        />
      )}
      {dialog?.kind === 'completeAt' && (
        <CompleteAtDialog
          newestValueAt={newestValueAt}
          saving={saving}
          onCancel={() => setDialog(null)}
          onSubmit={(at) =>
            void run(() => completeSection(section.id, at.toISOString(), section.version)).then((ok) => ok && setDialog(null))
          }
        />
      )}
      {dialog?.kind === 'history' && <SectionHistoryDialog section={section} onClose={() => setDialog(null)} />}
    </Box>
  );
}

/** The section comment: saved with its button; a failed save puts the previous text back (spec section 8). */
function SectionComment({ section, ctx }: { section: SubjectFormSectionReply; ctx: SectionContext }) {
  const { t } = useTranslation();
  const { saving, run } = useSectionCall(ctx);
  const [text, setText] = useState(section.comment ?? '');
  const [shown, setShown] = useState(section.comment);
  if (shown !== section.comment) {
    setShown(section.comment);
    setText(section.comment ?? '');
  }
  const dirty = text !== (section.comment ?? '');
  if (!ctx.canEdit && !section.comment) return null;
  return (
    <Box sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
      <TextField
        label={t('dataEntry:section.comment')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={!ctx.canEdit || saving}
        fullWidth
        multiline
        maxRows={3}
        size="small"
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      {ctx.canEdit && dirty && (
        <Button
          variant="outlined"
          loading={saving}
          onClick={async () => {
            const ok = await run(() => saveSectionComment(section.id, text.trim() || null, section.version));
            if (!ok) setText(section.comment ?? '');
          }}
          sx={{ flexShrink: 0 }}
        >
          {t('dataEntry:section.commentSave')}
        </Button>
      )}
    </Box>
  );
}

/** The look of the field rows, given once for the section (the rows are plain elements, see FieldRow). */
export const fieldRowStyles = {
  '& .field-row': {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    columnGap: 2,
    rowGap: 0.5,
    py: 1.25,
    borderBottom: 1,
    borderColor: 'divider',
    alignItems: 'start',
  },
  '& .field-label': { gridColumn: 1, gridRow: 1, fontWeight: 500, pt: 0.75, typography: 'body1', wordBreak: 'break-word' },
  '& .field-actions': { gridColumn: 2, gridRow: 1 },
  '& .field-value': { gridColumn: '1 / -1', display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, minWidth: 0 },
  '& .field-extra': { gridColumn: '1 / -1', minWidth: 0 },
  '& .field-extra:empty': { display: 'none' },
  '& .field-aside': { color: 'text.secondary', typography: 'body1' },
  '& .field-required': { ml: 0.5, color: 'text.secondary' },
  '& .field-input': {
    font: 'inherit',
    fontSize: 16,
    lineHeight: 1.4,
    px: 1.5,
    py: 1,
    minHeight: 40,
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: 420,
    border: '1px solid rgba(0, 0, 0, 0.23)',
    borderRadius: 1,
    bgcolor: 'background.paper',
    color: 'text.primary',
    '&:hover:not(:disabled)': { borderColor: 'text.primary' },
    '&:focus': { outline: 'none', borderColor: 'primary.main', boxShadow: '0 0 0 1px #1f5fa8' },
    '&[aria-invalid="true"]': { borderColor: 'error.main' },
    '&[aria-invalid="true"]:focus': { boxShadow: '0 0 0 1px #c62828' },
    '&:disabled': { color: 'text.secondary', bgcolor: 'action.hover', borderColor: 'rgba(0, 0, 0, 0.12)' },
    '&[readonly]': { bgcolor: 'grey.50' },
    '&::placeholder': { color: 'text.disabled' },
  },
  '& textarea.field-input': { resize: 'vertical', fieldSizing: 'content', maxHeight: 120, display: 'block' },
  '& .field-select': { width: 'auto', minWidth: 200, cursor: 'pointer' },
  '& .field-input-group': { position: 'relative', display: 'inline-flex', maxWidth: '100%' },
  '& .field-input-group .field-input': { pr: 5 },
  '& .field-input-group .field-icon-button': { position: 'absolute', right: 4, top: '50%', transform: 'translateY(-50%)' },
  '& .field-icon-button': {
    display: 'inline-flex',
    p: '6px',
    border: 0,
    borderRadius: '50%',
    bgcolor: 'transparent',
    color: 'action.active',
    cursor: 'pointer',
    '&:hover:not(:disabled)': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: '2px solid #1f5fa8', outlineOffset: 1 },
    '&:disabled': { color: 'action.disabled', cursor: 'default' },
  },
  '& .field-state': { typography: 'body2', color: 'text.secondary', whiteSpace: 'nowrap' },
  '& .field-state[data-state="saved"]': { color: 'success.main' },
  '& .field-check': { display: 'inline-flex', alignItems: 'center', gap: 1, minHeight: 40 },
  '& .field-check input': { width: 20, height: 20, m: 0, accentColor: '#1f5fa8', cursor: 'pointer' },
  '& .field-required[data-required="missing"]': { color: 'error.main', fontWeight: 700 },
  // From md up: the label on the left, the value beside it, the actions at the end.
  '@media (min-width: 900px)': {
    '& .field-row': { gridTemplateColumns: 'minmax(200px, 32%) 1fr auto' },
    '& .field-value': { gridColumn: 2, gridRow: 1 },
    '& .field-actions': { gridColumn: 3, gridRow: 1 },
    '& .field-extra': { gridColumn: 2 },
  },
} as const;

/** One section's tab: header, deviations warning, the fields (child fields while shown), the comment. */
export const SectionPanel = memo(function SectionPanel({
  section,
  ctx,
}: {
  section: SubjectFormSectionReply;
  ctx: SectionContext;
}) {
  const { t, i18n } = useTranslation();
  const rows = useMemo(() => orderFields(section.subjectFormFieldList), [section.subjectFormFieldList]);
  const deviates = useMemo(() => sectionDeviates(section), [section]);
  const readOnly = !ctx.canEdit || section.qaValidate || section.dmValidate;
  return (
    <Box sx={fieldRowStyles}>
      <SectionHeader section={section} ctx={ctx} />
      {deviates && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="deviations-warning">
          {t('dataEntry:form.deviations')}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('dataEntry:form.noFields')}</Typography>
      ) : (
        rows.map(({ field, depth }) => (
          <FieldRow
            key={field.id}
            field={field}
            depth={depth}
            formId={ctx.formId}
            readOnly={readOnly}
            sectionComplete={section.isComplete}
            visitDate={ctx.visitDate}
            dayPlus={ctx.dayPlus}
            t={t}
            language={i18n.language}
          />
        ))
      )}
      <SectionComment section={section} ctx={ctx} />
    </Box>
  );
});
