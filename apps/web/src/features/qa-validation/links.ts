import type { QaItemNoteReply } from '@edc/domain';
import { formEditorPath, visitPath } from '../design/paths';

/**
 * Where a note leads (spec design-and-admin section 2): QA to the validation visits route with the note's
 * visit, form and field open; the designers to the visit page or the form editor at the note's section and field.
 */
export function noteLink(note: QaItemNoteReply, asQa: boolean): string {
  if (asQa) {
    const q = new URLSearchParams({ qaVisitId: note.qaVisit.id });
    if (note.qaForm) q.set('qaFormId', note.qaForm.id);
    if (note.formField) {
      q.set('sectionId', note.formField.formSectionId);
      q.set('formFieldId', note.formField.id);
    }
    return `/qaValidation/visits?${q.toString()}`;
  }
  if (!note.qaForm) return visitPath(note.qaVisit.visitId);
  return formEditorPath(note.qaVisit.visitId, note.qaForm.formId, {
    sectionId: note.formField?.formSectionId,
    formFieldId: note.formField?.id,
  });
}
