import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkOff from '@mui/icons-material/LinkOff';
import { useTranslation } from 'react-i18next';
import type { FormField, SectionWithFields } from '../api';
import { DesignDialog, errorText } from '../components/common';
import { useDependencyMutations } from './dependencyApi';
import { ancestorIds, dependencyProblem, formFields, isSelectField } from './dependencyTree';

/** The parent's current dependent fields, grouped by the option that shows them; each can be detached. */
function CurrentChildren({
  parent,
  fields,
  complete,
  onDetach,
  pendingId,
}: {
  parent: FormField;
  fields: FormField[];
  complete: boolean;
  onDetach: (child: FormField) => void;
  pendingId: string | null;
}) {
  const { t } = useTranslation();
  const children = fields.filter((f) => f.parentFormFieldId === parent.id);
  if (children.length === 0) return <Typography color="text.secondary">{t('design:dependency.none')}</Typography>;
  const rules = [...parent.field.optionList, ...children.map((c) => c.parentVisibleRule ?? '')].filter(
    (r, i, list) => list.indexOf(r) === i && children.some((c) => (c.parentVisibleRule ?? '') === r),
  );
  return (
    <>
      {rules.map((rule) => {
        const label = t('design:dependency.group', { text: parent.text, rule });
        return (
          <Box key={rule} sx={{ mb: 1 }}>
            <Typography variant="subtitle2" aria-hidden>
              {label}
            </Typography>
            <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {children
                .filter((c) => (c.parentVisibleRule ?? '') === rule)
                .map((c) => (
                  <Box component="li" key={c.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 1 }}>
                    <Typography sx={{ flex: 1, overflowWrap: 'anywhere' }}>{c.text}</Typography>
                    {!complete && (
                      <IconButton
                        aria-label={t('design:dependency.detachOf', { text: c.text })}
                        onClick={() => onDetach(c)}
                        disabled={pendingId === c.id}
                      >
                        <LinkOff />
                      </IconButton>
                    )}
                  </Box>
                ))}
            </Box>
          </Box>
        );
      })}
    </>
  );
}

/**
 * Dependent fields of a Select field (spec section 4): for one of its options, other fields of the
 * form become its children (SetChildFormField) and are shown only when the parent has that value;
 * a child can be detached (CleanParentFormField). What the server would refuse is refused here first.
 */
export function DependentFieldsDialog({
  parent,
  sections,
  complete,
  onClose,
}: {
  parent: FormField | null;
  sections: SectionWithFields[];
  complete: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { setChildren, cleanParent } = useDependencyMutations();
  const [rule, setRule] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  if (!parent) return null;
  const fields = formFields(sections);
  const ancestors = ancestorIds(fields, parent.id);
  const close = () => {
    setRule('');
    setChosen([]);
    setProblem(null);
    setChildren.reset();
    cleanParent.reset();
    onClose();
  };
  const serverError = errorText(setChildren.error ?? cleanParent.error);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const p = dependencyProblem(fields, parent, rule, chosen);
    setProblem(p ? t(`design:dependency.problem.${p}`) : null);
    if (p) return;
    cleanParent.reset();
    setChildren.mutate(
      { parentId: parent.id, parentVisibleRule: rule, childFormFieldList: chosen },
      { onSuccess: () => setChosen([]) },
    );
  };
  const select = isSelectField(parent);
  return (
    <DesignDialog
      open
      onClose={close}
      maxWidth="md"
      title={t('design:dependency.title', { text: parent.text })}
      onSubmit={select && !complete ? submit : undefined}
      actions={
        <>
          <Button onClick={close}>{t('common:actions.close')}</Button>
          {select && !complete && (
            <Button type="submit" variant="contained" loading={setChildren.isPending}>
              {t('design:dependency.submit')}
            </Button>
          )}
        </>
      }
    >
      {serverError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {serverError}
        </Alert>
      )}
      {!select ? (
        <Alert severity="warning">{t('design:dependency.problem.parentNotSelect')}</Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('design:dependency.options', { options: parent.field.optionList.join(', ') })}
          </Typography>
          <CurrentChildren
            parent={parent}
            fields={fields}
            complete={complete}
            pendingId={cleanParent.isPending ? (cleanParent.variables ?? null) : null}
            onDetach={(c) => {
              setChildren.reset();
              cleanParent.mutate(c.id);
            }}
          />
          {!complete && (
            <>
              <Divider sx={{ my: 2 }} />
              <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                {t('design:dependency.add')}
              </Typography>
              <TextField
                select
                fullWidth
                margin="dense"
                required
                label={t('design:dependency.rule')}
                value={rule}
                onChange={(e) => setRule(e.target.value)}
                helperText={t('design:dependency.ruleHint')}
              >
                {parent.field.optionList.map((o) => (
                  <MenuItem key={o} value={o}>
                    {o}
                  </MenuItem>
                ))}
              </TextField>
              {sections.map((s) => {
                const candidates = s.formFieldList.filter((f) => f.id !== parent.id && !ancestors.has(f.id));
                if (candidates.length === 0) return null;
                return (
                  <Box key={s.id} component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
                    <Typography component="legend" variant="subtitle2">
                      {t('design:dependency.sectionFields', { name: s.sectionName })}
                    </Typography>
                    <FormGroup>
                      {candidates.map((f) => (
                        <FormControlLabel
                          key={f.id}
                          label={
                            f.parentFormField
                              ? `${f.text} (${t('design:dependency.parentValue', { text: f.parentFormField.text, rule: f.parentVisibleRule ?? '' })})`
                              : f.text
                          }
                          control={
                            <Checkbox
                              checked={chosen.includes(f.id)}
                              onChange={(e) => setChosen((c) => (e.target.checked ? [...c, f.id] : c.filter((x) => x !== f.id)))}
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                  </Box>
                );
              })}
              {problem && (
                <Typography color="error" role="alert" sx={{ mt: 1 }}>
                  {problem}
                </Typography>
              )}
            </>
          )}
        </>
      )}
    </DesignDialog>
  );
}
