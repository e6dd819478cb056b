/** Routes of the design area (spec section 2). */
export const VISITS_SETTINGS_PATH = '/researchSettings/visits';
export const FORMS_PATH = '/forms';
export const visitPath = (visitId: string, formId?: string) => `/visits/${visitId}${formId ? `?formId=${formId}` : ''}`;
export const formEditorPath = (visitId: string, formId: string, opts: { sectionId?: string; formFieldId?: string } = {}) => {
  const q = new URLSearchParams();
  if (opts.sectionId) q.set('sectionId', opts.sectionId);
  if (opts.formFieldId) q.set('formFieldId', opts.formFieldId);
  const qs = q.toString();
  return `/visits/${visitId}/form/${formId}${qs ? `?${qs}` : ''}`;
};
