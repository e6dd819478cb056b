import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { centreNumberIsManual, type OrganisationFull, type OrganisationType, type ResearchOrganisation } from '@edc/domain';
import { FormDialog } from '../../shared/components/FormDialog';
import { currentEmployee, useMe } from '../identity/api';
import { useCentresOfType, useCentresPage, useCreateCentre, useDeleteCentre } from './api';
import { DataList } from './components';
import { AddButton } from './components/AddButton';
import { pagedListState } from './components/pagedListState';
import { PageToolbar } from './components/PageToolbar';
import { ListPager, usePaging } from './components/paging';
import { DeleteRowAction } from './components/RowActions';
import { useDeleteConfirmation } from './components/useDeleteConfirmation';
import { OrganisationPicker, OrganisationTypeSelect, ResearchSelect } from './pickers';
import { useResearchList } from '../researches/api';

export const centrePath = (id: string, tab = 'info') => `/centers/${id}/${tab}`;

/** The research a settings page works on: ?researchId=, else the current employee's, else the first one. */
export function useResearchId(): [string | undefined, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const researches = useResearchList();
  const id = params.get('researchId') ?? currentEmployee(me.data)?.researchOrganisation.research.id ?? researches.data?.[0]?.id;
  return [id, (next) => setParams({ researchId: next }, { replace: true })];
}

function CreateCentreDialog({ researchId, onClose }: { researchId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCentre();
  const sponsors = useCentresOfType(researchId, 'Admin');
  const [organisation, setOrganisation] = useState<OrganisationFull | null>(null);
  const [type, setType] = useState<OrganisationType>('Site');
  const [number, setNumber] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const manual = centreNumberIsManual(type);
  // The research's sponsor (admin centre) is never also its site; the server refuses it, the picker hides it.
  const exclude = useMemo(
    () => new Set(type === 'Site' ? (sponsors.data ?? []).map((c) => c.organisation.id) : []),
    [type, sponsors.data],
  );
  const orgError = submitted && !organisation ? t('common:validation.required') : undefined;
  const numberError = submitted && manual && !number.trim() ? t('common:validation.required') : undefined;

  return (
    <FormDialog
      title={t('centres:centres.add')}
      onClose={onClose}
      saving={create.isPending}
      onSubmit={() => {
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
      <OrganisationTypeSelect value={type} onChange={setType} />
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
    </FormDialog>
  );
}

/** /researchSettings/centers: the centres of the research. */
export default function CentresPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [researchId, setResearchId] = useResearchId();
  const { paging, setPaging, toFirstPage } = usePaging();
  const centres = useCentresPage(researchId, paging);
  const remove = useDeleteConfirmation<ResearchOrganisation>(useDeleteCentre());
  const [creating, setCreating] = useState(false);
  const canManage = me.data?.permissions.includes('centers_settings') ?? false;

  return (
    <>
      <PageToolbar title={t('centres:centres.title')}>
        {researchId && (
          <ResearchSelect
            value={researchId}
            onChange={(id) => {
              setResearchId(id);
              toFirstPage();
            }}
          />
        )}
        {canManage && researchId && <AddButton onClick={() => setCreating(true)}>{t('centres:centres.add')}</AddButton>}
      </PageToolbar>
      {!researchId && me.data ? (
        <Alert severity="info">{t('centres:noResearch')}</Alert>
      ) : (
        <DataList
          label={t('centres:centres.title')}
          {...pagedListState(centres)}
          isLoading={centres.isLoading || !researchId}
          rowKey={(c) => c.id}
          rowLink={(c) => centrePath(c.id)}
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
                  <DeleteRowAction
                    subject={`${c.researchOrganisationNumber} ${c.organisation.shortName}`}
                    onClick={() => remove.ask(c)}
                  />
                )
              : undefined
          }
        />
      )}
      <ListPager paging={paging} total={centres.data?.totalCount} onChange={setPaging} />
      {creating && researchId && <CreateCentreDialog researchId={researchId} onClose={() => setCreating(false)} />}
      {remove.dialog}
    </>
  );
}
