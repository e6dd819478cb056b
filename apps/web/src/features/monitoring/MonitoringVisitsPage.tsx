import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MONITOR_TABS, monitorTabOf, type MonitorTab, type MonitoringVisit, type UnavailableReason } from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { currentEmployee, useMe } from '../identity/api';
import { useMyMonitoringVisits } from './api';
import { MonitoringVisitCard } from './MonitoringVisitCard';

/** The monitor's home (spec section 2): their monitoring visits in four tabs, each a list of cards. */
export default function MonitoringVisitsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const employeeId = currentEmployee(me.data)?.id ?? null;
  const visits = useMyMonitoringVisits(Boolean(me.data));
  const [tab, setTab] = useState<MonitorTab>('available');
  const grouped = useMemo(() => {
    const out = new Map<MonitorTab, { visit: MonitoringVisit; reason?: UnavailableReason }[]>(MONITOR_TABS.map((k) => [k, []]));
    for (const visit of visits.data?.data ?? []) {
      const { tab: k, reason } = monitorTabOf(visit, employeeId);
      out.get(k)!.push({ visit, reason });
    }
    return out;
  }, [visits.data, employeeId]);
  const list = grouped.get(tab)!;

  let content;
  if (visits.isPending) content = <Loading />;
  else if (visits.isError)
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void visits.refetch()}>
            {t('monitoringVisits:retry')}
          </Button>
        }
      >
        {t('monitoringVisits:loadError')}
      </Alert>
    );
  else if (list.length === 0) content = <Typography color="text.secondary">{t('monitoringVisits:noVisits')}</Typography>;
  else
    content = (
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
        {list.map(({ visit, reason }) => (
          <MonitoringVisitCard key={visit.id} visit={visit} tab={tab} reason={reason} />
        ))}
      </Stack>
    );

  return (
    <Box>
      <PageTitle>{t('monitoringVisits:pageTitle')}</PageTitle>
      <Tabs
        value={tab}
        onChange={(_, v: MonitorTab) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {MONITOR_TABS.map((k) => (
          <Tab key={k} value={k} label={`${t(`monitoringVisits:tabs.${k}`)} (${grouped.get(k)!.length})`} />
        ))}
      </Tabs>
      {content}
    </Box>
  );
}
