import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { GENDERS, isReferenceFieldType, referenceRangeProblem, type Gender } from '@edc/domain';
import { FormDialog } from '../../shared/components/FormDialog';
import { Loading } from '../../shared/components/Loading';
import { toastError } from '../../shared/api/client';
import { useMe } from '../identity/api';
import {
  useSubjectCentres,
  useCopyGroup,
  useCreateGroup,
  useDeleteGroup,
  useDeleteReference,
  useFormTypes,
  useGroupFields,
  useReferenceGroup,
  useReferenceGroups,
  useSaveReference,
  useToggleGroupLock,
  type AnyGroup,
  type AnyReference,
  type ReferenceOwner,
} from './api';
import { ConfirmDialog, DataList, FieldPair, formatDate, SaveFailed } from './components';
import { AddButton } from './components/AddButton';
import { IsoDateField } from './components/IsoDateField';
import { SelectField } from './components/SelectField';
import { DeleteRowAction, EditRowAction } from './components/RowActions';
import { useDeleteConfirmation } from './components/useDeleteConfirmation';

const period = (g: { dateFrom: string; dateTo: string | null }) =>
  `${formatDate(g.dateFrom)} — ${g.dateTo ? formatDate(g.dateTo) : '…'}`;

function CreateGroupDialog({
  owner,
  onClose,
  onCreated,
}: {
  owner: ReferenceOwner;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const formTypes = useFormTypes(true);
  const create = useCreateGroup(owner);
  const [values, setValues] = useState({ formTypeId: '', dateFrom: '', dateTo: '' });
  const [submitted, setSubmitted] = useState(false);
  const required = t('common:validation.required');
  const badPeriod = Boolean(values.dateTo && values.dateFrom && values.dateTo < values.dateFrom);
  return (
    <FormDialog
      title={t('centres:references.addGroup')}
      onClose={onClose}
      saving={create.isPending}
      onSubmit={() => {
        setSubmitted(true);
        if (!values.formTypeId || !values.dateFrom || badPeriod) return;
        create.mutate(
          { formTypeId: values.formTypeId, dateFrom: values.dateFrom, dateTo: values.dateTo || null },
          { onSuccess: (g) => onCreated(g.id) },
        );
      }}
    >
      <SelectField
        required
        label={t('centres:references.formType')}
        value={values.formTypeId}
        onChange={(formTypeId) => setValues({ ...values, formTypeId })}
        options={formTypes.data ?? []}
        optionLabel={(f) => f.title}
        optionValue={(f) => f.id}
        error={submitted && !values.formTypeId ? required : undefined}
        hint={formTypes.data?.length === 0 ? t('centres:references.noFormTypes') : undefined}
      />
      <IsoDateField
        required
        label={t('centres:references.dateFrom')}
        value={values.dateFrom}
        onChange={(dateFrom) => setValues({ ...values, dateFrom })}
        error={submitted && !values.dateFrom ? required : undefined}
      />
      <IsoDateField
        label={t('centres:references.dateTo')}
        value={values.dateTo}
        onChange={(dateTo) => setValues({ ...values, dateTo })}
        error={submitted && badPeriod ? t('centres:references.badPeriod') : undefined}
      />
    </FormDialog>
  );
}

const toNumber = (s: string) => (s.trim() === '' ? NaN : Number(s.replace(',', '.')));

function ReferenceDialog({
  owner,
  groupId,
  reference,
  onClose,
}: {
  owner: ReferenceOwner;
  groupId: string;
  reference: AnyReference | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fields = useGroupFields(owner, groupId, true);
  const save = useSaveReference(owner);
  const stored = () => ({
    fieldId: reference?.fieldId ?? '',
    minReference: String(reference?.minReference ?? 0),
    maxReference: String(reference?.maxReference ?? 0),
    minAge: String(reference?.minAge ?? 0),
    maxAge: String(reference?.maxAge ?? 100),
    genderString: (reference?.genderString ?? 'Both') as Gender,
    errorMessage: reference?.errorMessage ?? '',
  });
  const [v, setV] = useState(stored);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const nums = {
    minReference: toNumber(v.minReference),
    maxReference: toNumber(v.maxReference),
    minAge: toNumber(v.minAge),
    maxAge: toNumber(v.maxAge),
  };
  const problem = Object.values(nums).some(Number.isNaN) ? null : referenceRangeProblem(nums);
  const errorOf = (k: keyof typeof v): string | undefined => {
    if (!submitted) return undefined;
    const raw = v[k];
    if (String(raw).trim() === '') return t('common:validation.required');
    if (k in nums) {
      const n = nums[k as keyof typeof nums];
      if (Number.isNaN(n)) return t('common:validation.invalid');
      if ((k === 'minAge' || k === 'maxAge') && (!Number.isInteger(n) || n < 0 || n > 150)) return t('common:validation.invalid');
    }
    if (problem?.path === k) return t('centres:references.rangeInverted');
    return undefined;
  };
  const keys = Object.keys(v) as Array<keyof typeof v>;
  const options = (fields.data ?? []).filter((f) => isReferenceFieldType(f.fieldType));
  const numberField = (k: keyof typeof nums, label: string) => (
    <TextField
      fullWidth
      required
      margin="dense"
      label={label}
      value={v[k]}
      onChange={(e) => setV({ ...v, [k]: e.target.value })}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      error={Boolean(errorOf(k))}
      helperText={errorOf(k)}
    />
  );
  return (
    <FormDialog
      title={reference ? t('centres:references.edit') : t('centres:references.add')}
      onClose={onClose}
      saving={save.isPending}
      onSubmit={() => {
        setSubmitted(true);
        setFailure(null);
        if (keys.some((k) => String(v[k]).trim() === '') || Object.values(nums).some(Number.isNaN) || problem) return;
        if (nums.minAge < 0 || nums.maxAge > 150 || !Number.isInteger(nums.minAge) || !Number.isInteger(nums.maxAge)) return;
        save.mutate(
          {
            id: reference?.id,
            groupId,
            input: {
              fieldId: v.fieldId,
              genderString: v.genderString,
              errorMessage: v.errorMessage.trim(),
              ...nums,
              ...(reference ? { updatedAt: reference.updatedAt } : {}),
            },
          },
          {
            onSuccess: onClose,
            onError: (e) => {
              setFailure(e);
              // A failed edit brings back the stored range; a new one keeps what was typed.
              if (reference) {
                setV(stored());
                setSubmitted(false);
              }
            },
          },
        );
      }}
    >
      {failure !== null && <SaveFailed error={failure} restored={Boolean(reference)} onClose={() => setFailure(null)} />}
      <SelectField
        required
        margin="dense"
        label={t('centres:references.field')}
        value={options.some((f) => f.id === v.fieldId) ? v.fieldId : ''}
        onChange={(fieldId) => setV({ ...v, fieldId })}
        options={options}
        optionLabel={(f) => `${f.title}${f.units ? `, ${f.units}` : ''}`}
        optionValue={(f) => f.id}
        error={errorOf('fieldId')}
        hint={fields.data && options.length === 0 ? t('centres:references.noFields') : undefined}
      />
      <FieldPair>
        {numberField('minReference', t('centres:references.minReference'))}
        {numberField('maxReference', t('centres:references.maxReference'))}
      </FieldPair>
      <FieldPair>
        {numberField('minAge', t('centres:references.minAge'))}
        {numberField('maxAge', t('centres:references.maxAge'))}
      </FieldPair>
      <SelectField
        required
        margin="dense"
        label={t('centres:references.gender')}
        value={v.genderString}
        onChange={(g) => setV({ ...v, genderString: g as Gender })}
        options={GENDERS}
        optionLabel={(g) => t(`centres:gender.${g}`)}
      />
      <TextField
        fullWidth
        required
        multiline
        minRows={2}
        margin="dense"
        label={t('centres:references.message')}
        value={v.errorMessage}
        onChange={(e) => setV({ ...v, errorMessage: e.target.value })}
        error={Boolean(errorOf('errorMessage'))}
        helperText={errorOf('errorMessage')}
      />
    </FormDialog>
  );
}

function CopyDialog({
  group,
  centreId,
  researchId,
  onClose,
}: {
  group: AnyGroup;
  centreId: string;
  researchId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const centres = useSubjectCentres(researchId);
  const copy = useCopyGroup();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const targets = (centres.data ?? []).filter((c) => c.id !== centreId);
  return (
    <Dialog open onClose={onClose} aria-labelledby="copy-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="copy-dialog-title">{t('centres:references.copyTitle')}</DialogTitle>
      <DialogContent>
        {centres.isLoading ? (
          <Loading />
        ) : targets.length === 0 ? (
          <Typography color="text.secondary">{t('centres:references.noTargets')}</Typography>
        ) : (
          <FormGroup>
            {targets.map((c) => (
              <FormControlLabel
                key={c.id}
                control={
                  <Checkbox
                    checked={chosen.has(c.id)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(c.id);
                      else next.delete(c.id);
                      setChosen(next);
                    }}
                  />
                }
                label={`${c.researchOrganisationNumber} — ${c.organisation.shortName}`}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={chosen.size === 0}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              for (const id of chosen) await copy.mutateAsync({ id: group.id, researchOrganisationId: id });
              onClose();
            } catch {
              /* the client has shown the error */
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('centres:references.copy')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function GroupDetail({
  owner,
  groupId,
  canEdit,
  researchId,
  onGone,
}: {
  owner: ReferenceOwner;
  groupId: string;
  canEdit: boolean;
  researchId?: string;
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const group = useReferenceGroup(owner, groupId);
  const lock = useToggleGroupLock(owner);
  const removeGroup = useDeleteGroup(owner);
  const removeReference = useDeleteConfirmation<AnyReference>(useDeleteReference(owner));
  const [editing, setEditing] = useState<AnyReference | null | undefined>(undefined);
  const [deletingGroup, setDeletingGroup] = useState(false);
  const [copying, setCopying] = useState(false);

  // A failed look-up of the chosen group clears the choice (spec section 4).
  const failed = group.isError;
  useEffect(() => {
    if (failed) {
      toastError(t('centres:references.groupFailed'));
      onGone();
    }
  }, [failed, onGone, t]);

  if (group.isLoading || !group.data) return <Loading />;
  const g = group.data;
  const editable = canEdit && !g.isLocked;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="group-title" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { lg: 'center' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h2" id="group-title">
            {g.formType.title}
          </Typography>
          <Typography color="text.secondary">
            {period(g)}{' '}
            {g.isLocked && <Chip size="small" icon={<LockOutlined />} label={t('centres:references.locked')} sx={{ ml: 1 }} />}
          </Typography>
        </Box>
        {canEdit && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={g.isLocked ? <LockOpenOutlined /> : <LockOutlined />}
              loading={lock.isPending}
              onClick={() => lock.mutate(g.id)}
            >
              {g.isLocked ? t('centres:references.unlock') : t('centres:references.lock')}
            </Button>
            {owner.kind === 'centre' && researchId && (
              <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => setCopying(true)}>
                {t('centres:references.copy')}
              </Button>
            )}
            {!g.isLocked && (
              <Button variant="outlined" color="error" startIcon={<DeleteOutline />} onClick={() => setDeletingGroup(true)}>
                {t('centres:references.deleteGroup')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {editable && (
        <AddButton sx={{ mb: 2 }} onClick={() => setEditing(null)}>
          {t('centres:references.add')}
        </AddButton>
      )}
      <DataList<AnyReference>
        label={t('centres:references.listLabel')}
        rows={g.referenceList}
        rowKey={(r) => r.id}
        isLoading={false}
        isError={false}
        empty={t('centres:references.empty')}
        columns={[
          {
            key: 'field',
            label: t('centres:references.field'),
            render: (r) => `${r.field.title}${r.field.units ? `, ${r.field.units}` : ''}`,
          },
          { key: 'range', label: t('centres:references.range'), render: (r) => `${r.minReference} — ${r.maxReference}` },
          { key: 'age', label: t('centres:references.age'), render: (r) => `${r.minAge} — ${r.maxAge}` },
          { key: 'gender', label: t('centres:references.gender'), render: (r) => t(`centres:gender.${r.genderString}`) },
          { key: 'message', label: t('centres:references.message'), render: (r) => r.errorMessage },
        ]}
        actions={
          editable
            ? (r) => (
                <>
                  <EditRowAction subject={r.field.title} onClick={() => setEditing(r)} />
                  <DeleteRowAction subject={r.field.title} onClick={() => removeReference.ask(r)} />
                </>
              )
            : undefined
        }
      />
      {editing !== undefined && (
        <ReferenceDialog owner={owner} groupId={g.id} reference={editing} onClose={() => setEditing(undefined)} />
      )}
      {copying && researchId && (
        <CopyDialog group={g} centreId={owner.id} researchId={researchId} onClose={() => setCopying(false)} />
      )}
      {removeReference.dialog}
      <ConfirmDialog
        open={deletingGroup}
        loading={removeGroup.isPending}
        onClose={() => setDeletingGroup(false)}
        onConfirm={() =>
          removeGroup.mutate(g.id, {
            onSuccess: () => {
              setDeletingGroup(false);
              onGone();
            },
          })
        }
      />
    </Paper>
  );
}

/**
 * Reference groups of a centre or an organisation and the ranges of the chosen group. Only callers with
 * references_edit change anything; a locked group keeps its ranges as they are.
 */
export function ReferencesPanel({ owner, researchId }: { owner: ReferenceOwner; researchId?: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const groups = useReferenceGroups(owner);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const canEdit = me.data?.permissions.includes('references_edit') ?? false;
  const list = groups.data;
  const clear = useClear(setSelected);

  useEffect(() => {
    setSelected(null);
  }, [owner.id]);

  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 320px) 1fr' }, alignItems: 'start' }}
    >
      <Paper variant="outlined" component="section" aria-labelledby="groups-title" sx={{ p: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h2" id="groups-title" sx={{ flex: 1 }}>
            {t('centres:references.groups')}
          </Typography>
          {canEdit && (
            <AddButton size="small" onClick={() => setCreating(true)}>
              {t('centres:references.addGroup')}
            </AddButton>
          )}
        </Box>
        {!canEdit && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('centres:references.readOnly')}
          </Alert>
        )}
        {groups.isLoading ? (
          <Loading />
        ) : groups.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void groups.refetch()}>
                {t('common:actions.retry')}
              </Button>
            }
          >
            {t('centres:loadFailed')}
          </Alert>
        ) : !list || list.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 1 }}>
            {t('centres:references.noGroups')}
          </Typography>
        ) : (
          <List dense aria-label={t('centres:references.groups')}>
            {list.map((g) => (
              <ListItemButton
                key={g.id}
                selected={g.id === selected}
                aria-current={g.id === selected ? 'true' : undefined}
                onClick={() => setSelected(g.id)}
              >
                <ListItemText
                  primary={
                    <>
                      {g.formType.title}
                      {g.isLocked && (
                        <LockOutlined
                          fontSize="inherit"
                          aria-label={t('centres:references.locked')}
                          sx={{ ml: 0.5, verticalAlign: 'middle' }}
                        />
                      )}
                    </>
                  }
                  secondary={`${period(g)} · ${t('centres:references.count', { n: g.referenceCount })}`}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
      {selected ? (
        <GroupDetail key={selected} owner={owner} groupId={selected} canEdit={canEdit} researchId={researchId} onGone={clear} />
      ) : (
        list &&
        list.length > 0 && (
          <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
            <Typography color="text.secondary">{t('centres:references.choose')}</Typography>
          </Paper>
        )
      )}
      {creating && (
        <CreateGroupDialog
          owner={owner}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setSelected(id);
          }}
        />
      )}
    </Box>
  );
}

function useClear(set: (v: null) => void) {
  const [fn] = useState(() => () => set(null));
  return fn;
}
