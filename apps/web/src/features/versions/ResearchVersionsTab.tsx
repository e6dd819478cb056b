import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import SwapVertOutlined from '@mui/icons-material/SwapVertOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate, VERSION_ACTIONS, type VersionAction } from '@edc/domain';
import { useResearchVersions } from '../design/api';
import { ConfirmDialog, DeleteDialog, QueryBlock } from '../design/components/common';
import { ResponsiveList, visuallyHidden, type Column } from '../design/components/ResponsiveList';
import { fullName } from '../identity/labels';
import { exportOdm, useResearchVersionMutations, type ResearchVersion } from './api';
import { ImportOdmDialog } from './ImportOdmDialog';
import { MoreActions } from './MoreActions';
import { CreateResearchVersionDialog, EditResearchVersionDialog } from './ResearchVersionDialogs';
import { ChangeStatusDialog, SetAuthorDialog } from './StatusDialogs';
import { VersionStatusChip } from './VersionStatusChip';
import { VersionChangesButton } from './VersionChangesButton';
import { QaProgress } from '../qa-validation/QaProgress';

/** Back actions read as such: outlined, after the forward one. */
const isBack = (action: VersionAction) => action.startsWith('Back');

type Open =
  | { kind: 'create' }
  | { kind: 'import' }
  | { kind: 'edit' | 'status' | 'author' | 'delete'; id: string }
  | { kind: 'confirmStart'; id: string };

/**
 * Research versions of a research (spec sections 3 and 4): index, start, description, author, status;
 * the status machine's forward and back actions, a direct status change for user role admin, edit,
 * delete (the last version while designed), author assignment, and ODM export and import.
 */
export function ResearchVersionsTab({
  researchId,
  researchLabel,
  canEdit,
  isAdmin,
  canCompare = false,
}: {
  researchId: string;
  researchLabel: string;
  canEdit: boolean;
  isAdmin: boolean;
  /** May make the version changes report (documents_settings in the research). */
  canCompare?: boolean;
}) {
  const { t } = useTranslation();
  const versions = useResearchVersions(researchId);
  const { transition, remove } = useResearchVersionMutations();
  const [open, setOpen] = useState<Open | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const list = versions.data ?? [];
  const target = open && 'id' in open ? (list.find((v) => v.id === open.id) ?? null) : null;
  const close = () => setOpen(null);

  const runAction = (v: ResearchVersion, action: VersionAction) =>
    action === 'StartWorking' ? setOpen({ kind: 'confirmStart', id: v.id }) : transition.mutate({ id: v.id, action });
  const download = (v: ResearchVersion) => {
    setExporting(v.id);
    exportOdm(v)
      .catch(() => undefined) // the error is already toasted
      .finally(() => setExporting(null));
  };

  const columns: Column<ResearchVersion>[] = [
    {
      key: 'index',
      header: t('versions:research.version'),
      primary: true,
      render: (v) => (
        <>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600, whiteSpace: 'nowrap' }}>
            {t('versions:research.versionN', { index: v.index })}
          </Typography>
          {v.testedSubjects !== null && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {t('versions:research.testedValue', { count: v.testedSubjects })}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: t('versions:research.status'),
      primary: true,
      // The status and the moves the state machine offers from it, side by side.
      render: (v) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.75 }}>
          <VersionStatusChip status={v.status} />
          {v.status === 'QaValidating' && <QaProgress versionId={v.id} />}
          {canEdit && v.actions.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {v.actions.map((action) => (
                <Button
                  key={action}
                  size="small"
                  variant={isBack(action) ? 'text' : 'outlined'}
                  onClick={() => runAction(v, action)}
                  disabled={transition.isPending}
                  title={t('versions:actionHint', { status: t(`versions:status.${VERSION_ACTIONS[action].to}`) })}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {t(`versions:action.${action}`)}
                </Button>
              ))}
            </Box>
          )}
        </Box>
      ),
    },
    {
      key: 'startedDate',
      header: t('versions:research.startedDate'),
      render: (v) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(v.startedDate)}</Box>,
    },
    { key: 'description', header: t('versions:research.description'), render: (v) => v.description || '—' },
    {
      key: 'author',
      header: t('versions:research.author'),
      render: (v) => (v.createdBy ? fullName(v.createdBy.user) : t('versions:research.noAuthor')),
    },
  ];

  const actions = (v: ResearchVersion) => (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'flex-end' }}>
      <Tooltip title={t('versions:odm.export')}>
        <span>
          <IconButton
            aria-label={t('versions:odm.exportOf', { index: v.index })}
            onClick={() => download(v)}
            disabled={exporting === v.id}
          >
            {exporting === v.id ? <CircularProgress size={20} /> : <FileDownloadOutlined />}
          </IconButton>
        </span>
      </Tooltip>
      {canEdit && (
        <Tooltip title={t('versions:actions.edit')}>
          <IconButton
            aria-label={t('versions:research.editOf', { index: v.index })}
            onClick={() => setOpen({ kind: 'edit', id: v.id })}
          >
            <EditOutlined />
          </IconButton>
        </Tooltip>
      )}
      {canEdit && (
        <MoreActions
          label={t('versions:research.moreOf', { index: v.index })}
          actions={[
            ...(isAdmin
              ? [
                  {
                    key: 'status',
                    label: t('versions:changeStatus.action'),
                    icon: <SwapVertOutlined fontSize="small" />,
                    onClick: () => setOpen({ kind: 'status', id: v.id }),
                  },
                ]
              : []),
            ...(!v.createdBy
              ? [
                  {
                    key: 'author',
                    label: t('versions:author.action'),
                    icon: <PersonAddAltOutlined fontSize="small" />,
                    onClick: () => setOpen({ kind: 'author', id: v.id }),
                  },
                ]
              : []),
            ...(v.isLast && v.status === 'Designed'
              ? [
                  {
                    key: 'delete',
                    label: t('versions:actions.delete'),
                    icon: <DeleteOutline fontSize="small" />,
                    onClick: () => setOpen({ kind: 'delete', id: v.id }),
                    danger: true,
                  },
                ]
              : []),
          ]}
        />
      )}
    </Box>
  );

  return (
    <>
      <Typography variant="h2" sx={visuallyHidden}>
        {t('versions:research.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        {canCompare && <VersionChangesButton versions={list} />}
        {canEdit && (
          <>
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              onClick={() => setOpen({ kind: 'import' })}
              disabled={!versions.isSuccess}
            >
              {t('versions:odm.importButton')}
            </Button>
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setOpen({ kind: 'create' })}
              disabled={!versions.isSuccess}
            >
              {t('versions:research.create')}
            </Button>
          </>
        )}
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
        <QueryBlock
          query={versions}
          errorText={t('versions:errors.research')}
          empty={list.length === 0}
          emptyText={t('versions:research.empty')}
        >
          <ResponsiveList
            label={t('versions:research.title')}
            testId="research-version"
            rows={list}
            getId={(v) => v.id}
            rowLabel={(v) => t('versions:research.versionN', { index: v.index })}
            columns={columns}
            actions={actions}
          />
        </QueryBlock>
      </Paper>

      {open?.kind === 'create' && <CreateResearchVersionDialog researchId={researchId} versions={list} onClose={close} />}
      {open?.kind === 'import' && (
        <ImportOdmDialog researchId={researchId} researchLabel={researchLabel} versions={list} onClose={close} />
      )}
      {open?.kind === 'edit' && target && <EditResearchVersionDialog version={target} onClose={close} />}
      {open?.kind === 'status' && target && <ChangeStatusDialog version={target} onClose={close} />}
      {open?.kind === 'author' && target && <SetAuthorDialog version={target} onClose={close} />}
      <DeleteDialog
        item={open?.kind === 'delete' ? target : null}
        title={t('versions:research.deleteTitle')}
        text={t('versions:research.deleteText', { index: target?.index ?? '' })}
        remove={remove}
        onClose={close}
      />
      <ConfirmDialog
        open={open?.kind === 'confirmStart' && target !== null}
        title={t('versions:startWorking.title')}
        text={t('versions:startWorking.text', { index: target?.index ?? '' })}
        confirmLabel={t('versions:action.StartWorking')}
        pending={transition.isPending}
        onClose={close}
        onConfirm={() => target && transition.mutate({ id: target.id, action: 'StartWorking' }, { onSuccess: close })}
      />
    </>
  );
}
