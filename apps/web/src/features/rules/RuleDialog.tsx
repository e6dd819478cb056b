import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RULE_TYPES, rules, type RuleInput, type RuleReply, type RuleType } from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { errorMessages, SaveFailed } from '../centres/components';
import { useSubjectCentres } from '../centres/api';
import { useSections } from '../design/api';
import { ConfirmDialog, InfoRow } from '../design/components/common';
import { useRulesAccess } from './access';
import { useRule, useRuleMutations } from './api';
import { ExpressionEditor, ExpressionView } from './editor/ExpressionEditor';
import { centreLabel, DialogButtons, RuleChain, RulesDialog, ValidatedChip } from './parts';
import { expectedResult, formRuleFields, needsMessage, type FormRuleFields } from './ruleFields';
import { RuleTestDialog } from './RuleTestDialog';

/** What the rule dialog shows: a new rule of a field, or a stored rule. */
export type RuleDialogTarget =
  | { kind: 'create'; formFieldId: string; formId: string; researchId: string; fieldText: string }
  | { kind: 'open'; ruleId: string; placeholder?: RuleReply };

interface RuleValues {
  ruleTypeString: RuleType;
  message: string;
  expression: string;
  /** '' is the whole research. */
  researchOrganisationId: string;
}

const fromRule = (r: RuleReply): RuleValues => ({
  ruleTypeString: r.ruleTypeString,
  message: r.message ?? '',
  expression: r.expression,
  researchOrganisationId: r.researchOrganisationId ?? '',
});
const EMPTY: RuleValues = { ruleTypeString: 'NoteAction', message: '', expression: '', researchOrganisationId: '' };

/**
 * A rule's dialog (spec section 2 "Rules dialogs": create rule, rule details/edit): admin edits it (type,
 * message, expression, centre) and deletes it; everyone who may see rules reads it; admin and QA open its
 * test, QA validates there. `target` null: closed.
 */
export function RuleDialog({ target, onClose }: { target: RuleDialogTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ruleId = target?.kind === 'open' ? target.ruleId : null;
  const rule = useRule(ruleId, target?.kind === 'open' ? target.placeholder : undefined);
  const formId = target?.kind === 'create' ? target.formId : rule.data?.formFieldChain.form.id;
  const sections = useSections(formId);
  const fields = useMemo(() => formRuleFields(sections.data), [sections.data]);
  const access = useRulesAccess();
  const [testing, setTesting] = useState(false);

  if (!target) return null;
  const title = target.kind === 'create' ? t('rules:form.createTitle') : t('rules:form.title');
  const subtitle =
    target.kind === 'create' ? t('rules:form.ofField', { text: target.fieldText }) : rule.data && <RuleChain rule={rule.data} />;

  if (target.kind === 'open' && !rule.data)
    return (
      <RulesDialog open onClose={onClose} title={title} testId="rule-dialog">
        {rule.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void rule.refetch()}>
                {t('common:actions.retry')}
              </Button>
            }
          >
            {t('rules:loadOneError')}
          </Alert>
        ) : (
          <Loading />
        )}
      </RulesDialog>
    );

  const stored = target.kind === 'open' ? rule.data : undefined;
  return (
    <>
      {access.edit ? (
        <RuleForm
          key={stored?.id ?? 'new'}
          title={title}
          subtitle={subtitle}
          stored={stored}
          formFieldId={target.kind === 'create' ? target.formFieldId : stored!.formFieldId}
          researchId={target.kind === 'create' ? target.researchId : stored!.researchId}
          fields={fields}
          fieldsLoading={sections.isLoading}
          onClose={onClose}
          onTest={() => setTesting(true)}
        />
      ) : (
        stored && (
          <RuleView
            title={title}
            subtitle={subtitle}
            rule={stored}
            fields={fields}
            canTest={access.test}
            onClose={onClose}
            onTest={() => setTesting(true)}
          />
        )
      )}
      {testing && stored && (
        <RuleTestDialog ruleId={stored.id} placeholder={stored} fields={fields} onClose={() => setTesting(false)} />
      )}
    </>
  );
}

/** The last test's outcome (the server's words, in the user's language). */
function LastResult({ rule }: { rule: RuleReply }) {
  const { t } = useTranslation();
  if (!rule.result) return null;
  return <InfoRow label={t('rules:form.lastResult')}>{rule.result}</InfoRow>;
}

/** A rule read only: site and test-site staff, and QA (who tests and validates it). */
function RuleView({
  title,
  subtitle,
  rule,
  fields,
  canTest,
  onClose,
  onTest,
}: {
  title: string;
  subtitle: React.ReactNode;
  rule: RuleReply;
  fields: FormRuleFields;
  canTest: boolean;
  onClose: () => void;
  onTest: () => void;
}) {
  const { t } = useTranslation();
  const access = useRulesAccess();
  const { toggleValidate } = useRuleMutations();
  return (
    <RulesDialog
      open
      onClose={onClose}
      title={title}
      subtitle={subtitle}
      testId="rule-dialog"
      actions={
        <DialogButtons
          start={
            <>
              {canTest && (
                <Button startIcon={<ScienceOutlined />} onClick={onTest}>
                  {t('rules:actions.test')}
                </Button>
              )}
              {access.validate && rule.isValidate && (
                <Button color="warning" loading={toggleValidate.isPending} onClick={() => toggleValidate.mutate(rule)}>
                  {t('rules:actions.unvalidate')}
                </Button>
              )}
            </>
          }
          end={
            <Button variant="contained" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
          }
        />
      }
    >
      {toggleValidate.error && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => toggleValidate.reset()}>
          <Box sx={{ fontWeight: 500 }}>{t('rules:validateFailed')}</Box>
          {errorMessages(toggleValidate.error).join(' ')}
        </Alert>
      )}
      <Box component="dl" sx={{ m: 0 }}>
        <InfoRow label={t('rules:column.type')}>{t(`rules:type.${rule.ruleTypeString}`)}</InfoRow>
        <InfoRow label={t('rules:column.expression')}>
          <ExpressionView expression={rule.expression} fields={fields} />
        </InfoRow>
        <InfoRow label={t('rules:column.message')}>{rule.message || '—'}</InfoRow>
        <InfoRow label={t('rules:column.centre')}>{centreLabel(rule, t)}</InfoRow>
        <InfoRow label={t('rules:column.validated')}>
          <ValidatedChip validated={rule.isValidate} />
        </InfoRow>
        <LastResult rule={rule} />
      </Box>
    </RulesDialog>
  );
}

/** The message: required for a note and an e-mail (its label says so as the type changes). */
function MessageField({ control }: { control: Control<RuleValues> }) {
  const { t } = useTranslation();
  const type = useWatch({ control, name: 'ruleTypeString' });
  const required = needsMessage(type);
  return (
    <Controller
      name="message"
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          label={t('rules:column.message')}
          required={required}
          fullWidth
          margin="dense"
          multiline
          minRows={1}
          maxRows={6}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? t(required ? `rules:form.messageHint.${type}` : 'rules:form.messageOptional')}
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'rule-message' } }}
        />
      )}
    />
  );
}

/** The expression with its live check: the result it must give follows the type (and the field's type). */
function ExpressionField({
  control,
  fields,
  targetType,
  submitted,
  onSave,
}: {
  control: Control<RuleValues>;
  fields: FormRuleFields;
  targetType: Parameters<typeof expectedResult>[1];
  submitted: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  const type = useWatch({ control, name: 'ruleTypeString' });
  const expected = useMemo(() => expectedResult(type, targetType), [type, targetType]);
  return (
    <Controller
      name="expression"
      control={control}
      render={({ field }) => (
        <ExpressionEditor
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          fields={fields}
          expected={expected}
          submitted={submitted}
          onSave={onSave}
          label={t('rules:column.expression')}
          required
        />
      )}
    />
  );
}

/** Create or edit a rule (admin). A failed edit puts the stored values back and shows the server's reasons. */
function RuleForm({
  title,
  subtitle,
  stored,
  formFieldId,
  researchId,
  fields,
  fieldsLoading,
  onClose,
  onTest,
}: {
  title: string;
  subtitle: React.ReactNode;
  stored: RuleReply | undefined;
  formFieldId: string;
  researchId: string;
  fields: FormRuleFields;
  fieldsLoading: boolean;
  onClose: () => void;
  onTest: () => void;
}) {
  const { t } = useTranslation();
  const { create, update, remove } = useRuleMutations();
  const centres = useSubjectCentres(researchId);
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [deleting, setDeleting] = useState(false);
  const { control, handleSubmit, reset, setError, setFocus, formState } = useForm<RuleValues>({
    defaultValues: stored ? fromRule(stored) : EMPTY,
  });
  const target = fields.byId.get(formFieldId);
  const pending = create.isPending || update.isPending;

  // The stored rule changed on the server's word (a save): the form shows it, unless being edited.
  const storedStamp = stored?.updatedAt;
  useEffect(() => {
    if (stored && !formState.isDirty) reset(fromRule(stored));
    // Only a new version of the stored rule resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedStamp]);

  const submit = handleSubmit((values) => {
    setFailure(null);
    let valid = true;
    if (needsMessage(values.ruleTypeString) && values.message.trim() === '') {
      setError('message', { message: t('rules:form.messageRequired') });
      valid = false;
    }
    if (values.ruleTypeString === 'InsertAction' && target?.fieldType === 'File') {
      setError('ruleTypeString', { message: t('rules:form.fileTarget') });
      valid = false;
    }
    const check = rules.checkRule(values.expression, fields.fields, expectedResult(values.ruleTypeString, target?.fieldType));
    if (!check.ok) {
      setError('expression', { message: t('rules:form.fixExpression') });
      if (valid) setFocus('expression');
      valid = false;
    }
    if (!valid || !check.ok) return;
    const body: RuleInput = {
      ruleTypeString: values.ruleTypeString,
      message: values.message.trim() || null,
      expression: values.expression.trim(),
      formFieldId,
      researchOrganisationId: values.researchOrganisationId || null,
      relatedFormFieldCodes: check.relatedFieldCodes,
    };
    if (stored)
      update.mutate(
        { id: stored.id, body },
        {
          onSuccess: (saved) => {
            reset(fromRule(saved));
            onClose();
          },
          onError: (e) => {
            // Spec section 4: a failed update restores the stored values.
            reset(fromRule(stored));
            setFailure(e);
          },
        },
      );
    else create.mutate(body, { onSuccess: onClose, onError: setFailure });
  });

  // Every Site and TestSite centre of the research, page after page: a large trial has hundreds.
  const centreOptions = centres.data ?? [];
  const storedCentreMissing =
    stored?.researchOrganisationId && !centreOptions.some((c) => c.id === stored.researchOrganisationId);

  return (
    <RulesDialog
      open
      onClose={onClose}
      busy={pending}
      title={title}
      subtitle={subtitle}
      onSubmit={() => void submit()}
      formRef={formRef}
      testId="rule-dialog"
      actions={
        <DialogButtons
          start={
            stored && (
              <>
                <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDeleting(true)} disabled={pending}>
                  {t('rules:actions.delete')}
                </Button>
                <Tooltip title={formState.isDirty ? t('rules:form.saveBeforeTest') : ''}>
                  <span>
                    <Button startIcon={<ScienceOutlined />} onClick={onTest} disabled={pending || formState.isDirty}>
                      {t('rules:actions.test')}
                    </Button>
                  </span>
                </Tooltip>
              </>
            )
          }
          end={
            <>
              <Button onClick={onClose} disabled={pending}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={pending} disabled={fieldsLoading}>
                {stored ? t('common:actions.save') : t('rules:actions.create')}
              </Button>
            </>
          }
        />
      }
    >
      {failure !== null && <SaveFailed error={failure} restored={Boolean(stored)} onClose={() => setFailure(null)} />}
      {stored && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
          <ValidatedChip validated={stored.isValidate} />
          {stored.isValidate && (
            <Box sx={{ typography: 'body2', color: 'text.secondary' }}>{t('rules:form.editCancelsValidation')}</Box>
          )}
        </Box>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <Controller
          name="ruleTypeString"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              select
              label={t('rules:column.type')}
              required
              fullWidth
              margin="dense"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t(`rules:typeHint.${field.value}`)}
              slotProps={{ htmlInput: { 'data-testid': 'rule-type' } }}
            >
              {RULE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`rules:type.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="researchOrganisationId"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              select
              label={t('rules:column.centre')}
              fullWidth
              margin="dense"
              helperText={centres.isError ? t('rules:form.centresFailed') : t('rules:form.centreHint')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('rules:allCentres')}</MenuItem>
              {centreOptions.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {t('rules:centreOption', { number: c.researchOrganisationNumber, name: c.organisation.shortName })}
                </MenuItem>
              ))}
              {storedCentreMissing && <MenuItem value={stored.researchOrganisationId!}>{centreLabel(stored, t)}</MenuItem>}
            </TextField>
          )}
        />
      </Box>
      <MessageField control={control} />
      {fieldsLoading ? (
        <Loading />
      ) : (
        <ExpressionField
          control={control}
          fields={fields}
          targetType={target?.fieldType}
          submitted={formState.isSubmitted}
          onSave={() => formRef.current?.requestSubmit()}
        />
      )}
      {stored && (
        <Box component="dl" sx={{ m: 0 }}>
          <LastResult rule={stored} />
        </Box>
      )}
      {stored && (
        <ConfirmDialog
          open={deleting}
          title={t('rules:delete.title')}
          text={t('rules:delete.text', { expression: stored.expression })}
          pending={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(stored.id, {
              onSuccess: () => {
                setDeleting(false);
                onClose();
              },
            })
          }
        />
      )}
    </RulesDialog>
  );
}
