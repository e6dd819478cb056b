import { currentEmployee, useMe } from '../identity/api';

export interface RulesAccess {
  /** `me` is loaded (until then nothing is refused). */
  loaded: boolean;
  /** The rules page and a field's rules: qa, admin, site and testSite centres (permission `rules`). */
  view: boolean;
  /** Create, edit and delete: admin (permission `rules_edit`). */
  edit: boolean;
  /** Validate and cancel a validation: QA only (spec section 6). */
  validate: boolean;
  /** Run a rule's test: those who edit it and QA, who validates after a test. */
  test: boolean;
  /** The research of the current employee: its rules, visits and centres. */
  researchId: string | null;
}

/** What the signed-in user may do with rules (spec section 6). */
export function useRulesAccess(): RulesAccess {
  const me = useMe();
  const permissions = me.data?.permissions ?? [];
  const employee = currentEmployee(me.data);
  const edit = permissions.includes('rules_edit');
  const validate = employee?.researchOrganisation.organisationTypeString === 'Qa' && permissions.includes('rules');
  return {
    loaded: Boolean(me.data),
    view: edit || permissions.includes('rules'),
    edit,
    validate,
    test: edit || validate,
    researchId: employee?.researchOrganisation.research.id ?? null,
  };
}
