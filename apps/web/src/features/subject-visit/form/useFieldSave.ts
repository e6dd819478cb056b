import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ItemDataSaved, SubjectFormFieldReply } from '@edc/domain';
import { ApiError } from '../../../shared/api/client';
import {
  applyField,
  applySaved,
  clearValue,
  readField,
  saveValue,
  updateCachedForm,
  uploadValueFile,
  type ValuePayload,
} from '../api';
import { readableValue } from '../format';
import { useFieldController } from './controller';
import { refreshNoteIndicators } from './refreshNotes';

export type CommitResult = 'sent' | 'unchanged' | 'cancelled' | 'busy';

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  /** A network or server failure: what was typed stays, the save can be repeated. */
  | { kind: 'error'; message: string; retry: () => void; /** The line shown instead of 'Не сохранено: …'. */ text?: string }
  /** Someone else saved first (409): the field holds the current value now, the input keeps what was typed. */
  | { kind: 'stale'; current: string };

/**
 * Saving one field's value (spec sections 4, 5 and 8): the confirmation before editing a completed section,
 * the reason for change once a value exists, then POST /ItemData (first value), /ItemData/WithReason,
 * /ItemData/{id}/Clean or /ItemData/AddDocument; the reply replaces the field (and the fields whose
 * visibility changed) in the cached form, and the values the rules propose for other fields go to the form's
 * proposals (the field's own proposal is settled by the save). A 409 reads the field again and shows its current value; any
 * other failure keeps what was typed and offers to save again.
 */
export function useFieldSave(
  field: SubjectFormFieldReply,
  opts: { formId: string; sectionComplete: boolean; t: TFunction; language: string },
) {
  const { t, language } = opts;
  const qc = useQueryClient();
  const ctl = useFieldController();
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  // A question or a request under way: a second commit (a blur while a dialog opens) is ignored.
  const busy = useRef(false);
  const fieldRef = useRef(field);
  fieldRef.current = field;
  const type = field.formField.field.fieldType;
  const yesNo = { yes: t('dataEntry:field.checked'), no: t('dataEntry:field.unchecked') };
  const readable = (v: string | null | undefined) => readableValue(type, v, language, yesNo);

  const applyReply = useCallback(
    (saved: ItemDataSaved) => {
      setStatus({ kind: 'saved' });
      // The mark fades after a moment: the value on screen is the stored one.
      window.setTimeout(() => setStatus((s) => (s.kind === 'saved' ? { kind: 'idle' } : s)), 2500);
      updateCachedForm(qc, opts.formId, (f) => applySaved(f, fieldRef.current.id, saved));
      ctl.proposals.drop(fieldRef.current.id);
      if (saved.proposals?.length) ctl.proposals.put(saved.proposals);
      // An edit check may have raised or closed an Auto note (on this field or another of the form).
      refreshNoteIndicators(qc, opts.formId);
    },
    [qc, opts.formId, ctl],
  );

  const fail = async (e: unknown, retry: () => void) => {
    if (e instanceof ApiError && e.status === 409) {
      try {
        const fresh = await readField(fieldRef.current.id);
        setStatus({ kind: 'stale', current: readable(fresh.itemData?.data) });
        updateCachedForm(qc, opts.formId, (f) => applyField(f, fresh));
        return;
      } catch {
        /* fall through: shown as a failure */
      }
    }
    const message = e instanceof ApiError ? e.message : t('common:errors.network');
    setStatus({ kind: 'error', message, retry });
  };

  /**
   * Asks what must be asked before a change; null when the user stepped back. `autoReason` (a value a rule
   * calculated) stands for the reason of a change outside a confirmed section; in a confirmed one the user
   * confirms and gives the reason as for any change.
   */
  const ask = async (request: {
    kind: 'change' | 'clear';
    oldText?: string;
    newText?: string;
    autoReason?: string;
  }): Promise<{ reason: string | null } | null> => {
    const f = fieldRef.current;
    if (opts.sectionComplete && !(await ctl.confirmCompletedEdit())) return null;
    // A first value needs no reason, except in a confirmed section (docs/data-entry.md "Values").
    if (!f.itemData && request.kind === 'change' && !opts.sectionComplete) return { reason: null };
    if (request.autoReason && !opts.sectionComplete) return { reason: request.autoReason };
    const { autoReason: _auto, ...question } = request;
    const reason = await ctl.askReason({ ...question, subject: f.formField.text });
    return reason === null ? null : { reason };
  };

  /** Saves a value: 'sent' (saved or failed visibly), 'unchanged', 'cancelled' by the user, or 'busy'. */
  const commit = async (value: Required<ValuePayload>, how: { autoReason?: string } = {}): Promise<CommitResult> => {
    if (busy.current) return 'busy';
    const f = fieldRef.current;
    const cur = f.itemData;
    if (
      cur &&
      (cur.data ?? null) === value.data &&
      (cur.comment ?? null) === value.comment &&
      (cur.clinicalSignificanceString ?? null) === value.clinicalSignificanceString
    ) {
      if (status.kind === 'stale' || status.kind === 'error') setStatus({ kind: 'idle' });
      return 'unchanged';
    }
    if (!cur && value.data === null && !value.comment && !value.clinicalSignificanceString) return 'unchanged';
    busy.current = true;
    try {
      const answer = await ask({
        kind: 'change',
        oldText: readable(cur?.data),
        newText: readable(value.data),
        autoReason: how.autoReason,
      });
      if (!answer) return 'cancelled';
      const send = async () => {
        setStatus({ kind: 'saving' });
        try {
          applyReply((await saveValue(fieldRef.current, value, answer.reason)).data);
        } catch (e) {
          await fail(e, () => void send());
        }
      };
      await send();
      return 'sent';
    } finally {
      busy.current = false;
    }
  };

  const clear = async (): Promise<boolean> => {
    if (busy.current || !fieldRef.current.itemData) return false;
    busy.current = true;
    try {
      const answer = await ask({ kind: 'clear', oldText: readable(fieldRef.current.itemData.data) });
      if (!answer?.reason) return false;
      const send = async () => {
        setStatus({ kind: 'saving' });
        try {
          applyReply((await clearValue(fieldRef.current, answer.reason!)).data);
        } catch (e) {
          await fail(e, () => void send());
        }
      };
      await send();
      return true;
    } finally {
      busy.current = false;
    }
  };

  const upload = async (file: File, name: string): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    try {
      const answer = await ask({ kind: 'change', oldText: readable(fieldRef.current.itemData?.data), newText: name });
      if (!answer) return false;
      const send = async () => {
        setStatus({ kind: 'saving' });
        try {
          applyReply((await uploadValueFile(fieldRef.current, file, name, answer.reason)).data);
        } catch (e) {
          await fail(e, () => void send());
        }
      };
      await send();
      return true;
    } finally {
      busy.current = false;
    }
  };

  return { status, setStatus, commit, clear, upload, readable };
}
