import { useQuery } from '@tanstack/react-query';
import type { QaFormReply, QaItemNoteReply, QaNoteStatus, QaVisitReply } from '@edc/domain';
import { api } from '../../shared/api/client';
import { useResearchVersions } from '../design/api';
import { qaKey, useEveryQaNote } from './api';

/**
 * What the designers see of QA's notes on the design pages (issue 21, "note badges"): the version under QA
 * validation of the research, its QA visits by design visit, the QA forms of a visit by design form, and the
 * open notes of a form by field. Nothing is asked while the research has no version under validation.
 */
const OPEN: QaNoteStatus[] = ['New', 'Updated', 'ResolutionProposed'];

export function useVersionUnderQa(researchId: string | null) {
  const versions = useResearchVersions(researchId);
  return (versions.data ?? []).find((v) => v.status === 'QaValidating') ?? null;
}

/** The QA visits of the version under validation, by the design visit they review. */
export function useQaVisitsByVisit(researchId: string | null) {
  const version = useVersionUnderQa(researchId);
  const query = useQuery({
    queryKey: [...qaKey, 'visits', version?.id ?? null],
    queryFn: ({ signal }) =>
      api.get<QaVisitReply[]>('/QaVisits', { signal, quietErrors: true, query: { researchVersionId: version!.id } }),
    enabled: Boolean(version),
  });
  return { version, byVisit: new Map((query.data ?? []).map((v) => [v.visitId, v])) };
}

/** The QA form reviewing a design form, and the open notes on its fields (by form field). */
export function useQaFormNotes(researchId: string | null, visitId: string, formId: string) {
  const { version, byVisit } = useQaVisitsByVisit(researchId);
  const qaVisit = byVisit.get(visitId);
  const forms = useQuery({
    queryKey: [...qaKey, 'forms', qaVisit?.id],
    queryFn: ({ signal }) => api.get<QaFormReply[]>('/QaForms', { signal, quietErrors: true, query: { qaVisitId: qaVisit!.id } }),
    enabled: Boolean(qaVisit),
  });
  const qaForm = (forms.data ?? []).find((f) => f.formId === formId) ?? null;
  const notes = useEveryQaNote(
    { researchVersionId: version?.id, qaFormId: qaForm?.id, statusList: OPEN },
    { enabled: Boolean(version && qaForm && qaForm.openNotes > 0), quietErrors: true },
  );
  const byField = new Map<string, QaItemNoteReply[]>();
  for (const n of notes.data ?? []) {
    if (n.formField) byField.set(n.formField.id, [...(byField.get(n.formField.id) ?? []), n]);
  }
  return { qaVisit, qaForm, byField };
}
