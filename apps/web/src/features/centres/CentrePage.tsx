import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  centreNumberIsManual,
  ORGANISATION_TYPES,
  type Employee,
  type EmployeeType,
  type OrganisationFull,
  type OrganisationType,
  type ResearchOrganisation,
  type User,
} from '@edc/domain';
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
  useEmployees,
  useEmployeeTypes,
  useMembersPage,
  useProtocolVersions,
  useResearchVersions,
  useToggleEmployeeAccess,
  useUpdateCentre,
  type CentrePatch,
} from './api';
import { ConfirmDialog, DataList, Facts, formatDate, SaveFailed } from './components';
import { OrganisationPicker, UserPicker } from './pickers';
import { ReferencesPanel } from './ReferencesPanel';

const TABS = ['info', 'references', 'versions'] as const;
type CentreTab = (typeof TABS)[number];

type Candidate = Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'patronymic'>;

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
  // Without users_settings the candidates are the members of the centre's organisation.
  const members = useMembersPage(centre.organisation.id, { page: 1, pageSize: 100 }, !searchAll);
  const [user, setUser] = useState<Candidate | null>(null);
  const [role, setRole] = useState<EmployeeType | ''>('');
  const [submitted, setSubmitted] = useState(false);
  const required = t('common:validation.required');
  const memberOptions = (members.data?.data ?? []).map((m) => m.user).filter((u) => !taken.has(u.id));

  return (
    <Dialog open onClose={onClose} aria-labelledby="employee-dialog-title" fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (!user || !role) return;
          add.mutate({ researchOrganisationId: centre.id, userId: user.id, employeeTypeString: role }, { onSuccess: onClose });
        }}
      >
        <DialogTitle id="employee-dialog-title">{t('centres:employees.add')}</DialogTitle>
        <DialogContent>
          {searchAll ? (
            <UserPicker
              label={t('centres:employees.user')}
              value={user as User | null}
              onChange={setUser}
              exclude={taken}
              error={submitted && !user ? required : undefined}
            />
          ) : (
            <Autocomplete
              options={memberOptions}
              value={user}
              onChange={(_, v) => setUser(v)}
              getOptionLabel={(u) => `${fullName(u)} (${u.email})`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              loading={members.isLoading}
              noOptionsText={t('centres:noOptions')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  margin="normal"
                  label={t('centres:employees.user')}
                  error={submitted && !user}
                  helperText={submitted && !user ? required : undefined}
                />
              )}
            />
          )}
          <TextField
            select
            fullWidth
            required
            margin="normal"
            label={t('centres:employees.role')}
            value={role}
            onChange={(e) => setRole(e.target.value as EmployeeType)}
            error={submitted && !role}
            helperText={submitted && !role ? required : undefined}
          >
            {(types.data ?? []).map((r) => (
              <MenuItem key={r} value={r}>
                {t(`enums:employeeType.${r}`)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={add.isPending}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
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
  const [draft, setDraft] = useState<{ type: OrganisationType; number: string; organisation: OrganisationOption | null } | null>(
    null,
  );
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const manual = draft ? centreNumberIsManual(draft.type) : false;
  const numberError = draft && submitted && manual && !draft.number.trim() ? t('common:validation.required') : undefined;
  const orgError = draft && submitted && !draft.organisation ? t('common:validation.required') : undefined;

  const save = () => {
    if (!draft) return;
    setSubmitted(true);
    if (!draft.organisation || (manual && !draft.number.trim())) return;
    const patch: CentrePatch = {};
    const typeChanged = draft.type !== centre.organisationTypeString;
    if (typeChanged) patch.organisationTypeString = draft.type;
    if (draft.organisation.id !== centre.organisation.id) patch.organisationId = draft.organisation.id;
    const number = draft.number.trim();
    // An empty number of a derived type is given by the server when the type changes, else kept.
    if (number && number !== centre.researchOrganisationNumber) patch.researchOrganisationNumber = number;
    else if (!number && typeChanged) patch.researchOrganisationNumber = null;
    if (Object.keys(patch).length === 0) {
      setDraft(null);
      return;
    }
    update.mutate(
      { id: centre.id, patch },
      {
        onSuccess: () => setDraft(null),
        onError: (e) => {
          setDraft(null);
          setFailure(e);
        },
      },
    );
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('centres:centres.card')}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, maxWidth: 760 }}
    >
      {failure !== null && <SaveFailed error={failure} onClose={() => setFailure(null)} />}
      {draft ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <TextField
            select
            fullWidth
            required
            margin="normal"
            label={t('centres:centres.type')}
            value={draft.type}
            disabled={update.isPending}
            onChange={(e) => {
              const type = e.target.value as OrganisationType;
              // A new type starts with its own number: typed for a site, given by the server otherwise.
              const number = type === centre.organisationTypeString ? centre.researchOrganisationNumber : '';
              setDraft({ ...draft, type, number });
            }}
          >
            {ORGANISATION_TYPES.map((o) => (
              <MenuItem key={o} value={o}>
                {t(`enums:organisationType.${o}`)}
              </MenuItem>
            ))}
          </TextField>
          <OrganisationPicker
            label={t('centres:centres.organisation')}
            value={draft.organisation as OrganisationFull | null}
            onChange={(o) => setDraft({ ...draft, organisation: o })}
            error={orgError}
          />
          <TextField
            fullWidth
            margin="normal"
            required={manual}
            label={t('centres:centres.number')}
            value={draft.number}
            disabled={update.isPending}
            onChange={(e) => setDraft({ ...draft, number: e.target.value })}
            error={Boolean(numberError)}
            helperText={numberError ?? (manual ? undefined : t('centres:centres.numberDerivedIfEmpty'))}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button onClick={() => setDraft(null)} disabled={update.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={update.isPending}>
              {t('common:actions.save')}
            </Button>
          </Stack>
        </form>
      ) : (
        <>
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
            <Button
              variant="outlined"
              startIcon={<EditOutlined />}
              sx={{ mt: 2 }}
              onClick={() => {
                setFailure(null);
                setSubmitted(false);
                setDraft({
                  type: centre.organisationTypeString,
                  number: centre.researchOrganisationNumber,
                  organisation: organisationOption(centre.organisation),
                });
              }}
            >
              {t('centres:centres.editCard')}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}

function InfoTab({ centre, canManage }: { centre: ResearchOrganisation; canManage: boolean }) {
  const { t } = useTranslation();
  const employees = useEmployees(centre.id);
  const toggle = useToggleEmployeeAccess();
  const remove = useDeleteEmployee();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Employee | null>(null);
  const taken = useMemo(() => new Set((employees.data?.data ?? []).map((e) => e.user.id)), [employees.data]);

  return (
    <>
      <CentreCard centre={centre} canManage={canManage} />
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ flex: 1 }}>
          {t('centres:employees.title')}
        </Typography>
        {canManage && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
            {t('centres:employees.add')}
          </Button>
        )}
      </Box>
      <DataList
        label={t('centres:employees.title')}
        rows={employees.data?.data}
        rowKey={(e) => e.id}
        isLoading={employees.isLoading}
        isError={employees.isError}
        onRetry={() => void employees.refetch()}
        empty={t('centres:employees.empty')}
        columns={[
          { key: 'name', label: t('centres:users.fullName'), render: (e) => fullName(e.user) },
          { key: 'email', label: t('centres:users.email'), render: (e) => e.user.email },
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
        actions={
          canManage
            ? (e) => (
                <Tooltip title={t('centres:delete')}>
                  <IconButton aria-label={`${t('centres:delete')}: ${fullName(e.user)}`} onClick={() => setDeleting(e)}>
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              )
            : undefined
        }
      />
      {adding && <AddEmployeeDialog centre={centre} taken={taken} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}

function VersionsTab({ centre, canManage }: { centre: ResearchOrganisation; canManage: boolean }) {
  const { t } = useTranslation();
  const versions = useCentreVersions(centre.id);
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
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ flex: 1 }}>
          {t('centres:versions.title')}
        </Typography>
        {canManage && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setOpen(true)}>
            {t('centres:versions.add')}
          </Button>
        )}
      </Box>
      <DataList
        label={t('centres:versions.title')}
        rows={versions.data?.data}
        rowKey={(v) => v.id}
        isLoading={versions.isLoading}
        isError={versions.isError}
        onRetry={() => void versions.refetch()}
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
      {open && (
        <Dialog open onClose={() => setOpen(false)} aria-labelledby="version-dialog-title" fullWidth maxWidth="sm">
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setSubmitted(true);
              if (!values.startedDate || !values.researchVersionId || !values.protocolVersionId) return;
              add.mutate({ ...values, researchOrganisationId: centre.id }, { onSuccess: () => setOpen(false) });
            }}
          >
            <DialogTitle id="version-dialog-title">{t('centres:versions.add')}</DialogTitle>
            <DialogContent>
              <TextField
                type="date"
                fullWidth
                required
                margin="normal"
                label={t('centres:versions.startedDate')}
                value={values.startedDate}
                onChange={(e) => setValues({ ...values, startedDate: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(err('startedDate'))}
                helperText={err('startedDate')}
              />
              <TextField
                select
                fullWidth
                required
                margin="normal"
                label={t('centres:versions.researchVersion')}
                value={values.researchVersionId}
                onChange={(e) => setValues({ ...values, researchVersionId: e.target.value })}
                error={Boolean(err('researchVersionId'))}
                helperText={
                  err('researchVersionId') ?? (researchVersions.data?.length === 0 ? t('centres:versions.none') : undefined)
                }
              >
                {(researchVersions.data ?? []).map((v) => (
                  <MenuItem key={v.id} value={v.id}>
                    {v.index}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                fullWidth
                required
                margin="normal"
                label={t('centres:versions.protocolVersion')}
                value={values.protocolVersionId}
                onChange={(e) => setValues({ ...values, protocolVersionId: e.target.value })}
                error={Boolean(err('protocolVersionId'))}
                helperText={
                  err('protocolVersionId') ?? (protocolVersions.data?.length === 0 ? t('centres:versions.none') : undefined)
                }
              >
                {(protocolVersions.data ?? []).map((v) => (
                  <MenuItem key={v.id} value={v.id}>
                    {v.protocolVersionNumber} ({formatDate(v.protocolVersionDate)})
                  </MenuItem>
                ))}
              </TextField>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)}>{t('common:actions.cancel')}</Button>
              <Button type="submit" variant="contained" loading={add.isPending}>
                {t('common:actions.save')}
              </Button>
            </DialogActions>
          </form>
        </Dialog>
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
