import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DrTrialVisitAction } from '@edc/domain';
import { Loading } from '../../../shared/components/Loading';
import { toastSuccess } from '../../../shared/api/client';
import { DesignDialog } from '../components/common';
import { useDrTrialPreview, useLoadDrTrialVisits } from '../drTrialApi';

const ACTION_COLOR: Record<DrTrialVisitAction, 'primary' | 'warning' | 'default' | 'error'> = {
  create: 'primary',
  update: 'warning',
  unchanged: 'default',
  skipped: 'error',
};

/**
 * Loading the research's visits from DrTrial (docs/external-trial.md): the preview of what will be created,
 * updated, left or skipped, then the load on confirmation. A DrTrial failure shows the spec's text.
 */
export function DrTrialVisitsDialog({
  open,
  onClose,
  researchId,
  drTrialResearchId,
}: {
  open: boolean;
  onClose: () => void;
  researchId: string;
  drTrialResearchId: string;
}) {
  const { t } = useTranslation();
  const preview = useDrTrialPreview(researchId, drTrialResearchId, open);
  const load = useLoadDrTrialVisits();
  const items = preview.data?.items ?? [];
  const changes = (preview.data?.created ?? 0) + (preview.data?.updated ?? 0);
  const close = () => {
    load.reset();
    onClose();
  };
  const submit = () =>
    load.mutate(
      { researchId, drTrialResearchId },
      {
        onSuccess: (r) => {
          toastSuccess(t('design:drTrial.loaded', { created: r.created, updated: r.updated }));
          close();
        },
      },
    );
  const failure = preview.error ?? load.error;
  return (
    <DesignDialog
      open={open}
      onClose={close}
      maxWidth="md"
      title={t('design:drTrial.title', { id: drTrialResearchId })}
      actions={
        <>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={!preview.data || changes === 0 || load.isPending}>
            {t('design:drTrial.load')}
          </Button>
        </>
      }
    >
      {preview.isLoading && <Loading />}
      {failure && (
        <Alert
          severity="error"
          role="alert"
          action={
            preview.error ? (
              <Button color="inherit" size="small" onClick={() => void preview.refetch()}>
                {t('common:actions.retry')}
              </Button>
            ) : undefined
          }
        >
          {failure.message}
        </Alert>
      )}
      {preview.data && (
        <>
          <Typography sx={{ mb: 1 }} role="status">
            {t('design:drTrial.summary', preview.data)}
          </Typography>
          <List dense aria-label={t('design:drTrial.list')}>
            {items.map((i) => (
              <ListItem key={i.drTrialId} divider>
                <ListItemText
                  primary={i.title}
                  secondary={`${i.drTrialId} · ${t(`design:visitType.${i.visitTypeString}`)} · ${t('design:visit.windowValue', {
                    day: i.dayNumber,
                    minus: i.dayMinus,
                    plus: i.dayPlus,
                  })}`}
                />
                <Chip size="small" color={ACTION_COLOR[i.action]} label={t(`design:drTrial.action.${i.action}`)} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </DesignDialog>
  );
}
