import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';

interface RowActionProps {
  /** What the row is called in the button's accessible name ("Удалить: <subject>"). */
  subject: string;
  onClick: () => void;
  disabled?: boolean;
  /** Keeps the tooltip of a disabled button (a disabled button gets no pointer events, its wrapper does). */
  tooltipWhenDisabled?: boolean;
}

/** An icon button of a list row: the tooltip names the action, the accessible name the action and the row. */
export function RowAction({
  title,
  icon,
  subject,
  onClick,
  disabled,
  tooltipWhenDisabled,
}: RowActionProps & { title: string; icon: ReactNode }) {
  const button = (
    <IconButton aria-label={`${title}: ${subject}`} disabled={disabled} onClick={onClick}>
      {icon}
    </IconButton>
  );
  return <Tooltip title={title}>{tooltipWhenDisabled ? <span>{button}</span> : button}</Tooltip>;
}

/** A row's "Редактировать" button. */
export function EditRowAction(props: RowActionProps) {
  const { t } = useTranslation();
  return <RowAction {...props} title={t('centres:edit')} icon={<EditOutlined />} />;
}

/** A row's "Удалить" button. */
export function DeleteRowAction(props: RowActionProps) {
  const { t } = useTranslation();
  return <RowAction {...props} title={t('centres:delete')} icon={<DeleteOutline />} />;
}
