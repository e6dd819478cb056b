import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_WORK_DAY_END,
  DEFAULT_WORK_DAY_START,
  errorMessage,
  personFullName,
  validateMonitoringVisitPlan,
  type MonitoringVisit,
} from '@edc/domain';
import { FormDialog } from '../../../shared/components/FormDialog';
import { useVisits } from '../../design/api';
import { displayDate } from '../../subjects/ui';
import { useCentreEmployees, useChosenSubjectVisits, usePlanMutations, useSubjectVisitChoices, type PlanBody } from './api';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { useCentresOfType } from '../../centres/api';

/** An ISO instant as the value of a datetime-local input (local time, minutes). */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : '');

type Field =
  | 'startDate'
  | 'endDate'
  | 'researchOrganisationId'
  | 'monitorList'
  | 'workDayStart'
  | 'workDayEnd'
  | 'subjectVisitIdList'
  | 'siteId';

/**
 * Plans a monitoring visit or edits one that has not ended (design-and-admin sections 2, 5): start and end,
 * the monitoring (KIO) centre and its employees, the work hours (08:00:00–21:00:00 by default), and either
 * visits chosen one by one or a site. The spec's checks run here first (validateMonitoringVisitPlan, the
 * server's own), then on the server.
 */
export function MonitoringVisitDialog({
  researchId,
  visit,
  onClose,
}: {
  researchId: string;
  visit: MonitoringVisit | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'ru';
  const [start, setStart] = useState(toLocalInput(visit?.startDate));
  const [end, setEnd] = useState(toLocalInput(visit?.endDate));
  const [centre, setCentre] = useState(visit?.researchOrganisation.id ?? '');
  const [monitors, setMonitors] = useState<string[]>(visit?.monitorList.map((m) => m.id) ?? []);
  const [from, setFrom] = useState(visit?.workDayStart ?? DEFAULT_WORK_DAY_START);
  const [to, setTo] = useState(visit?.workDayEnd ?? DEFAULT_WORK_DAY_END);
  const [mode, setMode] = useState<'visits' | 'site'>(visit?.siteId ? 'site' : 'visits');
  const [site, setSite] = useState(visit?.siteId ?? '');
  const [chosen, setChosen] = useState<string[]>(visit?.subjectVisitIdList ?? []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const kio = useCentresOfType(researchId, 'Kio');
  const sites = useCentresOfType(researchId, 'Site');
  const testSites = useCentresOfType(researchId, 'TestSite');
  const employees = useCentreEmployees(centre);
  const [search, setSearch] = useState('');
  const subjects = useSubjectVisitChoices(researchId, useDebouncedValue(search.trim(), 300), mode === 'visits');
  const chosenSubjects = useChosenSubjectVisits(visit && !visit.siteId ? visit.id : null);
  const visits = useVisits(researchId, null);
  const { save } = usePlanMutations();

  // "S-001 · Визит 1 · 02.03.2026" for every visit seen: the search's, and the chosen ones of a visit being edited,
  // so that a chosen visit keeps its label whatever is searched next.
  const labelOf = useMemo(() => {
    const titles = new Map((visits.data ?? []).map((v) => [v.id, v.title]));
    const map = new Map<string, string>();
    for (const s of [...(chosenSubjects.data ?? []), ...(subjects.data?.data ?? [])])
      for (const sv of s.subjectVisitList)
        map.set(sv.id, `${s.screeningNumber} · ${titles.get(sv.visitId) ?? ''} · ${displayDate(sv.date)}`);
    return map;
  }, [subjects.data, chosenSubjects.data, visits.data]);
  const options = useMemo(
    () => (subjects.data?.data ?? []).flatMap((s) => s.subjectVisitList.map((sv) => sv.id)),
    [subjects.data],
  );
  const labels: Record<Field, string> = {
    startDate: t('monitoringVisits:settings.start'),
    endDate: t('monitoringVisits:settings.end'),
    researchOrganisationId: t('monitoringVisits:centre'),
    monitorList: t('monitoringVisits:monitors'),
    workDayStart: t('monitoringVisits:settings.workFrom'),
    workDayEnd: t('monitoringVisits:settings.workTo'),
    subjectVisitIdList: t('monitoringVisits:settings.visits'),
    siteId: t('monitoringVisits:settings.site'),
  };

  const submit = () => {
    const body: PlanBody = {
      startDate: fromLocalInput(start),
      endDate: fromLocalInput(end),
      researchOrganisationId: centre,
      monitorList: monitors,
      workDayStart: from,
      workDayEnd: to,
      subjectVisitIdList: mode === 'visits' ? chosen : [],
      siteId: mode === 'site' ? site || null : null,
    };
    const checked = validateMonitoringVisitPlan({ ...body, researchOrganisationId: centre || null });
    if (!checked.ok) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of checked.issues) {
        const field = issue.path as Field;
        next[field] ??= errorMessage(issue.code, lang, { field: labels[field] ?? field });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate({ id: visit?.id, version: visit?.version, body }, { onSuccess: onClose });
  };

  const err = (f: Field) => ({ error: Boolean(errors[f]), helperText: errors[f] });
  return (
    <FormDialog
      title={visit ? t('monitoringVisits:settings.editTitle') : t('monitoringVisits:settings.createTitle')}
      onClose={onClose}
      onSubmit={submit}
      saving={save.isPending}
      fullScreenOnPhone
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="datetime-local"
            label={labels.startDate}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
            {...err('startDate')}
          />
          <TextField
            type="datetime-local"
            label={labels.endDate}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
            {...err('endDate')}
          />
        </Stack>
        <TextField
          select
          label={labels.researchOrganisationId}
          value={centre}
          onChange={(e) => {
            setCentre(e.target.value);
            setMonitors([]);
          }}
          {...err('researchOrganisationId')}
        >
          {(kio.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {`${c.researchOrganisationNumber} — ${c.organisation.shortName}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={labels.monitorList}
          value={monitors}
          onChange={(e) =>
            setMonitors(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[]))
          }
          slotProps={{ select: { multiple: true } }}
          disabled={!centre}
          {...err('monitorList')}
        >
          {(employees.data ?? [])
            .filter((e) => e.hasAccess)
            .map((e) => (
              <MenuItem key={e.id} value={e.id}>
                {personFullName(e.user)}
              </MenuItem>
            ))}
        </TextField>
        <Stack direction="row" spacing={2}>
          <TextField
            type="time"
            label={labels.workDayStart}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
            fullWidth
            {...err('workDayStart')}
          />
          <TextField
            type="time"
            label={labels.workDayEnd}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
            fullWidth
            {...err('workDayEnd')}
          />
        </Stack>
        <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as 'visits' | 'site')}>
          <FormControlLabel value="visits" control={<Radio />} label={labels.subjectVisitIdList} />
          <FormControlLabel value="site" control={<Radio />} label={labels.siteId} />
        </RadioGroup>
        {mode === 'site' ? (
          <TextField select label={labels.siteId} value={site} onChange={(e) => setSite(e.target.value)} {...err('siteId')}>
            {[...(sites.data ?? []), ...(testSites.data ?? [])].map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {`${c.researchOrganisationNumber} — ${c.organisation.shortName}`}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Autocomplete
            multiple
            // Ids: the chosen ones stay chosen whatever the search shows; the server does the filtering.
            options={options}
            value={chosen}
            onChange={(_, v) => setChosen(v)}
            getOptionLabel={(id) => labelOf.get(id) ?? '…'}
            filterOptions={(ids) => ids}
            filterSelectedOptions
            inputValue={search}
            onInputChange={(_, value, reason) => {
              if (reason !== 'reset') setSearch(value);
            }}
            loading={subjects.isFetching || chosenSubjects.isLoading}
            renderInput={(params) => (
              <TextField
                {...params}
                label={labels.subjectVisitIdList}
                placeholder={t('monitoringVisits:settings.visitsSearch')}
                error={Boolean(errors.subjectVisitIdList ?? errors.siteId)}
                helperText={errors.subjectVisitIdList ?? errors.siteId}
              />
            )}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
