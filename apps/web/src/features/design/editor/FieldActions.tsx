import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LinkOff from '@mui/icons-material/LinkOff';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../api';
import { isSelectField } from './dependencyTree';

export interface FieldActionHandlers {
  onDetails: (f: FormField) => void;
  onDependents: (f: FormField) => void;
  onDelete: (f: FormField) => void;
  onDetach: (f: FormField) => void;
  /** The field's rules (shown to those who may see rules). */
  onRules?: (f: FormField) => void;
}

/**
 * A field's actions (spec section 2): details; rules; dependent fields on a Select field; on an open form
 * also detaching a dependent field (`detach`) and deleting.
 */
export function FieldActions({
  field,
  complete,
  detach,
  handlers,
}: {
  field: FormField;
  complete: boolean;
  /** Offer "detach from the parent" (the tree shows it on dependent fields). */
  detach?: boolean;
  handlers: FieldActionHandlers;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('design:common.details')}>
        <IconButton aria-label={t('design:field.detailsOf', { text: field.text })} onClick={() => handlers.onDetails(field)}>
          <InfoOutlined />
        </IconButton>
      </Tooltip>
      {handlers.onRules && (
        <Tooltip title={t('rules:field.action')}>
          <IconButton aria-label={t('rules:field.actionOf', { text: field.text })} onClick={() => handlers.onRules?.(field)}>
            <GavelOutlined />
          </IconButton>
        </Tooltip>
      )}
      {isSelectField(field) && (
        <Tooltip title={t('design:dependency.button')}>
          <IconButton aria-label={t('design:dependency.of', { text: field.text })} onClick={() => handlers.onDependents(field)}>
            <AccountTreeOutlined />
          </IconButton>
        </Tooltip>
      )}
      {!complete && detach && field.parentFormFieldId && (
        <Tooltip title={t('design:dependency.detach')}>
          <IconButton aria-label={t('design:dependency.detachOf', { text: field.text })} onClick={() => handlers.onDetach(field)}>
            <LinkOff />
          </IconButton>
        </Tooltip>
      )}
      {!complete && (
        <Tooltip title={t('design:common.delete')}>
          <IconButton aria-label={t('design:field.deleteOf', { text: field.text })} onClick={() => handlers.onDelete(field)}>
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
