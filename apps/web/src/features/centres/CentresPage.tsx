import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  centreNumberIsManual,
  ORGANISATION_TYPES,
  type OrganisationFull,
  type OrganisationType,
  type ResearchOrganisation,
} from '@edc/domain';
import { PageTitle } from '../../shared/components/PageTitle';
import { currentEmployee, useMe } from '../identity/api';
import { useCentresPage, useCreateCentre, useDeleteCentre, useResearches } from './api';
import { ConfirmDialog, DataList, Pager, Toolbar } from './components';
import { OrganisationPicker, ResearchSelect } from './pickers';

export const centrePath = (id: string, tab = 'info') => `/centers/${id}/${tab}`;

/** The research a settings page works on: ?researchId=, else the current employee's, else the first one. */
export function useResearchId(): [string | undefined, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const researches = useResearches();
  const id =
    params.get('researchId') ?? currentEmployee(me.data)?.researchOrganisation.research.id ?? researches.data?.data[0]?.id;
  return [id, (next) => setParams({ researchId: next }, { replace: true })];
}

function CreateCentreDialog({ researchId, onClose }: { researchId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCentre();
  const sponsors = useCentresPage(researchId, { page: 1, pageSize: 100, organisationTypeString: 'Admin' });
  const [organisation, setOrganisation] = useState<OrganisationFull | null>(null);
  const [type, setType] = useState<OrganisationType>('Site');
  const [number, setNumber] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const manual = centreNumberIsManual(type);
  // The research's sponsor (admin centre) is never also its site; the server refuses it, the picker hides it.
  const exclude = useMemo(
    () => new Set(type === 'Site' ? (sponsors.data?.data ?? []).map((c) => c.organisation.id) : []),
    [type, sponsors.data],
  );
  const orgError = submitted && !organisation ? t('common:validation.required') : undefined;
  const numberError = submitted && manual && !number.trim() ? t('common:validation.required') : undefined;

  return (
    <Dialog open onClose={onClose} aria-labelledby="centre-dialog-title" fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (!organisation || (manual && !number.trim())) return;
          create.mutate(
            {
              researchId,
              organisationId: organisation.id,
              organisationTypeString: type,
              researchOrganisationNumber: manual ? number.trim() : null,
            },
            { onSuccess: (centre) => navigate(centrePath(centre.id)) },
          );
        }}
      >
        <DialogTitle id="centre-dialog-title">{t('centres:centres.add')}</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            required
            margin="normal"
            label={t('centres:centres.type')}
            value={type}
            onChange={(e) => setType(e.target.value as OrganisationType)}
          >
            {ORGANISATION_TYPES.map((o) => (
              <MenuItem key={o} value={o}>
                {t(`enums:organisationType.${o}`)}
              </MenuItem>
            ))}
          </TextField>
          <OrganisationPicker
            label={t('centres:centres.organisation')}
            value={organisation}
            onChange={setOrganisation}
            exclude={exclude}
            error={orgError}
          />
          <TextField
            fullWidth
            margin="normal"
            required={manual}
            disabled={!manual}
            label={t('centres:centres.number')}
            value={manual ? number : ''}
            onChange={(e) => setNumber(e.target.value)}
            error={Boolean(numberError)}
            helperText={numberError ?? (manual ? undefined : t('centres:centres.numberDerived'))}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** /researchSettings/centers: the centres of the research. */
export default function CentresPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [researchId, setResearchId] = useResearchId();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const centres = useCentresPage(researchId, paging);
  const remove = useDeleteCentre();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ResearchOrganisation | null>(null);
  const canManage = me.data?.permissions.includes('centers_settings') ?? false;

  return (
    <>
      <Toolbar>
        <Box sx={{ flex: 1 }}>
          <PageTitle>{t('centres:centres.title')}</PageTitle>
        </Box>
        {researchId && (
          <ResearchSelect
            value={researchId}
            onChange={(id) => {
              setResearchId(id);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
        )}
        {canManage && researchId && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('centres:centres.add')}
          </Button>
        )}
      </Toolbar>
      {!researchId && me.data ? (
        <Alert severity="info">{t('centres:noResearch')}</Alert>
      ) : (
        <DataList
          label={t('centres:centres.title')}
          rows={centres.data?.data}
          rowKey={(c) => c.id}
          rowLink={(c) => centrePath(c.id)}
          isLoading={centres.isLoading || !researchId}
          isError={centres.isError}
          onRetry={() => void centres.refetch()}
          empty={t('centres:centres.empty')}
          columns={[
            { key: 'number', label: t('centres:centres.number'), render: (c) => c.researchOrganisationNumber },
            { key: 'organisation', label: t('centres:centres.organisation'), render: (c) => c.organisation.shortName },
            {
              key: 'type',
              label: t('centres:centres.type'),
              render: (c) => t(`enums:organisationType.${c.organisationTypeString}`),
            },
            { key: 'address', label: t('centres:organisations.address'), render: (c) => c.organisation.address },
          ]}
          actions={
            canManage
              ? (c) => (
                  <Tooltip title={t('centres:delete')}>
                    <IconButton
                      aria-label={`${t('centres:delete')}: ${c.researchOrganisationNumber} ${c.organisation.shortName}`}
                      onClick={() => setDeleting(c)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                )
              : undefined
          }
        />
      )}
      {centres.data && centres.data.totalCount > 0 && (
        <Pager
          page={paging.page}
          pageSize={paging.pageSize}
          total={centres.data.totalCount}
          onChange={(page, pageSize) => setPaging({ page, pageSize })}
        />
      )}
      {creating && researchId && <CreateCentreDialog researchId={researchId} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}
