import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_TYPES, NOTE_STATUSES, type EmployeeType, type NoteStatus, type NoteType } from '@edc/domain';
import { useForms, useSections, useVisits } from '../design/api';
import { useSites } from '../subjects/api';
import type { NumberKey, Numbers, QueriesFilter } from './filterState';
import { noteStatusColour } from './noteUi';

export interface FiltersProps {
  filter: QueriesFilter;
  update: (patch: Partial<QueriesFilter>) => void;
  /** The number filters as typed (the address takes them after a pause). */
  numbers: Numbers;
  onNumber: (key: NumberKey, value: string) => void;
  researchId: string;
  /** The note types the caller sees (monitors see only theirs). */
  types: readonly NoteType[];
  /** Admin, qa and kio choose a centre (spec section 6). */
  showSites: boolean;
}

const toggle = <T,>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** A labelled group of checkboxes, in a row that wraps. */
function CheckGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.25 }}>
        {legend}
      </Typography>
      <FormGroup row sx={{ columnGap: 0.5 }}>
        {children}
      </FormGroup>
    </Box>
  );
}

/**
 * The value a select shows: the chosen id while its list loads (a hidden option holds it) or when the list has it;
 * none when the list has not (an id from an old address).
 */
const shown = (value: string, list: ReadonlyArray<{ id: string }> | undefined) =>
  !value || !list || list.some((x) => x.id === value) ? value : '';

const StatusDot = ({ status }: { status: NoteStatus }) => (
  <Box
    component="span"
    aria-hidden="true"
    sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: noteStatusColour(status), mr: 0.75 }}
  />
);

/** The design's visit, form and field of the notes (each list narrows to the choice before it). */
function DesignSelectors({ filter, update, researchId }: Pick<FiltersProps, 'filter' | 'update' | 'researchId'>) {
  const { t } = useTranslation();
  const visits = useVisits(researchId, null);
  const forms = useForms(filter.visitId || undefined);
  const sections = useSections(filter.formId || undefined);
  const fieldItems = (sections.data ?? []).flatMap((s) =>
    s.formFieldList.length === 0
      ? []
      : [
          <ListSubheader key={`s-${s.id}`}>{s.sectionName}</ListSubheader>,
          ...s.formFieldList.map((f) => (
            <MenuItem key={f.id} value={f.id} sx={{ whiteSpace: 'normal' }}>
              {f.text}
            </MenuItem>
          )),
        ],
  );
  const fields = sections.data?.flatMap((s) => s.formFieldList);
  return (
    <>
      <TextField
        size="small"
        select
        label={t('queries:filters.visit')}
        value={shown(filter.visitId, visits.data)}
        onChange={(e) => update({ visitId: e.target.value, formId: '', formFieldId: '' })}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      >
        <MenuItem value="">{t('queries:filters.all')}</MenuItem>
        {(visits.data ?? []).map((v) => (
          <MenuItem key={v.id} value={v.id}>
            {v.title}
          </MenuItem>
        ))}
        {filter.visitId && !visits.data && <MenuItem value={filter.visitId} sx={{ display: 'none' }} />}
      </TextField>
      <TextField
        size="small"
        select
        label={t('queries:filters.form')}
        disabled={!filter.visitId}
        value={shown(filter.formId, forms.data)}
        onChange={(e) => update({ formId: e.target.value, formFieldId: '' })}
      >
        <MenuItem value="">{t('queries:filters.all')}</MenuItem>
        {(forms.data ?? []).map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.title}
          </MenuItem>
        ))}
        {filter.formId && !forms.data && <MenuItem value={filter.formId} sx={{ display: 'none' }} />}
      </TextField>
      <TextField
        size="small"
        select
        label={t('queries:filters.field')}
        disabled={!filter.formId}
        value={shown(filter.formFieldId, fields)}
        onChange={(e) => update({ formFieldId: e.target.value })}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420, maxWidth: 480 } } } } } }}
      >
        <MenuItem value="">{t('queries:filters.all')}</MenuItem>
        {fieldItems}
        {filter.formFieldId && !sections.data && <MenuItem value={filter.formFieldId} sx={{ display: 'none' }} />}
      </TextField>
    </>
  );
}

/** The filters of the queries page (spec section 2): every one is a parameter of GET /ItemNote/FilteredList. */
export function QueriesFilters({ filter, update, numbers, onNumber, researchId, types, showSites }: FiltersProps) {
  const { t } = useTranslation();
  const sites = useSites(researchId, showSites);
  const number = (key: NumberKey) => (
    <TextField
      size="small"
      type="search"
      label={t(`queries:filters.${key}`)}
      value={numbers[key]}
      onChange={(e) => onNumber(key, e.target.value)}
      slotProps={{ htmlInput: { maxLength: 50 } }}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FormControlLabel
        sx={{ justifySelf: 'start' }}
        control={<Switch checked={filter.mine} onChange={(e) => update({ mine: e.target.checked })} />}
        label={t('queries:filters.mine')}
      />
      {types.length > 1 && (
        <CheckGroup legend={t('queries:filters.types')}>
          {types.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  size="small"
                  checked={filter.noteTypeList.includes(type)}
                  onChange={() => update({ noteTypeList: toggle(filter.noteTypeList, type) })}
                />
              }
              label={t(`queries:type.${type}`)}
            />
          ))}
        </CheckGroup>
      )}
      <CheckGroup legend={t('queries:filters.statuses')}>
        {NOTE_STATUSES.map((status) => (
          <FormControlLabel
            key={status}
            control={
              <Checkbox
                size="small"
                checked={filter.noteStatusList.includes(status)}
                onChange={() => update({ noteStatusList: toggle(filter.noteStatusList, status) })}
              />
            }
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                <StatusDot status={status} />
                {t(`queries:status.${status}`)}
              </Box>
            }
          />
        ))}
      </CheckGroup>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {number('screeningNumber')}
        {number('randomisationNumber')}
        {number('identificationNumber')}
        <TextField
          size="small"
          select
          label={t('queries:filters.roles')}
          value={filter.employeeTypeList}
          onChange={(e) => {
            const v = e.target.value as unknown as EmployeeType[] | string;
            update({ employeeTypeList: (typeof v === 'string' ? v.split(',') : v) as EmployeeType[] });
          }}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const list = selected as EmployeeType[];
                return list.length === 0
                  ? t('queries:filters.allRoles')
                  : list.map((r) => t(`enums:employeeType.${r}`)).join(', ');
              },
              MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
            },
            inputLabel: { shrink: true },
          }}
        >
          {EMPLOYEE_TYPES.map((r) => (
            <MenuItem key={r} value={r} dense>
              <Checkbox size="small" checked={filter.employeeTypeList.includes(r)} sx={{ p: 0.5, mr: 1 }} />
              <ListItemText primary={t(`enums:employeeType.${r}`)} />
            </MenuItem>
          ))}
        </TextField>
        <DesignSelectors filter={filter} update={update} researchId={researchId} />
        {showSites && (
          <TextField
            size="small"
            select
            label={t('queries:filters.site')}
            value={shown(filter.researchOrganisationId, sites.data)}
            onChange={(e) => update({ researchOrganisationId: e.target.value })}
          >
            <MenuItem value="">{t('queries:filters.allSites')}</MenuItem>
            {(sites.data ?? []).map((ro) => (
              <MenuItem key={ro.id} value={ro.id}>
                {`${ro.researchOrganisationNumber} — ${ro.organisation.shortName}`}
              </MenuItem>
            ))}
            {filter.researchOrganisationId && !sites.data && (
              <MenuItem value={filter.researchOrganisationId} sx={{ display: 'none' }} />
            )}
          </TextField>
        )}
      </Box>
    </Box>
  );
}
