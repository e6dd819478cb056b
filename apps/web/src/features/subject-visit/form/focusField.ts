import { useEffect } from 'react';
import type { SubjectFormSectionReply } from '@edc/domain';

/**
 * The deep link to a field (`?subjectFormId=…&subjectFormFieldId=…`, from the queries page): the form opens
 * at the field's section tab, the field scrolls into view and is highlighted for a moment.
 */

/** The tab of the section holding the field (0 when none does). */
export function sectionIndexOf(sections: readonly SubjectFormSectionReply[], fieldId: string | null | undefined): number {
  if (!fieldId) return 0;
  const i = sections.findIndex((s) => s.subjectFormFieldList.some((f) => f.id === fieldId));
  return Math.max(0, i);
}

const HIGHLIGHT_MS = 2500;

/** Once the field's row is on screen: scrolls it to the middle and highlights it briefly. */
export function useScrollToField(fieldId: string | null | undefined) {
  useEffect(() => {
    if (!fieldId) return;
    let frame = 0;
    let tries = 0;
    const find = () => {
      const row = document.querySelector<HTMLElement>(`[data-field-id="${CSS.escape(fieldId)}"]`);
      if (!row) {
        // The section renders with the dialog; a few frames at most while it lays out.
        if (++tries < 30) frame = requestAnimationFrame(find);
        return;
      }
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      row.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
      row.setAttribute('data-highlighted', 'true');
      row.animate?.(
        [
          { backgroundColor: 'rgba(255, 213, 79, 0.55)' },
          { backgroundColor: 'rgba(255, 213, 79, 0.55)', offset: 0.6 },
          { backgroundColor: 'transparent' },
        ],
        { duration: HIGHLIGHT_MS, easing: 'ease-out' },
      );
      window.setTimeout(() => row.removeAttribute('data-highlighted'), HIGHLIGHT_MS);
    };
    frame = requestAnimationFrame(find);
    return () => cancelAnimationFrame(frame);
  }, [fieldId]);
}
