import './i18n';
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { useTranslation } from 'react-i18next';
import { RULE_TYPES, type RuleReply } from '@edc/domain';
import { PageTitle } from '../../shared/components/PageTitle';
import { Pager, useIsMobile } from '../centres/components';
import { useForms, useSections, useVisits } from '../design/api';
import { QueryState } from '../design/components/common';
import { ResponsiveList } from '../design/components/ResponsiveList';
import { useRulesAccess } from './access';
import { useRulesPage } from './api';
import { RuleRowActions } from './FieldRulesDialog';
import { activeFilterCount, apiQuery, useRulesFilter, useSearchInput, type RulesFilter } from './filterState';
import { centreLabel, ClampedText, ExpressionCell, RuleChain, ValidatedChip } from './parts';
import { RuleDialog } from './RuleDialog';
import { RuleTestDialog } from './RuleTestDialog';
import { RuleQaNoteButton } from '../qa-validation/RuleQaNoteButton';

/** The value a select shows: the chosen id while its list loads or when the list has it, none for an unknown id. */
const shown = (value: string, list: ReadonlyArray<{ id: string }> | undefined) =>
  !value || !list || list.some((x) => x.id === value) ? value : '';

/** A select whose empty choice ("All") is shown as a value. */
const emptyShown = { select: { displayEmpty: true }, inputLabel: { shrink: true } };

/** Keeps a chosen id selectable while its list loads. */
const holder = (value: string, list: unknown) => value && !list && <MenuItem value={value} sx={{ display: 'none' }} />;

/** The design chain: visit, form, section, field; each narrows to the choice before it (the design API's lists). */
function ChainFilters({
  filter,
  update,
  researchId,
}: {
  filter: RulesFilter;
  update: (patch: Partial<RulesFilter>) => void;
  researchId: string | null;
}) {
  const { t } = useTranslation();
  const visits = useVisits(researchId, null);
  const forms = useForms(filter.visitId || undefined);
  const sections = useSections(filter.formId || undefined);
  const section = sections.data?.find((s) => s.id === filter.formSectionId);
  const fieldSections = section ? [section] : (sections.data ?? []);
  const fields = fieldSections.flatMap((s) => s.formFieldList);
  const menu = {
    select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 420, maxWidth: 480 } } } } },
    inputLabel: { shrink: true },
  };
  return (
    <>
      <TextField
        size="small"
        margin="none"
        select
        label={t('rules:filters.visit')}
        value={shown(filter.visitId, visits.data)}
        onChange={(e) => update({ visitId: e.target.value, formId: '', formSectionId: '', formFieldId: '' })}
        slotProps={menu}
      >
        <MenuItem value="">{t('rules:filters.all')}</MenuItem>
        {(visits.data ?? []).map((v) => (
          <MenuItem key={v.id} value={v.id}>
            {v.title}
          </MenuItem>
        ))}
        {holder(filter.visitId, visits.data)}
      </TextField>
      <TextField
        size="small"
        margin="none"
        select
        label={t('rules:filters.form')}
        disabled={!filter.visitId}
        value={shown(filter.formId, forms.data)}
        onChange={(e) => update({ formId: e.target.value, formSectionId: '', formFieldId: '' })}
        slotProps={menu}
      >
        <MenuItem value="">{t('rules:filters.all')}</MenuItem>
        {(forms.data ?? []).map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.title}
          </MenuItem>
        ))}
        {holder(filter.formId, forms.data)}
      </TextField>
      <TextField
        size="small"
        margin="none"
        select
        label={t('rules:filters.section')}
        disabled={!filter.formId}
        value={shown(filter.formSectionId, sections.data)}
        onChange={(e) => update({ formSectionId: e.target.value, formFieldId: '' })}
        slotProps={menu}
      >
        <MenuItem value="">{t('rules:filters.all')}</MenuItem>
        {(sections.data ?? []).map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.sectionName}
          </MenuItem>
        ))}
        {holder(filter.formSectionId, sections.data)}
      </TextField>
      <TextField
        size="small"
        margin="none"
        select
        label={t('rules:filters.field')}
        disabled={!filter.formId}
        value={shown(filter.formFieldId, sections.data ? fields : undefined)}
        onChange={(e) => update({ formFieldId: e.target.value })}
        slotProps={menu}
      >
        <MenuItem value="">{t('rules:filters.all')}</MenuItem>
        {fieldSections.flatMap((s) =>
          s.formFieldList.length === 0
            ? []
            : [
                ...(section ? [] : [<ListSubheader key={`s-${s.id}`}>{s.sectionName}</ListSubheader>]),
                ...s.formFieldList.map((f) => (
                  <MenuItem key={f.id} value={f.id} sx={{ whiteSpace: 'normal' }}>
                    {f.text}
                  </MenuItem>
                )),
              ],
        )}
        {holder(filter.formFieldId, sections.data)}
      </TextField>
    </>
  );
}

/**
 * /rules (spec section 2, "Rules dialogs"; sections 6 and 9): the research's rules in a server-paged grid
 * (10 per page by default; cards on a phone) with the chain visit / form / section / field, filtered by the
 * chain, the type, the validated flag and a search (500 ms after the last key), all kept in the address. A row
 * opens the rule: admin edits it, admin and QA test it, QA validates it, site and test-site staff read it.
 */
export default function RulesPage() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const access = useRulesAccess();
  const [filter, update] = useRulesFilter();
  const search = useSearchInput(filter, update);
  const list = useRulesPage(apiQuery(filter, access.researchId), access.view);
  const [testing, setTesting] = useState<RuleReply | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const rows = list.data?.data ?? [];
  const total = list.data?.totalCount ?? 0;
  const active = activeFilterCount(filter);

  // A page past the end (an old address, or fewer rules since): the last page that has rules.
  const lastPage = Math.max(1, Math.ceil(total / filter.pageSize));
  const pastTheEnd = Boolean(list.data) && !list.isPlaceholderData && filter.page > lastPage && total > 0;
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage });
  }, [pastTheEnd, lastPage, update]);

  if (access.loaded && !access.view)
    return (
      <>
        <PageTitle>{t('rules:title')}</PageTitle>
        <Alert severity="warning">{t('rules:noRights')}</Alert>
      </>
    );

  const placeholder = rows.find((r) => r.id === filter.ruleId);
  const filters = (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        mb: 2,
      }}
      role="search"
      aria-label={t('rules:filters.label')}
    >
      <ChainFilters filter={filter} update={update} researchId={access.researchId} />
      <TextField
        size="small"
        margin="none"
        select
        label={t('rules:column.type')}
        value={filter.ruleTypeString}
        slotProps={emptyShown}
        onChange={(e) => update({ ruleTypeString: e.target.value as RulesFilter['ruleTypeString'] })}
      >
        <MenuItem value="">{t('rules:filters.all')}</MenuItem>
        {RULE_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`rules:type.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        margin="none"
        select
        label={t('rules:column.validated')}
        value={filter.isValidate}
        slotProps={emptyShown}
        onChange={(e) => update({ isValidate: e.target.value as RulesFilter['isValidate'] })}
      >
        <MenuItem value="">{t('rules:filters.all')}</MenuItem>
        <MenuItem value="true">{t('rules:validated')}</MenuItem>
        <MenuItem value="false">{t('rules:notValidated')}</MenuItem>
      </TextField>
      <TextField
        size="small"
        margin="none"
        type="search"
        label={t('rules:filters.search')}
        value={search.typed}
        onChange={(e) => search.setTyped(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ gridColumn: { md: 'span 2' } }}
      />
    </Box>
  );

  return (
    <Box>
      <PageTitle>{t('rules:title')}</PageTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        {mobile && (
          <Button
            variant="outlined"
            startIcon={
              <Badge badgeContent={active} color="primary">
                <FilterListOutlined />
              </Badge>
            }
            aria-expanded={filtersOpen}
            aria-controls="rules-filters"
            onClick={() => setFiltersOpen((o) => !o)}
          >
            {t('rules:filters.title')}
          </Button>
        )}
        {active > 0 && (
          <Button
            startIcon={<FilterAltOffOutlined />}
            onClick={() => {
              search.reset();
              update({
                visitId: '',
                formId: '',
                formSectionId: '',
                formFieldId: '',
                ruleTypeString: '',
                isValidate: '',
                search: '',
              });
            }}
          >
            {t('rules:filters.clear')}
          </Button>
        )}
      </Box>
      {mobile ? (
        <Collapse in={filtersOpen} id="rules-filters">
          {filters}
        </Collapse>
      ) : (
        filters
      )}
      <Box sx={{ position: 'relative' }} aria-busy={list.isFetching}>
        {list.isFetching && !list.isPending && (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }} />
        )}
        <Paper
          variant="outlined"
          sx={{ borderWidth: { xs: 0, md: 1 }, bgcolor: { xs: 'transparent', md: 'background.paper' } }}
          data-testid="rules-result"
        >
          <QueryState
            loading={list.isLoading}
            error={list.isError && !list.data}
            errorText={t('rules:loadError')}
            onRetry={() => void list.refetch()}
            empty={rows.length === 0}
            emptyText={t('rules:empty')}
          >
            <ResponsiveList<RuleReply>
              label={t('rules:list')}
              testId="rule"
              rows={rows}
              getId={(r) => r.id}
              rowLabel={(r) => `${r.formFieldChain.formField.text}: ${r.expression}`}
              onSelect={(r) => update({ ruleId: r.id })}
              selectedId={filter.ruleId || null}
              columns={[
                {
                  key: 'chain',
                  header: t('rules:column.chain'),
                  primary: true,
                  width: '22%',
                  render: (r) => <RuleChain rule={r} />,
                },
                {
                  key: 'type',
                  header: t('rules:column.type'),
                  primary: true,
                  render: (r) => <Box sx={{ typography: 'body2' }}>{t(`rules:type.${r.ruleTypeString}`)}</Box>,
                },
                {
                  key: 'expression',
                  header: t('rules:column.expression'),
                  primary: true,
                  width: '28%',
                  render: (r) => <ExpressionCell expression={r.expression} />,
                },
                { key: 'message', header: t('rules:column.message'), render: (r) => <ClampedText text={r.message} /> },
                { key: 'centre', header: t('rules:column.centre'), render: (r) => centreLabel(r, t) },
                {
                  key: 'validated',
                  header: t('rules:column.validated'),
                  primary: true,
                  render: (r) => <ValidatedChip validated={r.isValidate} />,
                },
              ]}
              actions={(r) => (
                <>
                  <RuleRowActions
                    rule={r}
                    canTest={access.test}
                    onOpen={() => update({ ruleId: r.id })}
                    onTest={() => setTesting(r)}
                  />
                  {access.validate && <RuleQaNoteButton rule={r} researchId={access.researchId} />}
                </>
              )}
            />
          </QueryState>
        </Paper>
      </Box>
      {!list.isError && total > 0 && (
        <Pager
          page={Math.min(filter.page, lastPage)}
          pageSize={filter.pageSize}
          total={total}
          onChange={(page, pageSize) => update({ page, pageSize })}
        />
      )}
      <RuleDialog
        key={filter.ruleId}
        target={filter.ruleId ? { kind: 'open', ruleId: filter.ruleId, placeholder } : null}
        onClose={() => update({ ruleId: '' })}
      />
      {testing && <RuleTestDialog ruleId={testing.id} placeholder={testing} onClose={() => setTesting(null)} />}
    </Box>
  );
}
