import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SubjectFormFieldReply } from '@edc/domain';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { ReasonDialog, type ReasonRequest } from './dialogs/ReasonDialog';
import { InputHistoryDialog } from './dialogs/InputHistoryDialog';
import { ContextFormsDialog } from './dialogs/ContextFormsDialog';

/**
 * The dialogs a field opens (confirmation before editing a completed section, reason for change, input
 * history, context forms), held once by the form: a field asks through this stable controller and awaits
 * the answer, so a field row needs no dialog state of its own and re-renders only for its own data.
 */
export interface FieldController {
  /** 'Вы уверены, что хотите изменить данные в завершённой секции?' — true to go on. */
  confirmCompletedEdit: () => Promise<boolean>;
  /** The reason for change (null when cancelled). */
  askReason: (request: ReasonRequest) => Promise<string | null>;
  showHistory: (field: SubjectFormFieldReply) => void;
  showContextForms: (field: SubjectFormFieldReply) => void;
}

type Open =
  | { kind: 'confirm'; resolve: (ok: boolean) => void }
  | { kind: 'reason'; request: ReasonRequest; resolve: (reason: string | null) => void }
  | { kind: 'history'; field: SubjectFormFieldReply }
  | { kind: 'context'; field: SubjectFormFieldReply };

const Context = createContext<FieldController | null>(null);

export function useFieldController(): FieldController {
  const ctl = useContext(Context);
  if (!ctl) throw new Error('useFieldController outside FieldControllerProvider');
  return ctl;
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
    </Context.Provider>
  );
}
