import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useUpdateOrganisation, type OrganisationInput } from './api';
import { Facts } from './components';
import { EditCardButton, EditInPlaceCard, useInPlaceEdit } from './components/EditInPlaceCard';
import { OrganisationDetailFields } from './components/OrganisationDetailFields';
import * as organisationDetails from './components/organisationDetails';

interface Details {
  id: string;
  name: string;
  shortName: string;
  address: string;
  inn?: string | null;
  kpp?: string | null;
}

/**
 * An organisation's details as a card; for those who may edit them (organizations_settings or its Admin or
 * Editor member) edited in place: Edit, then Save or Cancel. A save the server refuses brings the stored
 * values back and says why.
 */
export function OrganisationDetails({
  organisation,
  canEdit,
  children,
}: {
  organisation: Details;
  canEdit: boolean;
  /** More of the card under the details (such as "Make current"). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const update = useUpdateOrganisation();
  const edit = useInPlaceEdit<Record<organisationDetails.Key, string>>();
  const { draft, submitted } = edit;
  const stored = organisationDetails.valuesOf(organisation);
  const problem = (k: organisationDetails.Key) =>
    draft && submitted ? organisationDetails.problemText(t, k, organisationDetails.problemOf(draft, k)) : undefined;

  const save = () => {
    if (!draft) return;
    edit.markSubmitted();
    if (organisationDetails.KEYS.some((k) => organisationDetails.problemOf(draft, k))) return;
    const patch: Partial<OrganisationInput> = {};
    for (const k of organisationDetails.KEYS) {
      const v = draft[k].trim();
      if (v === stored[k]) continue;
      if (k === 'inn' || k === 'kpp') patch[k] = v || null;
      else patch[k] = v;
    }
    edit.saveChanges(patch, (callbacks) => update.mutate({ id: organisation.id, patch }, callbacks));
  };

  const label = organisationDetails.labelsOf(t);

  return (
    <EditInPlaceCard
      label={t('centres:organisations.details')}
      edit={edit}
      saving={update.isPending}
      onSave={save}
      fields={(draft) => (
        <OrganisationDetailFields
          input={(k) => (
            <TextField
              key={k}
              fullWidth
              margin="dense"
              label={label[k]}
              required={organisationDetails.isRequired(k)}
              multiline={k === 'address'}
              value={draft[k]}
              onChange={(e) => edit.setDraft({ ...draft, [k]: e.target.value })}
              error={Boolean(problem(k))}
              helperText={problem(k)}
              disabled={update.isPending}
            />
          )}
        />
      )}
    >
      <Facts items={organisationDetails.KEYS.map((k) => [label[k], stored[k]])} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: canEdit || children ? 2 : 0 }}>
        {canEdit && <EditCardButton onClick={() => edit.start(stored)}>{t('centres:organisations.editDetails')}</EditCardButton>}
        {children}
      </Box>
    </EditInPlaceCard>
  );
}
