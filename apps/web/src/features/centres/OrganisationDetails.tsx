import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { inn as innSchema, kpp as kppSchema } from '@edc/domain';
import { useUpdateOrganisation, type OrganisationInput } from './api';
import { Facts, FieldPair, SaveFailed } from './components';

interface Details {
  id: string;
  name: string;
  shortName: string;
  address: string;
  inn?: string | null;
  kpp?: string | null;
}

type Key = keyof OrganisationInput;
const KEYS: Key[] = ['name', 'shortName', 'address', 'inn', 'kpp'];
const REQUIRED: Key[] = ['name', 'shortName', 'address'];

const stored = (o: Details): Record<Key, string> => ({
  name: o.name,
  shortName: o.shortName,
  address: o.address,
  inn: o.inn ?? '',
  kpp: o.kpp ?? '',
});

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
  const [draft, setDraft] = useState<Record<Key, string> | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const problemOf = (values: Record<Key, string>, k: Key): string | undefined => {
    const v = values[k].trim();
    if (REQUIRED.includes(k)) return v ? undefined : t('common:validation.required');
    if (!v) return undefined;
    if (k === 'inn' && !innSchema.safeParse(v).success) return t('centres:organisations.innInvalid');
    if (k === 'kpp' && !kppSchema.safeParse(v).success) return t('centres:organisations.kppInvalid');
    return undefined;
  };
  const problem = (k: Key) => (draft && submitted ? problemOf(draft, k) : undefined);

  const save = () => {
    if (!draft) return;
    setSubmitted(true);
    if (KEYS.some((k) => problemOf(draft, k))) return;
    const before = stored(organisation);
    const patch: Partial<OrganisationInput> = {};
    for (const k of KEYS) {
      const v = draft[k].trim();
      if (v === before[k]) continue;
      if (k === 'inn' || k === 'kpp') patch[k] = v || null;
      else patch[k] = v;
    }
    if (Object.keys(patch).length === 0) {
      setDraft(null);
      return;
    }
    update.mutate(
      { id: organisation.id, patch },
      {
        onSuccess: () => setDraft(null),
        // The previous values come back (the card shows what is stored) with the server's reasons.
        onError: (e) => {
          setDraft(null);
          setFailure(e);
        },
      },
    );
  };

  const label: Record<Key, string> = {
    name: t('identity:organisation.name'),
    shortName: t('identity:organisation.shortName'),
    address: t('identity:organisation.address'),
    inn: t('centres:organisations.inn'),
    kpp: t('centres:organisations.kpp'),
  };
  const input = (k: Key) => (
    <TextField
      key={k}
      fullWidth
      margin="dense"
      label={label[k]}
      required={REQUIRED.includes(k)}
      multiline={k === 'address'}
      value={draft?.[k] ?? ''}
      onChange={(e) => draft && setDraft({ ...draft, [k]: e.target.value })}
      error={Boolean(problem(k))}
      helperText={problem(k)}
      disabled={update.isPending}
    />
  );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('centres:organisations.details')}
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
          {input('name')}
          {input('shortName')}
          {input('address')}
          <FieldPair>
            {input('inn')}
            {input('kpp')}
          </FieldPair>
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
          <Facts items={KEYS.map((k) => [label[k], stored(organisation)[k]])} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: canEdit || children ? 2 : 0 }}>
            {canEdit && (
              <Button
                variant="outlined"
                startIcon={<EditOutlined />}
                onClick={() => {
                  setFailure(null);
                  setSubmitted(false);
                  setDraft(stored(organisation));
                }}
              >
                {t('centres:organisations.editDetails')}
              </Button>
            )}
            {children}
          </Box>
        </>
      )}
    </Paper>
  );
}
