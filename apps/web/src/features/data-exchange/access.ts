import { currentEmployee, useMe } from '../identity/api';

export interface DataExchangeAccess {
  /** `me` is loaded (until then nothing is refused). */
  loaded: boolean;
  /** The export tab: permission `data_export`. */
  export: boolean;
  /** The import tab: permission `data_import`. */
  import: boolean;
  /** The system administrator works in every research and picks one; the others work in their employee's. */
  picksResearch: boolean;
  /** The current employee's research. */
  researchId: string | null;
}

/** What the signed-in user may do on the data exchange page (the server checks the same keys, jobs.policy.ts). */
export function useDataExchangeAccess(): DataExchangeAccess {
  const me = useMe();
  const permissions = me.data?.permissions ?? [];
  return {
    loaded: Boolean(me.data),
    export: permissions.includes('data_export'),
    import: permissions.includes('data_import'),
    picksResearch: me.data?.user.userRole === 'Admin',
    researchId: currentEmployee(me.data)?.researchOrganisation.research.id ?? null,
  };
}
