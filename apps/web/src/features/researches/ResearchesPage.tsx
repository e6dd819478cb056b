import './i18n';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { ResearchStatus } from '@edc/domain';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { formatDate, Pager, Toolbar } from '../centres/components';
import { QueryState } from '../design/components/common';
import { ResponsiveList } from '../design/components/ResponsiveList';
import { createdOn, useResearchesPage, type ResearchRead } from './api';
import { useResearchAccess } from './access';
import { ConfirmResearchAction, IwrsCheckbox, ResearchRowActions, type PendingAction } from './ResearchActions';
import { CreateResearchDialog } from './CreateResearchDialog';
import { ResearchInfoDialog } from './ResearchInfoDialog';

const STATUS_COLOUR: Record<ResearchStatus, ChipProps['color']> = {
  Current: 'success',
  Locked: 'warning',
  Archived: 'default',
  Deleted: 'error',
};

function StatusChip({ status }: { status: ResearchStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={STATUS_COLOUR[status]} label={t(`centres:researchStatus.${status}`)} />;
}

/** /researches (spec section 2, "Researches list"): administration of all researches, server-paged. */
export default function ResearchesPage() {
  const { t } = useTranslation();
  const access = useResearchAccess();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const list = useResearchesPage({ ...paging, search: debounced || undefined });
  const [creating, setCreating] = useState(false);
  const [info, setInfo] = useState<ResearchRead | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const rows = list.data?.data ?? [];

  if (access.loaded && !access.manage)
    return (
      <>
        <PageTitle>{t('researches:title')}</PageTitle>
        <Alert severity="warning">{t('centres:noRights')}</Alert>
      </>
    );

  return (
    <>
      <Toolbar>
        <Box sx={{ flex: 1 }}>
          <PageTitle>{t('researches:title')}</PageTitle>
        </Box>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
          {t('researches:create')}
        </Button>
      </Toolbar>
      <TextField
        type="search"
        size="small"
        label={t('researches:search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      {/* A bordered panel around the table; the phone's cards have borders of their own. */}
      <Paper variant="outlined" sx={{ borderWidth: { xs: 0, md: 1 }, bgcolor: { xs: 'transparent', md: 'background.paper' } }}>
        <QueryState
          loading={list.isLoading}
          error={list.isError && !list.data}
          errorText={t('researches:loadFailed')}
          onRetry={() => void list.refetch()}
          empty={rows.length === 0}
          emptyText={t(debounced ? 'researches:nothingFound' : 'researches:empty')}
        >
          <ResponsiveList
            label={t('researches:list')}
            testId="research"
            rows={rows}
            getId={(r) => r.id}
            rowLabel={(r) => r.grlsProtocolNumber}
            columns={[
              {
                key: 'number',
                header: t('researches:field.grlsProtocolNumber'),
                primary: true,
                render: (r) => <Box sx={{ fontWeight: 500 }}>{r.grlsProtocolNumber}</Box>,
              },
              { key: 'mnn', header: t('researches:field.mnn'), render: (r) => r.mnn || '—' },
              { key: 'version', header: t('researches:field.protocolVersion'), render: (r) => r.protocolVersion || '—' },
              { key: 'created', header: t('researches:column.createdAt'), render: (r) => formatDate(createdOn(r)) || '—' },
              {
                key: 'iwrs',
                header: t('researches:column.withIwrs'),
                render: (r) => <IwrsCheckbox research={r} manage={access.manage} onAction={setPending} />,
              },
              {
                key: 'status',
                header: t('researches:field.statusString'),
                primary: true,
                render: (r) => <StatusChip status={r.statusString} />,
              },
            ]}
            actions={(r) => (
              <ResearchRowActions research={r} manage={access.manage} onInfo={() => setInfo(r)} onAction={setPending} />
            )}
          />
        </QueryState>
      </Paper>
      {list.data && list.data.totalCount > 0 && (
        <Pager
          page={paging.page}
          pageSize={paging.pageSize}
          total={list.data.totalCount}
          onChange={(page, pageSize) => setPaging({ page, pageSize })}
        />
      )}
      {creating && <CreateResearchDialog onClose={() => setCreating(false)} onCreated={() => setCreating(false)} />}
      {info && <ResearchInfoDialog research={info} onClose={() => setInfo(null)} />}
      <ConfirmResearchAction pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
