import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../design/components/common';
import { useResearchAction, type ResearchAction, type ResearchRead } from './api';

export interface PendingAction {
  research: ResearchRead;
  action: ResearchAction;
}

/** Which status actions a research offers (spec section 4). */
export const offers = (r: ResearchRead, action: ResearchAction): boolean => {
  switch (action) {
    case 'Lock':
      return r.statusString === 'Current';
    case 'Archive':
      return r.statusString === 'Locked';
    case 'Delete':
    case 'ToggleIwrsConnection':
      return r.statusString !== 'Deleted';
  }
};

const ICONS = { Lock: LockOutlined, Archive: ArchiveOutlined, Delete: DeleteOutline } as const;
const VERBS = { Lock: 'lock', Archive: 'archive', Delete: 'delete' } as const;

/** A row's actions: Info always; Lock, Archive and Delete for managers, each when the status allows it. */
export function ResearchRowActions({
  research,
  manage,
  onInfo,
  onAction,
}: {
  research: ResearchRead;
  manage: boolean;
  onInfo: () => void;
  onAction: (action: PendingAction) => void;
}) {
  const { t } = useTranslation();
  const name = research.grlsProtocolNumber;
  return (
    <>
      <Tooltip title={t('researches:action.info')}>
        <IconButton aria-label={t('researches:action.infoOf', { name })} onClick={onInfo}>
          <InfoOutlined />
        </IconButton>
      </Tooltip>
      {manage &&
        (['Lock', 'Archive', 'Delete'] as const)
          .filter((action) => offers(research, action))
          .map((action) => {
            const Icon = ICONS[action];
            return (
              <Tooltip key={action} title={t(`researches:action.${VERBS[action]}`)}>
                <IconButton
                  aria-label={t(`researches:action.${VERBS[action]}Of`, { name })}
                  onClick={() => onAction({ research, action })}
                >
                  <Icon />
                </IconButton>
              </Tooltip>
            );
          })}
    </>
  );
}

/** The "with IWRS" cell: a checkbox that asks before switching (managers only, not on a deleted research). */
export function IwrsCheckbox({
  research,
  manage,
  onAction,
}: {
  research: ResearchRead;
  manage: boolean;
  onAction: (action: PendingAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      checked={research.withIwrs}
      disabled={!manage || !offers(research, 'ToggleIwrsConnection')}
      onChange={() => onAction({ research, action: 'ToggleIwrsConnection' })}
      slotProps={{ input: { 'aria-label': t('researches:action.iwrsOf', { name: research.grlsProtocolNumber }) } }}
      size="small"
    />
  );
}

function confirmTexts(p: PendingAction) {
  switch (p.action) {
    case 'Lock':
      return { title: 'lockTitle', text: 'lockText', verb: 'lock' } as const;
    case 'Archive':
      return { title: 'archiveTitle', text: 'archiveText', verb: 'archive' } as const;
    case 'Delete':
      return { title: 'deleteTitle', text: 'deleteText', verb: 'delete' } as const;
    case 'ToggleIwrsConnection':
      return p.research.withIwrs
        ? ({ title: 'iwrsOffTitle', text: 'iwrsOffText', verb: 'disconnect' } as const)
        : ({ title: 'iwrsOnTitle', text: 'iwrsOnText', verb: 'connect' } as const);
  }
}

/** Confirmation of lock, archive, delete and the IWRS switch; the server's reply is toasted. */
export function ConfirmResearchAction({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useResearchAction();
  if (!pending) return null;
  const texts = confirmTexts(pending);
  const name = pending.research.grlsProtocolNumber;
  return (
    <ConfirmDialog
      open
      title={t(`researches:confirm.${texts.title}`)}
      text={t(`researches:confirm.${texts.text}`, { name })}
      confirmLabel={t(`researches:action.${texts.verb}`)}
      pending={run.isPending}
      onClose={onClose}
      onConfirm={() => run.mutate({ id: pending.research.id, action: pending.action }, { onSettled: onClose })}
    />
  );
}
