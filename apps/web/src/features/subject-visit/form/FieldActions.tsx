import { useState } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import BackspaceOutlined from '@mui/icons-material/BackspaceOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { useTranslation } from 'react-i18next';
import type { SubjectFormFieldReply } from '@edc/domain';
import { toastError, toastSuccess, ApiError } from '../../../shared/api/client';
import { addContextForm } from '../api';
import { useFieldController } from './controller';

/**
 * A field's actions in a menu mounted only while open: input history, clearing (where allowed), the subject
 * card's value (data link), creating a context form (opened in a new tab) and the field's context forms.
 */
export function FieldActions({
  label,
  field,
  readOnly,
  canClear,
  onClear,
  onLinkData,
}: {
  /** The button's name (translated by the row). */
  label: string;
  field: SubjectFormFieldReply;
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
  readOnly,
  canClear,
  onClear,
  onLinkData,
  onClose: close,
}: {
  anchor: HTMLElement;
  field: SubjectFormFieldReply;
  readOnly: boolean;
  canClear: boolean;
  onClear: () => void;
  onLinkData?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ctl = useFieldController();
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
        </Menu>
      }
    </>
  );
}
