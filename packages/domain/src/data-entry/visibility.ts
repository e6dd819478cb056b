/**
 * Child fields (spec section 4): a child field shows only while its parent's value equals the child's
 * parentVisibleRule, and never while the parent is hidden; recursively, re-evaluated on every change.
 */

export interface VisibilityNode {
  id: string;
  parentId: string | null;
  parentVisibleRule: string | null;
  /** The current value (a select's default option when none was entered). */
  value: string | null;
  /** Hidden by a ToggleAction rule (docs/rules.md "Actions"): hidden whatever its parent, and so are its children. */
  ruleHidden?: boolean;
}

/** The ids of the hidden fields. A cycle or a chain deeper than 64 stops the walk (the design refuses both). */
export function hiddenFields(nodes: readonly VisibilityNode[]): Set<string> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const memo = new Map<string, boolean>();
  const hidden = (n: VisibilityNode, depth = 0): boolean => {
    const known = memo.get(n.id);
    if (known !== undefined) return known;
    let h = n.ruleHidden === true;
    if (!h && n.parentId && depth < 64) {
      const parent = byId.get(n.parentId);
      h = !parent || hidden(parent, depth + 1) || (parent.value ?? '') !== (n.parentVisibleRule ?? '');
    }
    memo.set(n.id, h);
    return h;
  };
  return new Set(nodes.filter((n) => hidden(n)).map((n) => n.id));
}

/** The fields whose hidden state differs between two evaluations (what a save reports as `visibility`). */
export function visibilityChanges(
  before: ReadonlySet<string>,
  after: ReadonlySet<string>,
  ids: Iterable<string>,
): Array<{ subjectFormFieldId: string; isHidden: boolean }> {
  const out: Array<{ subjectFormFieldId: string; isHidden: boolean }> = [];
  for (const id of ids) {
    if (before.has(id) !== after.has(id)) out.push({ subjectFormFieldId: id, isHidden: after.has(id) });
  }
  return out;
}
