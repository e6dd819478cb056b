import { memo, useEffect, useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import {
  CLINICAL_SIGNIFICANCE_VALUES,
  checkReference,
  hasValue,
  keepsMasks,
  mayClearField,
  type SubjectFormFieldReply,
} from '@edc/domain';
import { readLinkData } from '../api';
import { parseTyped, typedText } from '../format';
import { noteColour } from '../NoteIndicator';
import { ApiError } from '../../../shared/api/client';
import { useFieldController, useRuleProposal } from './controller';
import { FieldActions } from './FieldActions';
import { ValueInput } from './ValueInput';
import { readCalculate } from './ruleProposals';
import { useFieldSave, type SaveStatus } from './useFieldSave';

export interface FieldRowProps {
  field: SubjectFormFieldReply;
  /** Nesting under parent fields (child fields are indented). */
  depth: number;
  formId: string;
  readOnly: boolean;
  sectionComplete: boolean;
  visitDate: string;
  dayPlus: number;
  /** The section's translation function and language (one subscription per section, not per row). */
  t: TFunction;
  language: string;
}

const csColour = (cs: string) => (cs === 'Normal' ? 'success.main' : 'error.main');

/**
 * One field of a subject form: its label (text, required asterisk red until a value exists), text before
 * and after, units, the input of its type, clinical significance and comment where the design asks, the
 * reference-range message, the proposals to accept (linked data, a rule's calculated value) and the field's actions. What the user types is this
 * component's own state: a keystroke re-renders this row only (memo on the field object, which the form
 * replaces only when this field's data change).
 */
export const FieldRow = memo(function FieldRow({
  field,
  depth,
  formId,
  readOnly,
  sectionComplete,
  visitDate,
  dayPlus,
  t,
  language,
}: FieldRowProps) {
  const i18n = { language };
  const inputId = useId();
  const ff = field.formField;
  const type = ff.field.fieldType;
  const stored = field.itemData?.data ?? null;
  const storedComment = field.itemData?.comment ?? null;
  const storedCs = field.itemData?.clinicalSignificanceString ?? null;
  const save = useFieldSave(field, { formId, sectionComplete, t, language: i18n.language });
  const keepTyped = save.status.kind === 'stale' || save.status.kind === 'error';

  const [draft, setDraft] = useState(() => typedText(type, stored, i18n.language));
  const [comment, setComment] = useState(storedComment ?? '');
  const [cs, setCs] = useState(storedCs ?? '');
  const [invalid, setInvalid] = useState(false);
  const [received, setReceived] = useState<string | null>(null);
  // The stored value this row last showed: a new one replaces the inputs, unless they keep what was typed.
  const [shown, setShown] = useState(field.itemData);
  if (shown !== field.itemData) {
    setShown(field.itemData);
    if (!keepTyped) {
      setDraft(typedText(type, stored, i18n.language));
      setComment(storedComment ?? '');
      setCs(storedCs ?? '');
      setInvalid(false);
    }
  }

  const revert = () => {
    setDraft(typedText(type, stored, i18n.language));
    setComment(storedComment ?? '');
    setCs(storedCs ?? '');
    setInvalid(false);
  };

  /** Sends the inputs' current state with one part changed; an invalid value is refused before sending. */
  const commit = async (over: { text?: string; comment?: string; cs?: string } = {}) => {
    if (readOnly) return;
    const text = over.text ?? draft;
    const parsed = parseTyped(type, text);
    if (parsed === 'invalid' || (parsed !== null && (type === 'Text' || type === 'Number') && !keepsMasks(parsed, ff))) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const sent = await save.commit({
      data: parsed,
      comment: (over.comment ?? comment).trim() || null,
      clinicalSignificanceString: (over.cs ?? cs) || null,
    });
    // Cancelled, or nothing changed: the inputs show the stored value again (spec section 8).
    if (sent === 'cancelled' || sent === 'unchanged') revert();
  };

  // Linked data (dataLink): the subject card's value, proposed while the field is empty, to accept or reject.
  const [proposal, setProposal] = useState<{ value: string | null } | null>(null);
  const linked = Boolean(ff.dataLink) && !readOnly;
  useEffect(() => {
    if (!linked || stored !== null) return;
    let live = true;
    readLinkData(field.id)
      .then((r) => live && r.value !== null && setProposal({ value: r.value }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [linked, stored, field.id]);
  const requestLink = () => {
    readLinkData(field.id)
      .then((r) => setProposal({ value: r.value }))
      .catch(() => undefined);
  };
  // A rule's calculated value (InsertAction): proposed by a save of another field, or asked for with Calculate.
  const ctl = useFieldController();
  const ruleProposal = useRuleProposal(field.id);
  const calculable = type === 'Calculated' && !readOnly;
  const [calc, setCalc] = useState<'idle' | 'asking' | 'none'>('idle');
  // The proposal the user asked for takes the focus (its button is gone); one a save brought does not.
  const [focusProposal, setFocusProposal] = useState(false);
  const focusInput = () => window.setTimeout(() => document.getElementById(inputId)?.focus(), 0);
  const calculate = async () => {
    setCalc('asking');
    if (save.status.kind === 'error') save.setStatus({ kind: 'idle' });
    try {
      const r = await readCalculate(field.id);
      setFocusProposal(true);
      if (r) {
        setCalc('idle');
        ctl.proposals.put([{ subjectFormFieldId: field.id, value: r.value, ruleId: r.ruleId }]);
      } else setCalc('none');
    } catch (e) {
      setCalc('idle');
      const message = e instanceof ApiError ? e.message : t('common:errors.network');
      save.setStatus({
        kind: 'error',
        message,
        text: t('dataEntry:field.calcFailed', { message }),
        retry: () => void calculate(),
      });
    }
  };
  const acceptRule = async (value: string) => {
    const before = stored === null ? null : save.readable(stored);
    setDraft(typedText(type, value, i18n.language));
    const sent = await save.commit(
      { data: value, comment: storedComment, clinicalSignificanceString: storedCs },
      { autoReason: t('dataEntry:field.calcReason') },
    );
    if (sent === 'sent') {
      if (before) setReceived(before);
      focusInput();
    } else if (sent === 'cancelled') revert();
    else if (sent === 'unchanged') ctl.proposals.drop(field.id);
  };
  const rejectRule = () => {
    ctl.proposals.drop(field.id);
    focusInput();
  };

  const acceptLink = async (value: string) => {
    const before = save.readable(stored);
    setProposal(null);
    const text = typedText(type, value, i18n.language);
    setDraft(text);
    const sent = await save.commit({ data: value, comment: storedComment, clinicalSignificanceString: storedCs });
    if (sent === 'sent') setReceived(before);
  };

  const present = hasValue(type, stored, ff.field.defaultOption);
  const reference = checkReference(invalid ? null : (parseTyped(type, draft) as string | null), field.referenceRange);
  const labelId = `${inputId}-label`;
  const disabled = readOnly || save.status.kind === 'saving';

  // Plain elements styled once by the section (fieldRowStyles): a section may hold hundreds of rows.
  return (
    <div
      className="field-row"
      data-testid="field-row"
      data-field={ff.text}
      data-field-id={field.id}
      data-type={type}
      style={depth > 0 ? { paddingLeft: depth * 20 } : undefined}
    >
      <label className="field-label" id={labelId} htmlFor={inputId}>
        {ff.text}
        {ff.isRequired && (
          <span className="field-required" data-required={present ? 'filled' : 'missing'} title={t('dataEntry:field.required')}>
            *
          </span>
        )}
      </label>
      <div className="field-actions" style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
        <NoteBadge field={field} formId={formId} t={t} />
        <FieldActions
          label={t('dataEntry:field.actions', { field: ff.text })}
          field={field}
          formId={formId}
          readOnly={readOnly}
          canClear={mayClearField(ff, field.itemData, { disabled: readOnly })}
          onClear={() => void save.clear()}
          onLinkData={linked ? requestLink : undefined}
        />
      </div>
      <div className="field-value">
        {ff.textBefore && <span className="field-aside">{ff.textBefore}</span>}
        <ValueInput
          id={inputId}
          field={field}
          draft={draft}
          invalid={invalid || reference === 'outside'}
          disabled={disabled}
          readOnly={readOnly}
          visitDate={visitDate}
          dayPlus={dayPlus}
          onDraft={(text) => {
            setDraft(text);
            if (invalid) setInvalid(false);
          }}
          onCommit={(text) => void commit(text === undefined ? {} : { text })}
          onFile={(file, name) => void save.upload(file, name)}
        />
        {(ff.textAfter || ff.units || ff.field.units) && (
          <span className="field-aside">{[ff.textAfter, ff.units ?? ff.field.units].filter(Boolean).join(' ')}</span>
        )}
        {calculable && !ruleProposal && calc !== 'none' && (
          <Button
            size="small"
            variant="outlined"
            disabled={disabled || calc === 'asking'}
            onClick={() => void calculate()}
            data-testid="calculate"
            sx={{ minHeight: 32 }}
          >
            {calc === 'asking' ? t('dataEntry:field.calculating') : t('dataEntry:field.calculate')}
          </Button>
        )}
        {(save.status.kind === 'saving' || save.status.kind === 'saved') && (
          <span className="field-state" role="status" data-state={save.status.kind} data-testid="field-state">
            {save.status.kind === 'saving' ? t('dataEntry:field.saving') : `✓ ${t('dataEntry:field.saved')}`}
          </span>
        )}
        {ff.clinicalSignificance && (
          <TextField
            select
            size="small"
            value={cs}
            disabled={disabled}
            label={t('dataEntry:field.clinicalSignificance')}
            error={cs !== '' && cs !== 'Normal'}
            onChange={(e) => {
              setCs(e.target.value);
              void commit({ cs: e.target.value });
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 110, '& select': { color: cs ? csColour(cs) : undefined, fontWeight: cs ? 600 : undefined } }}
          >
            <option value="">—</option>
            {CLINICAL_SIGNIFICANCE_VALUES.map((v) => (
              <option key={v} value={v} title={t(`dataEntry:field.csFull.${v}`)}>
                {t(`dataEntry:field.cs.${v}`)}
              </option>
            ))}
          </TextField>
        )}
      </div>
      <div className="field-extra">
        {ff.comment && (
          <TextField
            size="small"
            fullWidth
            multiline
            maxRows={3}
            label={ff.comment}
            value={comment}
            disabled={disabled}
            onChange={(e) => setComment(e.target.value)}
            onBlur={() => void commit({ comment })}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
        <FieldMessages
          t={t}
          status={save.status}
          invalid={invalid}
          reference={reference === 'outside' ? field.referenceRange : null}
          mask={ff.mask}
          received={received}
        />
        {ruleProposal ? (
          <ProposalAlert
            t={t}
            kind="rule"
            text={t('dataEntry:field.calcProposal', { value: save.readable(ruleProposal.value) })}
            current={stored !== null ? t('dataEntry:field.calcCurrent', { value: save.readable(stored) }) : null}
            disabled={disabled}
            autoFocus={focusProposal}
            onAccept={() => void acceptRule(ruleProposal.value)}
            onReject={rejectRule}
          />
        ) : calc === 'none' ? (
          <ProposalAlert
            t={t}
            kind="rule"
            text={t('dataEntry:field.calcNone')}
            autoFocus={focusProposal}
            onClose={() => {
              setCalc('idle');
              focusInput();
            }}
          />
        ) : (
          proposal && (
            <ProposalAlert
              t={t}
              kind="link"
              text={
                proposal.value !== null
                  ? t('dataEntry:field.linkProposal', { value: save.readable(proposal.value) })
                  : t('dataEntry:field.linkNone')
              }
              onAccept={proposal.value !== null ? () => void acceptLink(proposal.value!) : undefined}
              onReject={() => setProposal(null)}
              onClose={proposal.value === null ? () => setProposal(null) : undefined}
            />
          )
        )}
      </div>
    </div>
  );
});

/**
 * A value proposed to the field, to accept or reject (the subject card's through the data link, or a rule's
 * calculated value), or a message that there is none, to close. The buttons wrap under the text on a narrow
 * screen.
 */
function ProposalAlert({
  t,
  kind,
  text,
  current = null,
  disabled = false,
  autoFocus = false,
  onAccept,
  onReject,
  onClose,
}: {
  t: TFunction;
  kind: 'link' | 'rule';
  text: string;
  /** The field's current value, which an acceptance replaces. */
  current?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  onAccept?: () => void;
  onReject?: () => void;
  onClose?: () => void;
}) {
  return (
    <Alert
      severity="info"
      data-testid="proposal"
      data-kind={kind}
      sx={{ mt: 1, flexWrap: 'wrap', '& .MuiAlert-action': { ml: 'auto', pl: 1, mr: 0 } }}
      action={
        onAccept ? (
          <>
            <Button size="small" disabled={disabled} autoFocus={autoFocus} onClick={onAccept}>
              {t('dataEntry:field.linkAccept')}
            </Button>
            <Button size="small" color="inherit" disabled={disabled} onClick={onReject}>
              {t('dataEntry:field.linkReject')}
            </Button>
          </>
        ) : (
          <Button size="small" color="inherit" autoFocus={autoFocus} onClick={onClose ?? onReject}>
            {t('common:actions.close')}
          </Button>
        )
      }
    >
      <span data-testid="proposal-text">{text}</span>
      {current && (
        <Typography variant="body2" color="text.secondary" data-testid="proposal-current">
          {current}
        </Typography>
      )}
    </Alert>
  );
}

/**
 * The field's note indicator (spec section 4): the number of notes the caller sees, in the colour of the most
 * urgent status; it opens the field's note history. Nothing while the field has no notes.
 */
function NoteBadge({ field, formId, t }: { field: SubjectFormFieldReply; formId: string; t: TFunction }) {
  const ctl = useFieldController();
  const count = field.noteCount ?? 0;
  if (count === 0) return null;
  const status = field.noteStatus ?? 'Closed';
  const label = t('notes:indicator.field', {
    field: field.formField.text,
    count,
    status: t(`notes:status.${status}`),
  });
  return (
    <button
      type="button"
      className="field-note-badge"
      aria-label={label}
      title={label}
      data-testid="note-badge"
      data-status={status}
      onClick={() => ctl.showNotes(field, formId)}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 3,
        minWidth: 32,
        height: 26,
        padding: '0 8px',
        border: 0,
        borderRadius: 13,
        background: noteColour(status),
        color: '#fff',
        font: 'inherit',
        fontSize: 13,
        fontWeight: 700,
        cursor: 'pointer',
      }}
    >
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="currentColor">
        <path d="M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m-7 12h-2v-2h2zm0-4h-2V6h2z" />
      </svg>
      {count}
    </button>
  );
}

function FieldMessages({
  t,
  status,
  invalid,
  reference,
  mask,
  received,
}: {
  t: TFunction;
  status: SaveStatus;
  invalid: boolean;
  reference: { minReference: number; maxReference: number; errorMessage?: string | null } | null | undefined;
  mask: string | null;
  received: string | null;
}) {
  const lines: ReactNode[] = [];
  if (invalid) {
    lines.push(
      <Typography key="invalid" role="alert" variant="body2" color="error">
        {t('dataEntry:field.invalid')}
        {mask ? ` (${t('dataEntry:field.mask', { mask })})` : ''}
      </Typography>,
    );
  }
  if (reference) {
    lines.push(
      <Typography key="reference" variant="body2" color="error" data-testid="reference-message">
        {reference.errorMessage || t('dataEntry:field.reference', { min: reference.minReference, max: reference.maxReference })}
      </Typography>,
    );
  }
  if (status.kind === 'error') {
    lines.push(
      <Alert
        key="error"
        severity="error"
        sx={{ mt: 1 }}
        action={
          <Button size="small" color="inherit" onClick={status.retry}>
            {t('dataEntry:field.retry')}
          </Button>
        }
      >
        {status.text ?? t('dataEntry:field.notSaved', { message: status.message })}
      </Alert>,
    );
  }
  if (status.kind === 'stale') {
    lines.push(
      <Alert key="stale" severity="warning" sx={{ mt: 1 }} data-testid="stale-message">
        {t('dataEntry:field.stale', { value: status.current || t('dataEntry:field.empty') })}
      </Alert>,
    );
  }
  if (received !== null) {
    lines.push(
      <Typography key="received" variant="body2" color="text.secondary">
        {t('dataEntry:field.valueReceived', { value: received || '—' })}
      </Typography>,
    );
  }
  if (lines.length === 0) return null;
  return <Box sx={{ mt: 0.5 }}>{lines}</Box>;
}
