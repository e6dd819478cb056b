import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { useTranslation } from 'react-i18next';
import {
  isNumberDraft,
  maskEntryDate,
  maskEntryDateTime,
  maskEntryTime,
  rules,
  type FieldType,
  type RuleReply,
  type RuleTestReply,
} from '@edc/domain';
import { Loading } from '../../shared/components/Loading';
import { errorMessages } from '../centres/components';
import { useRulesAccess } from './access';
import { useRule, useRuleMutations } from './api';
import { useRuleLanguage } from './i18n';
import { centreLabel, DialogButtons, RulesDialog, ValidatedChip } from './parts';
import type { FormRuleFields } from './ruleFields';

type TestField = RuleReply['relatedFormFieldList'][number];

const FIELD_TYPES_KNOWN = new Set<string>([
  'Text',
  'Number',
  'Select',
  'Checkbox',
  'Date',
  'Time',
  'DateTime',
  'Calculated',
  'File',
]);
const typeOf = (f: TestField): FieldType => (FIELD_TYPES_KNOWN.has(f.fieldType) ? (f.fieldType as FieldType) : 'Text');

/** The related fields of a rule: as the server lists them, else (an older reply) from the form's fields by code. */
function testFields(rule: RuleReply, fields: FormRuleFields | undefined): TestField[] {
  if (rule.relatedFormFieldList.length > 0 || !fields) return rule.relatedFormFieldList;
  return rule.relatedFormFieldCodes.flatMap((code) => {
    const f = fields.byCode.get(code);
    return f ? [{ code, formFieldId: f.formFieldId, text: f.text, fieldType: f.fieldType, optionList: [...f.optionList] }] : [];
  });
}

/** One value of the test, typed as the field's type is (spec section 5: DD/MM/YYYY, HH:mm, decimal commas). */
function TestInput({
  field,
  value,
  error,
  onChange,
  onBlur,
}: {
  field: TestField;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const type = typeOf(field);
  const label = `[${field.code}] ${field.text}`;
  const common = {
    label,
    value,
    onBlur,
    fullWidth: true,
    margin: 'dense' as const,
    error: Boolean(error),
    slotProps: { htmlInput: { 'data-testid': `rule-test-${field.code}`, autoComplete: 'off' } },
  };
  if (type === 'Select' || type === 'Checkbox') {
    const options =
      type === 'Select'
        ? field.optionList.map((o) => [o, o] as const)
        : ([
            ['true', t('rules:test.yes')],
            ['false', t('rules:test.no')],
          ] as const);
    return (
      <TextField
        {...common}
        select
        onChange={(e) => onChange(e.target.value)}
        helperText={error ?? t(`design:fieldType.${type}`)}
      >
        <MenuItem value="">
          <em>{t('rules:test.noValue')}</em>
        </MenuItem>
        {options.map(([v, text]) => (
          <MenuItem key={v} value={v}>
            {text}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  const masks: Partial<Record<FieldType, (raw: string) => string>> = {
    Date: maskEntryDate,
    Time: maskEntryTime,
    DateTime: maskEntryDateTime,
  };
  const mask = masks[type];
  const numeric = type === 'Number' || type === 'Calculated';
  const placeholder: Partial<Record<FieldType, string>> = {
    Date: t('rules:test.datePlaceholder'),
    Time: t('rules:test.timePlaceholder'),
    DateTime: t('rules:test.dateTimePlaceholder'),
    Number: t('rules:test.numberPlaceholder'),
    Calculated: t('rules:test.numberPlaceholder'),
  };
  return (
    <TextField
      {...common}
      placeholder={placeholder[type]}
      helperText={error ?? t(`design:fieldType.${type}`)}
      onChange={(e) => {
        const raw = e.target.value;
        if (numeric && !isNumberDraft(raw.replace(/^−/, '-'))) return;
        onChange(mask ? mask(raw) : raw);
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          ...common.slotProps.htmlInput,
          inputMode: numeric ? 'decimal' : mask ? 'numeric' : undefined,
          maxLength: type === 'Text' || type === 'File' ? 10_000 : 20,
        },
      }}
    />
  );
}

/** What the test found: the value, whether the action would fire, or why the rule cannot be evaluated. */
function TestOutcome({ reply }: { reply: RuleTestReply }) {
  const { t } = useTranslation();
  const type = reply.rule.ruleTypeString;
  if (!reply.ok)
    return (
      <Alert severity="warning" data-testid="rule-test-result" data-ok="false">
        {reply.reason ?? t('rules:test.notEvaluated')}
      </Alert>
    );
  const text =
    type === 'InsertAction'
      ? reply.fires
        ? t('rules:test.inserts', { value: reply.value ?? '' })
        : t('rules:test.insertsNothing')
      : reply.fires
        ? t(`rules:test.fires.${type}`, { message: reply.rule.message ?? '' })
        : t('rules:test.doesNotFire');
  return (
    <Alert
      severity={reply.fires ? 'info' : 'success'}
      data-testid="rule-test-result"
      data-ok="true"
      data-fires={String(reply.fires)}
    >
      <Box sx={{ fontWeight: 500 }}>{text}</Box>
      {reply.value !== null && type !== 'InsertAction' && <Box>{t('rules:test.value', { value: reply.value })}</Box>}
    </Alert>
  );
}

/**
 * The rule test (spec sections 4 and 5): a value per related field, typed by its type; Test asks the server
 * to evaluate the rule with them and shows the result or why it cannot be evaluated. The rule comes back
 * tested and replaces itself in place; then QA may validate it (or cancel a validation).
 */
export function RuleTestDialog({
  ruleId,
  placeholder,
  fields,
  onClose,
}: {
  ruleId: string;
  placeholder?: RuleReply;
  /** The rule's form fields, when the caller has them (the codes of an older reply). */
  fields?: FormRuleFields;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useRuleLanguage();
  const access = useRulesAccess();
  const rule = useRule(ruleId, placeholder);
  const { test, toggleValidate } = useRuleMutations();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [reply, setReply] = useState<RuleTestReply | null>(null);
  const [testedHere, setTestedHere] = useState(false);
  const list = useMemo(() => (rule.data ? testFields(rule.data, fields) : []), [rule.data, fields]);

  const checkOne = (f: TestField, text: string | undefined): string | undefined => {
    const parsed = rules.parseTestInput(typeOf(f), text ?? '', f.optionList);
    return parsed.ok ? undefined : rules.testInputErrorMessage(parsed.error, lang);
  };

  const run = () => {
    if (!rule.data) return;
    const found: Record<string, string | undefined> = {};
    for (const f of list) found[f.code] = checkOne(f, values[f.code]);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    test.mutate(
      {
        id: rule.data.id,
        ruleDataList: list.map((f) => ({ key: f.code, data: values[f.code]?.trim() ? values[f.code]!.trim() : null })),
      },
      {
        onSuccess: (r) => {
          setReply(r);
          setTestedHere(true);
        },
      },
    );
  };

  const current = rule.data;
  const canValidate = access.validate && current !== undefined && !current.isValidate && (testedHere || current.isTested);
  const canUnvalidate = access.validate && current?.isValidate === true;

  return (
    <RulesDialog
      open
      onClose={onClose}
      busy={test.isPending}
      maxWidth="sm"
      title={t('rules:test.title')}
      subtitle={
        current && (
          <>
            {t(`rules:type.${current.ruleTypeString}`)} · {centreLabel(current, t)}
          </>
        )
      }
      onSubmit={run}
      testId="rule-test-dialog"
      actions={
        <DialogButtons
          start={
            <>
              {canValidate && (
                <Button
                  color="success"
                  variant="outlined"
                  startIcon={<VerifiedOutlined />}
                  loading={toggleValidate.isPending}
                  onClick={() => toggleValidate.mutate(current)}
                >
                  {t('rules:actions.validate')}
                </Button>
              )}
              {canUnvalidate && (
                <Button color="warning" loading={toggleValidate.isPending} onClick={() => toggleValidate.mutate(current)}>
                  {t('rules:actions.unvalidate')}
                </Button>
              )}
            </>
          }
          end={
            <>
              <Button onClick={onClose} disabled={test.isPending}>
                {t('common:actions.close')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                startIcon={<ScienceOutlined />}
                loading={test.isPending}
                disabled={!current}
              >
                {t('rules:actions.test')}
              </Button>
            </>
          }
        />
      }
    >
      {!current ? (
        rule.isError ? (
          <Alert severity="error">{t('rules:loadOneError')}</Alert>
        ) : (
          <Loading />
        )
      ) : (
        <>
          <Box
            component="pre"
            sx={{
              m: 0,
              mb: 1,
              p: 1,
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontFamily: 'monospace',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {current.expression}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <ValidatedChip validated={current.isValidate} />
          </Box>
          {list.length === 0 ? (
            <Typography color="text.secondary">{t('rules:test.noFields')}</Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('rules:test.hint')}
              </Typography>
              {list.map((f) => (
                <TestInput
                  key={f.code}
                  field={f}
                  value={values[f.code] ?? ''}
                  error={errors[f.code]}
                  onChange={(text) => {
                    setValues((v) => ({ ...v, [f.code]: text }));
                    if (errors[f.code]) setErrors((e) => ({ ...e, [f.code]: undefined }));
                  }}
                  onBlur={() => setErrors((e) => ({ ...e, [f.code]: checkOne(f, values[f.code]) }))}
                />
              ))}
            </>
          )}
          <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
            {reply && !test.isPending && <TestOutcome reply={reply} />}
          </Box>
          {test.error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errorMessages(test.error).join(' ') || t('rules:test.failed')}
            </Alert>
          )}
          {toggleValidate.error && (
            <Alert severity="error" sx={{ mt: 1 }} onClose={() => toggleValidate.reset()}>
              <Box sx={{ fontWeight: 500 }}>{t('rules:validateFailed')}</Box>
              {errorMessages(toggleValidate.error).join(' ')}
            </Alert>
          )}
        </>
      )}
    </RulesDialog>
  );
}
