import { useQuery } from '@tanstack/react-query';
import type { SubjectVisitPage } from '@edc/domain';
import { api } from '../../shared/api/client';

/**
 * The subject visit page's crumbs (app/shell/Breadcrumbs.tsx): the subject's screening number and the visit's
 * title, undefined until the visit is loaded. It shares the page's unfiltered query (same key as
 * api.ts visitPageKey(id)), so it adds no request of its own; it stays out of the page's chunk.
 */
export function useSubjectVisitCrumbs(subjectVisitId: string | undefined): {
  subject?: string;
  subjectId?: string;
  visit?: string;
} {
  const page = useQuery({
    queryKey: ['subjectVisitPage', subjectVisitId ?? '', []],
    queryFn: ({ signal }) =>
      api.get<SubjectVisitPage>(`/SubjectsVisit/${subjectVisitId}`, { signal, quietErrors: true, query: { pointList: [] } }),
    enabled: Boolean(subjectVisitId),
  });
  const v = page.data;
  if (!v) return {};
  const visit = v.visit.repeating && v.repeatIndex > 0 ? `${v.visit.title} #${v.repeatIndex + 1}` : v.visit.title;
  return { subject: v.subject.screeningNumber, subjectId: v.subject.id, visit };
}
