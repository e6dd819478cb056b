import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  centreNumberIsManual,
  type Employee,
  type EmployeeType,
  type OrganisationFull,
  type OrganisationType,
  type ResearchOrganisation,
  type User,
} from '@edc/domain';
import { IsoDateField } from './components/IsoDateField';
import { FormDialog } from '../../shared/components/FormDialog';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { fullName } from '../identity/labels';
import { useMe } from '../identity/api';
import {
  useAddCentreVersion,
  useAddEmployee,
  useCentre,
  useCentreVersions,
  useDeleteEmployee,
  useEmployeesPage,
  useEmployeeTypes,
  useProtocolVersions,
  useResearchVersions,
  useToggleEmployeeAccess,
  useUpdateCentre,
  type CentrePatch,
} from './api';
import { DataList, Facts, formatDate } from './components';
import { AddButton } from './components/AddButton';
import { EditCardButton, EditInPlaceCard, useInPlaceEdit } from './components/EditInPlaceCard';
import { SelectField } from './components/SelectField';
import { pagedListState } from './components/pagedListState';
import { ListPager, usePaging } from './components/paging';
import { personColumns } from './components/personColumns';
import { DeleteRowAction } from './components/RowActions';
import { SectionHeader } from './components/SectionHeader';
import { useDeleteConfirmation } from './components/useDeleteConfirmation';
import { CandidatePicker, OrganisationPicker, OrganisationTypeSelect, UserPicker, type Member } from './pickers';
import { ReferencesPanel } from './ReferencesPanel';

const TABS = ['info', 'references', 'versions'] as const;
type CentreTab = (typeof TABS)[number];

function AddEmployeeDialog({
  centre,
  taken,
  onClose,
}: {
  centre: ResearchOrganisation;
  taken: Set<string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const types = useEmployeeTypes(centre.id);
  const add = useAddEmployee();
  const searchAll = me.data?.permissions.includes('users_settings') ?? false;
  const [user, setUser] = useState<Member | null>(null);
  const [role, setRole] = useState<EmployeeType | ''>('');
  const [submitted, setSubmitted] = useState(false);
  const required = t('common:validation.required');
  const picker = {
    label: t('centres:employees.user'),
    onChange: setUser,
    exclude: taken,
    error: submitted && !user ? required : undefined,
  };

  return (
    <FormDialog
      title={t('centres:employees.add')}
      onClose={onClose}
      saving={add.isPending}
      onSubmit={() => {
        setSubmitted(true);
        if (!user || !role) return;
        add.mutate({ researchOrganisationId: centre.id, userId: user.id, employeeTypeString: role }, { onSuccess: onClose });
      }}
    >
      {/* Without users_settings the candidates are the members of the centre's organisation. */}
      {searchAll ? (
        <UserPicker {...picker} value={user as User | null} />
      ) : (
        <CandidatePicker {...picker} value={user} centreId={centre.id} />
      )}
      <SelectField
        required
        label={t('centres:employees.role')}
        value={role}
        onChange={(v) => setRole(v as EmployeeType)}
        options={types.data ?? []}
        optionLabel={(r) => t(`enums:employeeType.${r}`)}
        error={submitted && !role ? required : undefined}
      />
    </FormDialog>
  );
}

type OrganisationOption = Pick<OrganisationFull, 'id' | 'shortName' | 'address' | 'name' | 'inn' | 'kpp'>;

const organisationOption = (o: ResearchOrganisation['organisation']): OrganisationOption => ({
  ...o,
  name: o.shortName,
  inn: null,
  kpp: null,
});

/**
 * The centre's card: number, type, organisation. With centers_settings it is edited in place; a save the
 * server refuses (a taken number, a type that does not offer the employees' roles…) brings the stored values
 * back and says why.
 */
function CentreCard({ centre, canManage }: { centre: ResearchOrganisation; canManage: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateCentre();
  const edit = useInPlaceEdit<{ type: OrganisationType; number: string; organisation: OrganisationOption | null }>();
  const { draft, submitted } = edit;
  const manual = draft ? centreNumberIsManual(draft.type) : false;
  const numberError = draft && submitted && manual && !draft.number.trim() ? t('common:validation.required') : undefined;
  const orgError = draft && submitted && !draft.organisation ? t('common:validation.required') : undefined;

  const save = () => {
    if (!draft) return;
    edit.markSubmitted();
    if (!draft.organisation || (manual && !draft.number.trim())) return;
    const patch: CentrePatch = {};
    const typeChanged = draft.type !== centre.organisationTypeString;
    if (typeChanged) patch.organisationTypeString = draft.type;
    if (draft.organisation.id !== centre.organisation.id) patch.organisationId = draft.organisation.id;
    const number = draft.number.trim();
    // An empty number of a derived type is given by the server when the type changes, else kept.
    if (number && number !== centre.researchOrganisationNumber) patch.researchOrganisationNumber = number;
    else if (!number && typeChanged) patch.researchOrganisationNumber = null;
    edit.saveChanges(patch, (callbacks) => update.mutate({ id: centre.id, patch }, callbacks));
  };

  return (
    <EditInPlaceCard
      label={t('centres:centres.card')}
      edit={edit}
      saving={update.isPending}
      onSave={save}
      fields={(draft) => (
        <>
          <OrganisationTypeSelect
            value={draft.type}
            disabled={update.isPending}
            onChange={(type) => {
              // A new type starts with its own number: typed for a site, given by the server otherwise.
              const number = type === centre.organisationTypeString ? centre.researchOrganisationNumber : '';
              edit.setDraft({ ...draft, type, number });
            }}
          />
          <OrganisationPicker
            label={t('centres:centres.organisation')}
            value={draft.organisation as OrganisationFull | null}
            onChange={(o) => edit.setDraft({ ...draft, organisation: o })}
            error={orgError}
          />
          <TextField
            fullWidth
            margin="normal"
            required={manual}
            label={t('centres:centres.number')}
            value={draft.number}
            disabled={update.isPending}
            onChange={(e) => edit.setDraft({ ...draft, number: e.target.value })}
            error={Boolean(numberError)}
            helperText={numberError ?? (manual ? undefined : t('centres:centres.numberDerivedIfEmpty'))}
          />
        </>
      )}
    >
      <Facts
        items={[
          [t('centres:centres.number'), centre.researchOrganisationNumber],
          [t('centres:centres.type'), t(`enums:organisationType.${centre.organisationTypeString}`)],
          [
            t('centres:centres.organisation'),
            <Link key="o" component={RouterLink} to={`/organizations/${centre.organisation.id}/info`}>
              {centre.organisation.shortName}
            </Link>,
          ],
          [t('centres:organisations.address'), centre.organisation.address],
          [t('centres:research'), centre.research.grlsProtocolNumber],
        ]}
      />
      {canManage && (
        <EditCardButton
          sx={{ mt: 2 }}
          onClick={() =>
            edit.start({
              type: centre.organisationTypeString,
              number: centre.researchOrganisationNumber,
              organisation: organisationOption(centre.organisation),
            })
          }
        >
          {t('centres:centres.editCard')}
        </EditCardButton>
      )}
    </EditInPlaceCard>
  );
}

function InfoTab({ centre, canManage }: { centre: ResearchOrganisation; canManage: boolean }) {
  const { t } = useTranslation();
  const { paging, setPaging } = usePaging();
  const employees = useEmployeesPage(centre.id, paging);
  const toggle = useToggleEmployeeAccess();
  const remove = useDeleteConfirmation<Employee>(useDeleteEmployee());
  const [adding, setAdding] = useState(false);
  // Left out of the choices: the employees on the page shown; one on another page the server refuses (already_employee).
  const taken = useMemo(() => new Set((employees.data?.data ?? []).map((e) => e.user.id)), [employees.data]);

  return (
    <>
      <CentreCard centre={centre} canManage={canManage} />
      <SectionHeader
        title={t('centres:employees.title')}
        action={canManage && <AddButton onClick={() => setAdding(true)}>{t('centres:employees.add')}</AddButton>}
      />
      <DataList
        label={t('centres:employees.title')}
        {...pagedListState(employees)}
        rowKey={(e) => e.id}
        empty={t('centres:employees.empty')}
        columns={[
          ...personColumns<Employee>(t, (e) => e.user),
          { key: 'role', label: t('centres:employees.role'), render: (e) => t(`enums:employeeType.${e.employeeType}`) },
          {
            key: 'access',
            label: t('centres:employees.access'),
            render: (e) => {
              // Flipped while it is saved; a refused toggle falls back to the stored access.
              const saving = toggle.isPending && toggle.variables === e.id;
              const open = saving ? !e.hasAccess : e.hasAccess;
              return (
                <FormControlLabel
                  control={
                    <Switch
                      checked={open}
                      disabled={!canManage || saving}
                      onChange={() => toggle.mutate(e.id)}
                      slotProps={{
                        input: { role: 'switch', 'aria-label': `${t('centres:employees.access')}: ${fullName(e.user)}` },
                      }}
                    />
                  }
                  label={open ? t('centres:employees.open') : t('centres:employees.closed')}
                />
              );
            },
          },
        ]}
        actions={canManage ? (e) => <DeleteRowAction subject={fullName(e.user)} onClick={() => remove.ask(e)} /> : undefined}
      />
      <ListPager paging={paging} total={employees.data?.totalCount} onChange={setPaging} />
      {adding && <AddEmployeeDialog centre={centre} taken={taken} onClose={() => setAdding(false)} />}
      {remove.dialog}
    </>
  );
}

function VersionsTab({ centre, canManage }: { centre: ResearchOrganisation; canManage: boolean }) {
  const { t } = useTranslation();
  const { paging, setPaging } = usePaging();
  const versions = useCentreVersions(centre.id, paging);
  const researchVersions = useResearchVersions(canManage ? centre.research.id : undefined);
  const protocolVersions = useProtocolVersions(canManage ? centre.research.id : undefined);
  const add = useAddCentreVersion();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ startedDate: '', researchVersionId: '', protocolVersionId: '' });
  const [submitted, setSubmitted] = useState(false);
  const required = t('common:validation.required');
  const err = (k: keyof typeof values) => (submitted && !values[k] ? required : undefined);

  return (
    <>
      <SectionHeader
        title={t('centres:versions.title')}
        action={canManage && <AddButton onClick={() => setOpen(true)}>{t('centres:versions.add')}</AddButton>}
      />
      <DataList
        label={t('centres:versions.title')}
        {...pagedListState(versions)}
        rowKey={(v) => v.id}
        empty={t('centres:versions.empty')}
        columns={[
          { key: 'date', label: t('centres:versions.startedDate'), render: (v) => formatDate(v.startedDate) },
          { key: 'rv', label: t('centres:versions.researchVersion'), render: (v) => v.researchVersion.index },
          {
            key: 'pv',
            label: t('centres:versions.protocolVersion'),
            render: (v) => `${v.protocolVersion.protocolVersionNumber} (${formatDate(v.protocolVersion.protocolVersionDate)})`,
          },
          { key: 'current', label: t('centres:versions.current'), render: (v) => (v.isCurrent ? t('centres:yes') : '') },
        ]}
      />
      <ListPager paging={paging} total={versions.data?.totalCount} onChange={setPaging} />
      {open && (
        <FormDialog
          title={t('centres:versions.add')}
          onClose={() => setOpen(false)}
          saving={add.isPending}
          onSubmit={() => {
            setSubmitted(true);
            if (!values.startedDate || !values.researchVersionId || !values.protocolVersionId) return;
            add.mutate({ ...values, researchOrganisationId: centre.id }, { onSuccess: () => setOpen(false) });
          }}
        >
          <IsoDateField
            required
            label={t('centres:versions.startedDate')}
            value={values.startedDate}
            onChange={(startedDate) => setValues({ ...values, startedDate })}
            error={err('startedDate')}
          />
          <SelectField
            required
            label={t('centres:versions.researchVersion')}
            value={values.researchVersionId}
            onChange={(researchVersionId) => setValues({ ...values, researchVersionId })}
            options={researchVersions.data ?? []}
            optionLabel={(v) => v.index}
            optionValue={(v) => v.id}
            error={err('researchVersionId')}
            hint={researchVersions.data?.length === 0 ? t('centres:versions.none') : undefined}
          />
          <SelectField
            required
            label={t('centres:versions.protocolVersion')}
            value={values.protocolVersionId}
            onChange={(protocolVersionId) => setValues({ ...values, protocolVersionId })}
            options={protocolVersions.data ?? []}
            optionLabel={(v) => `${v.protocolVersionNumber} (${formatDate(v.protocolVersionDate)})`}
            optionValue={(v) => v.id}
            error={err('protocolVersionId')}
            hint={protocolVersions.data?.length === 0 ? t('centres:versions.none') : undefined}
          />
        </FormDialog>
      )}
    </>
  );
}

/** /centers/:centerId/:tab — info (card and employees), references, versions. */
export default function CentrePage() {
  const { t } = useTranslation();
  const { centerId, tab } = useParams();
  const me = useMe();
  const centre = useCentre(centerId);
  if (!centerId) return <Navigate to="/" replace />;
  if (!TABS.includes(tab as CentreTab)) return <Navigate to={`/centers/${centerId}/info`} replace />;
  const canManage = me.data?.permissions.includes('centers_settings') ?? false;
  const title = centre.data
    ? `${t('centres:centres.one')} ${centre.data.researchOrganisationNumber} — ${centre.data.organisation.shortName}`
    : t('centres:centres.one');

  return (
    <>
      <PageTitle title={title}>{title}</PageTitle>
      <Tabs
        value={tab}
        aria-label={t('centres:centres.tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(`centres:centres.tab.${k}`)} component={RouterLink} to={`/centers/${centerId}/${k}`} />
        ))}
      </Tabs>
      {centre.isLoading ? (
        <Loading />
      ) : !centre.data ? (
        <Alert severity="error">{t('centres:centres.notFound')}</Alert>
      ) : tab === 'info' ? (
        <InfoTab centre={centre.data} canManage={canManage} />
      ) : tab === 'versions' ? (
        <VersionsTab centre={centre.data} canManage={canManage} />
      ) : (
        <ReferencesPanel owner={{ kind: 'centre', id: centre.data.id }} researchId={centre.data.research.id} />
      )}
    </>
  );
}
