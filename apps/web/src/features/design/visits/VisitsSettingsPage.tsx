import '../i18n';
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { QaVisitReply } from '@edc/domain';
import { PageTitle } from '../../../shared/components/PageTitle';
import { Loading } from '../../../shared/components/Loading';
import {
  designKeys,
  useDesignResearch,
  useForms,
  useReorder,
  useResearchVersions,
  useVisitMutations,
  useVisits,
  type Visit,
} from '../api';
import { PointChips, QueryBlock, useDeleteDialog, VersionFilter } from '../components/common';
import { useQueryParams } from '../components/useQueryParams';
import { ResearchPicker } from '../components/ResearchPicker';
import { ResponsiveList, visuallyHidden, type Column } from '../components/ResponsiveList';
import { formEditorPath, visitPath } from '../paths';
import { versionsPath } from '../../versions/paths';
import { CreateVisitDialog, VisitDetailsDialog } from './VisitDialogs';
import { DrTrialVisitsDialog } from './DrTrialVisitsDialog';
import { QaNotesBadge } from '../../qa-validation/QaNotesBadge';
import { useQaVisitsByVisit } from '../../qa-validation/designBadgesApi';
import { useExternalTrialSettings } from '../../external-trial/api';
import { useResearch, useResearchList } from '../../researches/api';

function VisitQaBadge({ qaVisit }: { qaVisit: QaVisitReply | undefined }) {
  if (!qaVisit) return null;
  return (
    <QaNotesBadge
      indicator={qaVisit.notesIndicator}
      open={qaVisit.openNotes}
      to={`/qaValidation/notes?qaVisitId=${qaVisit.id}`}
    />
  );
}

function VisitForms({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const forms = useForms(visit.id);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="visit-forms-title" sx={{ p: 2 }}>
      <Typography variant="h2" id="visit-forms-title" sx={{ mb: 1 }}>
        {t('design:visit.formsOf', { title: visit.title })}
      </Typography>
      <QueryBlock
        query={forms}
        errorText={t('design:errors.forms')}
        empty={(forms.data ?? []).length === 0}
        emptyText={t('design:form.empty')}
      >
        <List dense disablePadding>
          {(forms.data ?? []).map((f) => (
            <ListItemButton key={f.id} component={RouterLink} to={formEditorPath(visit.id, f.id)}>
              <ListItemText primary={f.title} secondary={f.formType.title} />
              {f.complete && <Chip size="small" color="success" label={t('design:common.complete')} />}
            </ListItemButton>
          ))}
        </List>
      </QueryBlock>
      <Button component={RouterLink} to={visitPath(visit.id)} sx={{ mt: 1 }}>
        {t('design:visit.openForms')}
      </Button>
    </Paper>
  );
}

/** /researchSettings/visits — visits of the current research (spec section 2, "Visits settings"). */
export default function VisitsSettingsPage() {
  const { t } = useTranslation();
  const { researchId, loading, choose, me } = useDesignResearch();
  const { params, setParam } = useQueryParams();
  const versionId = params.get('versionId');
  const selectedId = params.get('visitId');
  const visits = useVisits(researchId, versionId);
  const versions = useResearchVersions(researchId);
  const researches = useResearchList(me?.user.userRole === 'Admin' || me?.user.userRole === 'Editor');
  const reorder = useReorder<Visit>(designKeys.visits(researchId, versionId), '/Visits');
  const { remove, toggleComplete } = useVisitMutations();
  const [creating, setCreating] = useState(false);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [fromDrTrial, setFromDrTrial] = useState(false);
  // QA's notes on each visit of the version under validation, so that designers see what QA asked.
  const qa = useQaVisitsByVisit(researchId);
  // The DrTrial button: only with the link on and a research that has its DrTrial id (spec section 2).
  const drTrial = useExternalTrialSettings();
  const linkedResearch = useResearch(drTrial.data?.enabled ? (researchId ?? undefined) : undefined);
  const drTrialResearchId = drTrial.data?.enabled ? (linkedResearch.data?.drTrialId ?? null) : null;

  const list = useMemo(() => visits.data ?? [], [visits.data]);
  const selected = list.find((v) => v.id === selectedId) ?? null;
  const details = list.find((v) => v.id === detailsId) ?? null;
  const research = researches.data?.find((r) => r.id === researchId);
  const pointOptions = research?.pointList ?? [];
  const canPick = me?.user.userRole === 'Admin' || me?.user.userRole === 'Editor';

  const columns: Column<Visit>[] = [
    {
      key: 'title',
      header: t('design:visit.title'),
      primary: true,
      // The key goes under the title (as on the form types list) instead of a column of its own, so
      // that the table fits beside the side menu.
      render: (v) => (
        <Box>
          <Link component={RouterLink} to={visitPath(v.id)} onClick={(e) => e.stopPropagation()} sx={{ fontWeight: 500 }}>
            {v.title}
          </Link>
          {v.complete && <Chip size="small" color="success" label={t('design:common.complete')} sx={{ ml: 1 }} />}
          <VisitQaBadge qaVisit={qa.byVisit.get(v.id)} />
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={visuallyHidden}>
              {t('design:visit.visitKey')}:{' '}
            </Box>
            {v.visitKey}
          </Typography>
        </Box>
      ),
    },
    { key: 'type', header: t('design:visit.type'), render: (v) => t(`design:visitType.${v.visitTypeString}`) },
    {
      key: 'day',
      header: t('design:visit.window'),
      // "day 14 (−2 / +2)" may wrap before the parenthesis only, when the table is short of room.
      render: (v) =>
        t('design:visit.windowValue', { day: v.dayNumber, minus: v.dayMinus, plus: v.dayPlus })
          .replace(/ /g, '\u00a0')
          .replace('\u00a0(', ' ('),
    },
    {
      key: 'flags',
      header: t('design:visit.flags'),
      render: (v) =>
        [v.isRequired && t('design:visit.isRequired'), v.repeating && t('design:visit.repeating')].filter(Boolean).join(', ') ||
        '—',
    },
    { key: 'points', header: t('design:visit.pointList'), render: (v) => <PointChips points={v.pointList} /> },
  ];

  const actions = (v: Visit) => (
    <>
      <Tooltip title={t('design:common.details')}>
        <IconButton aria-label={t('design:visit.detailsOf', { title: v.title })} onClick={() => setDetailsId(v.id)}>
          <InfoOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={t(v.complete ? 'design:common.reopen' : 'design:common.markComplete')}>
        <IconButton
          aria-label={t(v.complete ? 'design:visit.reopenOf' : 'design:visit.completeOf', { title: v.title })}
          onClick={() => toggleComplete.mutate(v.id)}
        >
          {v.complete ? <LockOpenOutlined /> : <CheckCircleOutline />}
        </IconButton>
      </Tooltip>
      {!v.complete && (
        <Tooltip title={t('design:common.delete')}>
          <IconButton aria-label={t('design:visit.deleteOf', { title: v.title })} onClick={() => deletion.ask(v)}>
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      )}
    </>
  );

  const deletion = useDeleteDialog<Visit>(remove, {
    title: t('design:visit.deleteTitle'),
    text: (x) => t('design:visit.deleteText', { title: x?.title ?? '' }),
    onDeleted: (x) => x.id === selectedId && setParam('visitId', null),
  });
  if (loading) return <Loading />;
  return (
    <>
      <PageTitle title={t('design:visits.title')}>{t('design:visits.title')}</PageTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        {canPick && <ResearchPicker researches={researches.data} value={researchId} onChange={choose} />}
        {researchId && <VersionFilter versions={versions.data} value={versionId} onChange={(id) => setParam('versionId', id)} />}
        {researchId && (
          <Button
            component={RouterLink}
            to={versionsPath('research', canPick ? researchId : null)}
            startIcon={<HistoryOutlined />}
          >
            {t('shell:menu.versions')}
          </Button>
        )}
        {researchId && drTrialResearchId && (
          <Button startIcon={<CloudDownloadOutlined />} onClick={() => setFromDrTrial(true)}>
            {t('design:drTrial.button')}
          </Button>
        )}
        {researchId && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} sx={{ ml: { sm: 'auto' } }}>
            {t('design:visit.create')}
          </Button>
        )}
      </Box>
      {versionId && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('design:visits.dragDisabled')}
        </Alert>
      )}
      {!researchId ? (
        <Alert severity="info">{t('design:common.noResearch')}</Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', xl: selected ? '3fr 1fr' : '1fr' },
            alignItems: 'start',
          }}
        >
          <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
            <QueryBlock
              query={visits}
              errorText={t('design:errors.visits')}
              empty={list.length === 0}
              emptyText={t('design:visits.empty')}
            >
              <ResponsiveList
                label={t('design:visits.title')}
                testId="visit"
                rows={list}
                getId={(v) => v.id}
                rowLabel={(v) => v.title}
                columns={columns}
                sortable={!versionId}
                onMove={(item, from, to) => reorder.mutate({ item, from, to })}
                selectedId={selectedId}
                onSelect={(v) => setParam('visitId', v.id === selectedId ? null : v.id)}
                actions={actions}
              />
            </QueryBlock>
          </Paper>
          {selected && <VisitForms visit={selected} />}
        </Box>
      )}
      {researchId && (
        <CreateVisitDialog
          open={creating}
          onClose={() => setCreating(false)}
          researchId={researchId}
          pointOptions={pointOptions}
        />
      )}
      {researchId && drTrialResearchId && (
        <DrTrialVisitsDialog
          open={fromDrTrial}
          onClose={() => setFromDrTrial(false)}
          researchId={researchId}
          drTrialResearchId={drTrialResearchId}
        />
      )}
      <VisitDetailsDialog visit={details} onClose={() => setDetailsId(null)} pointOptions={pointOptions} canEdit />
      {deletion.dialog}
    </>
  );
}
