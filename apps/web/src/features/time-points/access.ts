import { useMe } from '../identity/api';

export interface TimePointsAccess {
  /** `me` is loaded (until then nothing is refused). */
  loaded: boolean;
  /** The settings page: permission `time_points_settings` (the research settings keys, docs/permissions.md). */
  view: boolean;
  /** Add, edit and delete points and deviations: `design_edit`, as for the rest of the design. */
  edit: boolean;
}

/** What the signed-in user may do on the time points settings page (the server checks the same keys). */
export function useTimePointsAccess(): TimePointsAccess {
  const me = useMe();
  const permissions = me.data?.permissions ?? [];
  return {
    loaded: Boolean(me.data),
    view: permissions.includes('time_points_settings'),
    edit: permissions.includes('design_edit'),
  };
}
