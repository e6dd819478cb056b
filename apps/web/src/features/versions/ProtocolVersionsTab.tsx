import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '@edc/domain';
import { QueryBlock } from '../design/components/common';
import { ResponsiveList, visuallyHidden, type Column } from '../design/components/ResponsiveList';
import { useProtocolVersions, type ProtocolVersion } from './api';
import { ProtocolVersionDialog } from './ProtocolVersionDialog';

/** Protocol versions of a research (spec section 3: number and date), by date; create and edit. */
export function ProtocolVersionsTab({ researchId, canEdit }: { researchId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const versions = useProtocolVersions(researchId);
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const list = versions.data ?? [];
  const editing = list.find((v) => v.id === editingId);

  const columns: Column<ProtocolVersion>[] = [
    {
      key: 'number',
      header: t('versions:protocol.number'),
      primary: true,
      render: (v) => (
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {v.protocolVersionNumber}
        </Typography>
      ),
    },
    { key: 'date', header: t('versions:protocol.date'), primary: true, render: (v) => formatDisplayDate(v.protocolVersionDate) },
  ];
  const actions = (v: ProtocolVersion) => (
    <Tooltip title={t('versions:actions.edit')}>
      <IconButton
        aria-label={t('versions:protocol.editOf', { number: v.protocolVersionNumber })}
        onClick={() => setEditingId(v.id)}
      >
        <EditOutlined />
      </IconButton>
    </Tooltip>
  );

  return (
    <>
      <Typography variant="h2" sx={visuallyHidden}>
        {t('versions:protocol.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        {canEdit && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('versions:protocol.create')}
          </Button>
        )}
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
        <QueryBlock
          query={versions}
          errorText={t('versions:errors.protocol')}
          empty={list.length === 0}
          emptyText={t('versions:protocol.empty')}
        >
          <ResponsiveList
            label={t('versions:protocol.title')}
            testId="protocol-version"
            rows={list}
            getId={(v) => v.id}
            rowLabel={(v) => v.protocolVersionNumber}
            columns={columns}
            actions={canEdit ? actions : undefined}
          />
        </QueryBlock>
      </Paper>
      {creating && <ProtocolVersionDialog researchId={researchId} onClose={() => setCreating(false)} />}
      {editing && <ProtocolVersionDialog researchId={researchId} version={editing} onClose={() => setEditingId(null)} />}
    </>
  );
}
