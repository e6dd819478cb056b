import type { CalculateReply } from '@edc/domain';
import { api } from '../../../shared/api/client';

/** A value an InsertAction rule proposes for a field (docs/rules.md "Actions"): nothing is stored until accepted. */
export interface RuleProposal {
  value: string;
  ruleId: string;
}

type Listener = () => void;

/**
 * The values the rules propose for the open form's fields, kept by the form until the user accepts or rejects
 * them. A save's reply may propose values for other fields than the one saved: a row subscribes to its own
 * field only, so that a proposal re-renders its target row and no other.
 */
export class ProposalStore {
  private values = new Map<string, RuleProposal>();
  private listeners = new Map<string, Set<Listener>>();

  get = (fieldId: string): RuleProposal | null => this.values.get(fieldId) ?? null;

  put(list: readonly { subjectFormFieldId: string; value: string; ruleId: string }[]) {
    for (const p of list) {
      const cur = this.values.get(p.subjectFormFieldId);
      if (cur && cur.value === p.value && cur.ruleId === p.ruleId) continue;
      this.values.set(p.subjectFormFieldId, { value: p.value, ruleId: p.ruleId });
      this.notify(p.subjectFormFieldId);
    }
  }

  drop(fieldId: string) {
    if (this.values.delete(fieldId)) this.notify(fieldId);
  }

  subscribe = (fieldId: string, listener: Listener) => {
    let set = this.listeners.get(fieldId);
    if (!set) this.listeners.set(fieldId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(fieldId);
    };
  };

  private notify(fieldId: string) {
    this.listeners.get(fieldId)?.forEach((l) => l());
  }
}

/** GET /SubjectsFormField/{id}/Calculate: the field's current proposal, null when none can be evaluated. */
export const readCalculate = (subjectFormFieldId: string) =>
  api.get<CalculateReply>(`/SubjectsFormField/${subjectFormFieldId}/Calculate`, { quietErrors: true });
