import { useSubject } from './api';

/**
 * The subject page's crumb (app/shell/Breadcrumbs.tsx): the subject's name, or its screening number when it
 * has none; undefined until the subject is loaded (the crumb then keeps its generic label). It shares the
 * subject page's query, so it adds no request of its own.
 */
export function useSubjectCrumbLabel(subjectId: string | undefined): string | undefined {
  const subject = useSubject(subjectId).data;
  if (!subject) return undefined;
  return subject.fullName?.trim() || subject.screeningNumber;
}
