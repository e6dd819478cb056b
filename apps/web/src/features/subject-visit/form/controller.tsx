import { createContext, useCallback, useContext, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { NoteType, SubjectFormFieldReply } from '@edc/domain';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { ReasonDialog, type ReasonRequest } from './dialogs/ReasonDialog';
import { InputHistoryDialog } from './dialogs/InputHistoryDialog';
import { ContextFormsDialog } from './dialogs/ContextFormsDialog';
import { AddNoteDialog } from './dialogs/AddNoteDialog';
import { NoteHistoryDialog } from './dialogs/NoteHistoryDialog';
import { ProposalStore, type RuleProposal } from './ruleProposals';

/**
 * The dialogs a field opens (confirmation before editing a completed section, reason for change, input
 * history, context forms, notes) and the values the rules propose, held once by the form: a field asks through this stable controller and awaits
 * the answer, so a field row needs no dialog state of its own and re-renders only for its own data.
 */
export interface FieldController {
  /** 'Вы уверены, что хотите изменить данные в завершённой секции?' — true to go on. */
  confirmCompletedEdit: () => Promise<boolean>;
  /** The reason for change (null when cancelled). */
  askReason: (request: ReasonRequest) => Promise<string | null>;
  showHistory: (field: SubjectFormFieldReply) => void;
  showContextForms: (field: SubjectFormFieldReply) => void;
  /** The field's notes (queries) with their answers, comments and closing. */
  showNotes: (field: SubjectFormFieldReply, subjectFormId: string) => void;
  /** A new note of the caller's type on the field. */
  addNote: (field: SubjectFormFieldReply, subjectFormId: string, type: NoteType) => void;
  /** The values InsertAction rules propose for the form's fields, until accepted or rejected. */
  proposals: ProposalStore;
}

type Open =
  | { kind: 'confirm'; resolve: (ok: boolean) => void }
  | { kind: 'reason'; request: ReasonRequest; resolve: (reason: string | null) => void }
  | { kind: 'history'; field: SubjectFormFieldReply }
  | { kind: 'context'; field: SubjectFormFieldReply }
  | { kind: 'notes'; field: SubjectFormFieldReply; subjectFormId: string }
  | { kind: 'addNote'; field: SubjectFormFieldReply; subjectFormId: string; type: NoteType };

const Context = createContext<FieldController | null>(null);

export function useFieldController(): FieldController {
  const ctl = useContext(Context);
  if (!ctl) throw new Error('useFieldController outside FieldControllerProvider');
  return ctl;
}

/** The proposal a rule made for this field (null when none): the row re-renders only when its own changes. */
export function useRuleProposal(fieldId: string): RuleProposal | null {
  const { proposals } = useFieldController();
  const subscribe = useCallback((listener: () => void) => proposals.subscribe(fieldId, listener), [proposals, fieldId]);
  return useSyncExternalStore(subscribe, () => proposals.get(fieldId));
}

/** The form's proposals, or null outside a form (a dialog used elsewhere). */
export function useProposalStore(): ProposalStore | null {
  return useContext(Context)?.proposals ?? null;
}

export function FieldControllerProvider({ subjectVisitId, children }: { subjectVisitId: string; children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  // One question at a time: a second one waits for the first to be answered.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const ctl = useMemo<FieldController>(() => {
    const ask = <T,>(make: (resolve: (v: T) => void) => Open): Promise<T> => {
      const next = queue.current.then(() => new Promise<T>((resolve) => setOpen(make(resolve))));
      queue.current = next.catch(() => undefined);
      return next;
    };
    return {
      confirmCompletedEdit: () => ask<boolean>((resolve) => ({ kind: 'confirm', resolve })),
      askReason: (request) => ask<string | null>((resolve) => ({ kind: 'reason', request, resolve })),
      showHistory: (field) => setOpen({ kind: 'history', field }),
      showContextForms: (field) => setOpen({ kind: 'context', field }),
      showNotes: (field, subjectFormId) => setOpen({ kind: 'notes', field, subjectFormId }),
      addNote: (field, subjectFormId, type) => setOpen({ kind: 'addNote', field, subjectFormId, type }),
      proposals: new ProposalStore(),
    };
  }, []);
  const close = () => setOpen(null);
  return (
    <Context.Provider value={ctl}>
      {children}
      {open?.kind === 'confirm' && (
        <ConfirmDialog
          onAnswer={(ok) => {
            close();
            open.resolve(ok);
          }}
        />
      )}
      {open?.kind === 'reason' && (
        <ReasonDialog
          request={open.request}
          onAnswer={(reason) => {
            close();
            open.resolve(reason);
          }}
        />
      )}
      {open?.kind === 'history' && <InputHistoryDialog field={open.field} onClose={close} />}
      {open?.kind === 'context' && <ContextFormsDialog field={open.field} subjectVisitId={subjectVisitId} onClose={close} />}
      {open?.kind === 'notes' && (
        <NoteHistoryDialog
          field={open.field}
          where={{ subjectFormFieldId: open.field.id, subjectFormId: open.subjectFormId, subjectVisitId }}
          onClose={close}
        />
      )}
      {open?.kind === 'addNote' && (
        <AddNoteDialog
          fieldText={open.field.formField.text}
          type={open.type}
          where={{ subjectFormFieldId: open.field.id, subjectFormId: open.subjectFormId, subjectVisitId }}
          onClose={close}
        />
      )}
    </Context.Provider>
  );
}
