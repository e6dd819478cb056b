import { useState } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import BackspaceOutlined from '@mui/icons-material/BackspaceOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import type { SubjectFormFieldReply } from '@edc/domain';
import { toastError, toastSuccess, ApiError } from '../../../shared/api/client';
import { addContextForm } from '../api';
import { useFieldController } from './controller';
import { useNoteAbilities } from './noteAbilities';

/**
 * A field's actions in a menu mounted only while open: input history, clearing (where allowed), the subject
 * card's value (data link), creating a context form (opened in a new tab), the field's context forms, and its
 * notes: the history ('Queries (N)') and adding one of the caller's type (spec sections 2 and 6).
 */
export function FieldActions({
  label,
  field,
  formId,
  readOnly,
  canClear,
  onClear,
  onLinkData,
}: {
  /** The button's name (translated by the row). */
  label: string;
  field: SubjectFormFieldReply;
  /** The subject form (the notes' dialogs read the section's and form's validation from it). */
  formId: string;
  readOnly: boolean;
  canClear: boolean;
  onClear: () => void;
  onLinkData?: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <button
        type="button"
        className="field-icon-button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
          <path d="M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2" />
        </svg>
      </button>
      {anchor && (
        <FieldMenu
          anchor={anchor}
          field={field}
          formId={formId}
          readOnly={readOnly}
          canClear={canClear}
          onClear={onClear}
          onLinkData={onLinkData}
          onClose={close}
        />
      )}
    </>
  );
}

/** The menu itself, with its own translations: mounted only while open. */
function FieldMenu({
  anchor,
  field,
  formId,
  readOnly,
  canClear,
  onClear,
  onLinkData,
  onClose: close,
}: {
  anchor: HTMLElement;
  field: SubjectFormFieldReply;
  formId: string;
  readOnly: boolean;
  canClear: boolean;
  onClear: () => void;
  onLinkData?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ctl = useFieldController();
  const notes = useNoteAbilities(formId, field.id);
  const ff = field.formField;
  const createContext = async () => {
    // Opened before the request so that the browser does not take it for a pop-up.
    const tab = window.open('', '_blank');
    try {
      const reply = await addContextForm(field.id);
      toastSuccess(t('dataEntry:context.created'));
      const url = `/subjectVisit/${reply.data.subjectVisitId}?id=${reply.data.id}`;
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (e) {
      tab?.close();
      if (e instanceof ApiError) e.errors.forEach((x) => toastError(x.message));
    }
  };
  return (
    <>
      {
        <Menu anchorEl={anchor} open onClose={close}>
          <MenuItem
            onClick={() => {
              close();
              ctl.showHistory(field);
            }}
          >
            <ListItemIcon>
              <HistoryOutlined fontSize="small" />
            </ListItemIcon>
            {t('dataEntry:field.history')}
          </MenuItem>
          {canClear && (
            <MenuItem
              onClick={() => {
                close();
                onClear();
              }}
            >
              <ListItemIcon>
                <BackspaceOutlined fontSize="small" />
              </ListItemIcon>
              {t('dataEntry:field.clear')}
            </MenuItem>
          )}
          {onLinkData && (
            <MenuItem
              onClick={() => {
                close();
                onLinkData();
              }}
            >
              <ListItemIcon>
                <LinkOutlined fontSize="small" />
              </ListItemIcon>
              {t('dataEntry:field.linkData')}
            </MenuItem>
          )}
          {ff.contextFormId && !readOnly && (
            <MenuItem
              onClick={() => {
                close();
                void createContext();
              }}
            >
              <ListItemIcon>
                <AddBoxOutlined fontSize="small" />
              </ListItemIcon>
              {t('dataEntry:field.createContext', { text: ff.contextText || ff.text })}
            </MenuItem>
          )}
          {ff.contextFormId && (
            <MenuItem
              onClick={() => {
                close();
                ctl.showContextForms(field);
              }}
            >
              <ListItemIcon>
                <ListAltOutlined fontSize="small" />
              </ListItemIcon>
              {t('dataEntry:field.contextForms')}
            </MenuItem>
          )}
          <MenuItem
            onClick={() => {
              close();
              ctl.showNotes(field, formId);
            }}
          >
            <ListItemIcon>
              <ForumOutlined fontSize="small" />
            </ListItemIcon>
            {t('notes:menu.history', { count: field.noteCount ?? 0 })}
          </MenuItem>
          {notes.addType && (
            // Refused: still focusable (a menu's disabled item is read out), with the reason legible beside it.
            <MenuItem
              aria-disabled={notes.refusal !== null || undefined}
              onClick={() => {
                if (notes.refusal) return;
                close();
                ctl.addNote(field, formId, notes.addType!);
              }}
              sx={
                notes.refusal ? { cursor: 'default', '& .MuiListItemIcon-root, & .note-add-label': { opacity: 0.5 } } : undefined
              }
            >
              <ListItemIcon>
                <AddCommentOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={
                  <span className="note-add-label">
                    {t(notes.addType === 'Comment' ? 'notes:menu.addComment' : 'notes:menu.add')}
                  </span>
                }
                secondary={notes.refusal ? t(`notes:refusal.${notes.refusal}`) : undefined}
                slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 280 } } }}
                sx={{ my: 0 }}
              />
            </MenuItem>
          )}
        </Menu>
      }
    </>
  );
}
