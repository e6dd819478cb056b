import type { Research } from '@edc/domain';
import { currentEmployee, useMe } from '../identity/api';

/**
 * What the signed-in user may do with researches (spec section 6). The server decides; this only hides
 * what it would refuse. Managing (create, lock, archive, delete, IWRS) is the `researches` key, held by
 * user roles Admin and Editor. Research info is also editable by whoever may change the design of that
 * research in the current context (the admin organisation's managers), and only while it is current.
 */
export function useResearchAccess() {
  const me = useMe();
  const permissions = new Set(me.data?.permissions ?? []);
  const currentResearchId = currentEmployee(me.data)?.researchOrganisation.research.id ?? null;
  const manage = permissions.has('researches');
  return {
    loaded: me.data !== undefined,
    manage,
    canEditInfo: (r: Research) =>
      r.statusString === 'Current' && (manage || (permissions.has('design_edit') && r.id === currentResearchId)),
  };
}
