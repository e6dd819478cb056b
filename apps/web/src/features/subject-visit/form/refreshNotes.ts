import type { QueryClient } from '@tanstack/react-query';
import type { SubjectFormReply } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { invalidateVisit, updateCachedForm, withFields } from '../api';

const timers = new Map<string, number>();

/**
 * After a value's save, the note indicators of the form (an edit check's Auto note raised or closed by the
 * rules, docs/rules.md "Actions"): the form is read again shortly after the last save of a burst and only
 * the notes' counts and statuses are taken from it, never values or visibility, so that a read racing a later
 * save cannot bring back an older value. Unchanged fields keep their objects (their rows do not render again).
 */
export function refreshNoteIndicators(qc: QueryClient, subjectFormId: string) {
  window.clearTimeout(timers.get(subjectFormId));
  timers.set(
    subjectFormId,
    window.setTimeout(() => {
      timers.delete(subjectFormId);
      void api
        .get<SubjectFormReply>(`/SubjectsForm/${subjectFormId}`, { quietErrors: true })
        .then((fresh) => {
          let changed = false;
          const fields = new Map<string, { noteCount: number; noteStatus: SubjectFormReply['noteStatus'] }>();
          const sections = new Map<string, SubjectFormReply['noteStatus']>();
          for (const s of fresh.subjectFormSectionList) {
            sections.set(s.id, s.noteStatus);
            for (const f of s.subjectFormFieldList) fields.set(f.id, { noteCount: f.noteCount, noteStatus: f.noteStatus });
          }
          updateCachedForm(qc, subjectFormId, (form) => {
            let next = withFields(form, (f) => {
              const n = fields.get(f.id);
              if (!n || (n.noteCount === f.noteCount && n.noteStatus === f.noteStatus)) return f;
              return { ...f, ...n };
            });
            const list = next.subjectFormSectionList.map((s) =>
              sections.has(s.id) && sections.get(s.id) !== s.noteStatus ? { ...s, noteStatus: sections.get(s.id)! } : s,
            );
            if (list.some((s, i) => s !== next.subjectFormSectionList[i])) next = { ...next, subjectFormSectionList: list };
            if (next.noteStatus !== fresh.noteStatus) next = { ...next, noteStatus: fresh.noteStatus };
            if (next !== form) changed = true;
            return next;
          });
          if (changed) void invalidateVisit(qc, fresh.subjectVisitId);
        })
        .catch(() => undefined);
    }, 300),
  );
}
