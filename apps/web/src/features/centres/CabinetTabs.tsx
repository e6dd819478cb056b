import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Me } from '@edc/domain';
import { ApiError } from '../../shared/api/client';
import { useDeleteFormTemplate, useFormTemplates, type FormTemplate } from './api';
import { DataList, formatDate } from './components';
import { DeleteRowAction } from './components/RowActions';
import { useDeleteConfirmation } from './components/useDeleteConfirmation';
import { memberRights } from './OrganisationPage';
import { OrganisationUsersPanel } from './OrganisationUsersPanel';
import { ReferencesPanel } from './ReferencesPanel';

export { memberRights };

interface ResearchRow {
  id: string;
  protocol: string;
  status: string;
  centres: string[];
}

/** The researches the organisation takes part in, as far as the user's own employees show them. */
function researchesOf(me: Me | undefined, organisationId: string): ResearchRow[] {
  const rows = new Map<string, ResearchRow>();
  for (const e of me?.employees ?? []) {
    const ro = e.researchOrganisation;
    if (ro.organisation.id !== organisationId) continue;
    const row = rows.get(ro.research.id) ?? {
      id: ro.research.id,
      protocol: ro.research.grlsProtocolNumber,
      status: ro.research.statusString,
      centres: [],
    };
    const label = ro.researchOrganisationNumber;
    if (!row.centres.includes(label)) row.centres.push(label);
    rows.set(ro.research.id, row);
  }
  return [...rows.values()].sort((a, b) => a.protocol.localeCompare(b.protocol));
}

/** The cabinet's research list: protocol number, status, centres. */
export function CabinetResearches({ me, organisationId }: { me: Me | undefined; organisationId: string }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="cabinet-researches" sx={{ mt: 3 }}>
      <Typography variant="h2" id="cabinet-researches" sx={{ mb: 1 }}>
        {t('centres:cabinet.researches')}
      </Typography>
      <DataList
        label={t('centres:cabinet.researches')}
        rows={researchesOf(me, organisationId)}
        rowKey={(r) => r.id}
        isLoading={!me}
        isError={false}
        empty={t('centres:cabinet.noResearches')}
        columns={[
          { key: 'protocol', label: t('centres:cabinet.protocol'), render: (r) => r.protocol },
          {
            key: 'status',
            label: t('centres:cabinet.status'),
            render: (r) => t(`centres:researchStatus.${r.status}`, { defaultValue: r.status }),
          },
          { key: 'centres', label: t('centres:cabinet.centres'), render: (r) => r.centres.join(', ') },
        ]}
      />
    </Box>
  );
}

export function CabinetUsers({ me, organisationId }: { me: Me | undefined; organisationId: string }) {
  const rights = memberRights(me, organisationId);
  return <OrganisationUsersPanel organisationId={organisationId} canManage={rights.canManage} canAdd={rights.canAdd} />;
}

export function CabinetReferences({ organisationId }: { organisationId: string }) {
  return <ReferencesPanel owner={{ kind: 'organisation', id: organisationId }} />;
}

/**
 * The organisation's form templates (saved from complete forms in the form editor): title, form type,
 * size and date; deleting needs design_edit. The server shows an organisation's templates to its current
 * members and to the administration, so another organisation's list asks to make it current first.
 */
export function CabinetTemplates({ me, organisationId }: { me: Me | undefined; organisationId: string }) {
  const { t } = useTranslation();
  const templates = useFormTemplates(organisationId);
  const remove = useDeleteConfirmation<FormTemplate>(useDeleteFormTemplate());
  const canDelete = me?.permissions.includes('design_edit') ?? false;
  const forbidden = templates.error instanceof ApiError && templates.error.status === 403;

  return (
    <Box component="section" aria-labelledby="cabinet-templates">
      <Typography variant="h2" id="cabinet-templates" sx={{ mb: 1 }}>
        {t('centres:templates.title')}
      </Typography>
      {forbidden ? (
        <Alert severity="info">{t('centres:templates.notCurrent')}</Alert>
      ) : (
        <DataList
          label={t('centres:templates.title')}
          rows={templates.data}
          rowKey={(r) => r.id}
          isLoading={templates.isLoading}
          isError={templates.isError}
          onRetry={() => void templates.refetch()}
          empty={t('centres:templates.empty')}
          columns={[
            { key: 'title', label: t('centres:templates.name'), render: (r) => r.title },
            { key: 'type', label: t('centres:templates.formType'), render: (r) => r.formType.title },
            {
              key: 'size',
              label: t('centres:templates.size'),
              render: (r) => t('centres:templates.sizeValue', { sections: r.sectionCount, fields: r.fieldCount }),
            },
            { key: 'created', label: t('centres:templates.created'), render: (r) => formatDate(r.createdAt) },
          ]}
          actions={canDelete ? (r) => <DeleteRowAction subject={r.title} onClick={() => remove.ask(r)} /> : undefined}
        />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('centres:templates.hint')}
      </Typography>
      {remove.dialog}
    </Box>
  );
}
