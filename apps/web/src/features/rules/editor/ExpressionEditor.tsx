import { useCallback, useId, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type Ref } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useTranslation } from 'react-i18next';
import { rules, type Language } from '@edc/domain';
import { useRuleLanguage } from '../i18n';
import type { FormRuleFields } from '../ruleFields';
import { EditorHelpers } from './EditorHelpers';
import { insertPiece, type Piece } from './insertion';

export interface ExpressionEditorProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The fields of the rule's form: what the codes refer to. */
  fields: FormRuleFields;
  /** The result the rule must give (a condition, or the value of its field's type); keep it stable. */
  expected: readonly rules.RuleValueType[];
  /** Ctrl+Enter (⌘+Enter). */
  onSave?: () => void;
  /** The form was submitted: an empty expression is an error now, not a hint. */
  submitted?: boolean;
  label: string;
  required?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
}

const MAX_SHOWN_ERRORS = 5;
const EXCERPT = 60;

/** The line of the text around an error, with the part it means marked (positions are 1-based, end exclusive). */
function Excerpt({ text, error }: { text: string; error: rules.RuleError }) {
  const from = Math.min(error.position - 1, text.length);
  const lineStart = text.lastIndexOf('\n', from - 1) + 1;
  const newline = text.indexOf('\n', from);
  const lineEnd = newline < 0 ? text.length : newline;
  const to = Math.max(from, Math.min(error.end - 1, lineEnd));
  const start = Math.max(lineStart, from - EXCERPT);
  const end = Math.min(lineEnd, to + EXCERPT);
  const marked = text.slice(from, to);
  return (
    <Box
      component="pre"
      aria-hidden="true"
      sx={{ m: 0, mt: 0.5, fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {start > lineStart && '…'}
      {text.slice(start, from)}
      <Box
        component="mark"
        sx={{ bgcolor: 'error.light', color: 'error.contrastText', borderRadius: 0.5, px: marked.trim() ? 0 : 0.5 }}
      >
        {marked.trim() ? marked : ' '}
      </Box>
      {text.slice(to, end)}
      {end < lineEnd && '…'}
    </Box>
  );
}

/** The live result of the check under the editor: the errors (a click puts the caret there) or the result's type. */
function CheckResult({
  id,
  value,
  check,
  lang,
  submitted,
  onLocate,
}: {
  id: string;
  value: string;
  check: rules.RuleCheck;
  lang: Language;
  submitted: boolean;
  onLocate: (error: rules.RuleError) => void;
}) {
  const { t } = useTranslation();
  if (value.trim() === '' && !submitted)
    return (
      <Typography id={id} variant="body2" color="text.secondary" data-testid="rule-check">
        {t('rules:editor.emptyHint')}
      </Typography>
    );
  if (check.ok)
    return (
      <Typography
        id={id}
        variant="body2"
        color="success.dark"
        data-testid="rule-check"
        data-ok="true"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
      >
        <CheckCircleOutline fontSize="small" aria-hidden="true" />
        {t('rules:editor.ok', { type: rules.ruleTypeName(check.type, lang) })}
      </Typography>
    );
  const shown = check.errors.slice(0, MAX_SHOWN_ERRORS);
  const first = shown[0];
  return (
    <Box id={id} data-testid="rule-check" data-ok="false" sx={{ color: 'error.main' }}>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t('rules:editor.errors')}>
        {shown.map((e, i) => (
          <Box component="li" key={`${e.code}-${e.position}-${i}`} sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
            <ErrorOutline fontSize="small" aria-hidden="true" sx={{ mt: '1px' }} />
            <Link
              component="button"
              type="button"
              color="error"
              variant="body2"
              underline="hover"
              onClick={() => onLocate(e)}
              title={t('rules:editor.locate')}
              sx={{ textAlign: 'left' }}
              data-testid="rule-error"
            >
              {rules.ruleErrorMessage(e, lang)}
            </Link>
          </Box>
        ))}
      </Box>
      {check.errors.length > shown.length && (
        <Typography variant="body2">{t('rules:editor.moreErrors', { count: check.errors.length - shown.length })}</Typography>
      )}
      {first && value.trim() !== '' && <Excerpt text={value} error={first} />}
    </Box>
  );
}

/** The field codes the expression refers to: a code the form does not have is marked. */
function CodeChips({ codes, fields }: { codes: readonly string[]; fields: FormRuleFields }) {
  const { t } = useTranslation();
  if (codes.length === 0) return null;
  const ambiguous = codes.filter((c) => fields.ambiguous.has(c));
  return (
    <>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1, alignItems: 'center' }}
        role="list"
        aria-label={t('rules:editor.related')}
        data-testid="rule-codes"
      >
        <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }} aria-hidden="true">
          {t('rules:editor.related')}:
        </Typography>
        {codes.map((code) => {
          const field = fields.byCode.get(code);
          return (
            <Chip
              key={code}
              role="listitem"
              size="small"
              variant="outlined"
              color={field ? 'primary' : 'error'}
              label={`[${code}]`}
              title={
                field ? field.text : fields.ambiguous.has(code) ? t('rules:editor.ambiguousCode') : t('rules:editor.unknownCode')
              }
              sx={{ fontFamily: 'monospace' }}
            />
          );
        })}
      </Box>
      {ambiguous.length > 0 && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {t('rules:editor.ambiguous', { codes: ambiguous.map((c) => `[${c}]`).join(', ') })}
        </Typography>
      )}
    </>
  );
}

/**
 * The expression editor (spec section 5; docs/rules.md): a monospace text, checked by the domain engine on
 * every keystroke (the same checkRule the server runs), the errors in the user's language with their positions,
 * the related field codes, and helpers that insert fields, options, operators and templates at the caret.
 * Tab leaves it as from any text input; Ctrl+Enter saves.
 */
export function ExpressionEditor({
  value,
  onChange,
  onBlur,
  fields,
  expected,
  onSave,
  submitted = false,
  label,
  required,
  inputRef,
}: ExpressionEditorProps) {
  const lang = useRuleLanguage();
  const { t } = useTranslation();
  const inputId = useId();
  const statusId = useId();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  // The latest props, for the helpers' insert (a stable callback, so that they are not rendered per keystroke).
  const latest = useRef({ value, onChange, onSave });
  latest.current = { value, onChange, onSave };
  const pendingSelection = useRef<[number, number] | null>(null);

  const check = useMemo(() => rules.checkRule(value, fields.fields, expected), [value, fields, expected]);
  const codes = check.ok ? check.relatedFieldCodes : (check.relatedFieldCodes ?? []);

  // After an insertion the caret goes where the helper put it, with the focus back in the text.
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    const el = textarea.current;
    if (!selection || !el) return;
    pendingSelection.current = null;
    el.focus();
    el.setSelectionRange(selection[0], selection[1]);
  }, [value]);

  const insert = useCallback((piece: Piece) => {
    const el = textarea.current;
    const current = latest.current.value;
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? start;
    const next = insertPiece(current, start, end, piece);
    pendingSelection.current = [next.caret, next.caret];
    latest.current.onChange(next.value);
  }, []);

  const locate = useCallback((error: rules.RuleError) => {
    const el = textarea.current;
    if (!el) return;
    const length = el.value.length;
    const from = Math.min(error.position - 1, length);
    const to = Math.max(from, Math.min(error.end - 1, length));
    el.focus();
    el.setSelectionRange(from, to);
  }, []);

  const setRef = useCallback(
    (el: HTMLTextAreaElement | null) => {
      textarea.current = el;
      if (typeof inputRef === 'function') inputRef(el);
      else if (inputRef) (inputRef as { current: HTMLTextAreaElement | null }).current = el;
    },
    [inputRef],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && latest.current.onSave) {
      e.preventDefault();
      latest.current.onSave();
    }
  };

  const invalid = !check.ok && (value.trim() !== '' || submitted);
  return (
    <Box sx={{ mt: 2, mb: 1 }}>
      <EditorHelpers fields={fields} lang={lang} onInsert={insert} controls={inputId} />
      <TextField
        id={inputId}
        label={label}
        required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        inputRef={setRef}
        error={invalid}
        fullWidth
        multiline
        minRows={3}
        maxRows={12}
        placeholder={t('rules:editor.placeholder')}
        slotProps={{
          htmlInput: {
            spellCheck: false,
            autoCapitalize: 'off',
            autoCorrect: 'off',
            autoComplete: 'off',
            maxLength: rules.RULE_LIMITS.maxLength,
            'aria-describedby': statusId,
            'data-testid': 'rule-expression',
            style: { fontFamily: 'monospace', fontSize: '0.9375rem', lineHeight: 1.5 },
          },
        }}
      />
      <Box sx={{ mt: 0.75, minHeight: 24 }}>
        <CheckResult id={statusId} value={value} check={check} lang={lang} submitted={submitted} onLocate={locate} />
        <CodeChips codes={codes} fields={fields} />
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {t('rules:editor.keys')}
      </Typography>
    </Box>
  );
}

/** A stored expression, read only, with its related codes (those who do not edit the rule). */
export function ExpressionView({ expression, fields }: { expression: string; fields: FormRuleFields }) {
  const codes = useMemo(() => {
    const parsed = rules.parseRule(expression);
    return parsed.ok ? rules.relatedFieldCodes(parsed.ast) : [];
  }, [expression]);
  return (
    <>
      <Box
        component="pre"
        data-testid="rule-expression-view"
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '0.9375rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {expression}
      </Box>
      <CodeChips codes={codes} fields={fields} />
    </>
  );
}
