import type { z } from 'zod';
import type { SubjectWithVisits, subjectGroupChange } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Actor } from '../../platform/http/actor.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, forbidden } from '../../platform/http/errors.js';
import { assertGroupOfResearch } from './subject-actions.service.js';
import { checkVersion, saveSubject } from './subject-change.js';
import { assertSeesSubject } from './subjects.policy.js';
import { findSubject, type SubjectRecord } from './subjects.repo.js';
import { subjectReply } from './subjects.service.js';

/**
 * Who may change a subject's randomisation group: a holder of `randomisation_group` (the unblinded roles
 * of subjects/blinding.ts) working in the subject's research as an employee of the subject's own centre or
 * of the research's admin (sponsor) centre. A system administrator without such an employee reads the
 * group but does not change clinical data.
 */
function mayChangeGroup(actor: Actor, subject: SubjectRecord): boolean {
  const e = actor.employee;
  if (!actor.permissions.has('randomisation_group') || !e || e.researchId !== subject.researchId) return false;
  return e.organisationType === 'Admin' || e.researchOrganisationId === subject.researchOrganisationId;
}

/**
 * PUT /Subjects/{id}/RandomisationGroup: changes a randomised subject's group, with a mandatory reason kept
 * in the audit record (`subject.change_randomisation_group`). Answers in order: 404 outside the caller's
 * view, 403 without the right to change the group (the same for every subject the caller sees, before the
 * group is looked at), 409 stale version, 409 for a subject whose state refuses it (deleted, signed, ended,
 * not randomised, linked to the external system), 400 for a group the research does not have. Setting the
 * group it already has changes nothing (no new version, no audit record).
 */
export async function changeRandomisationGroup(
  deps: Deps,
  id: string,
  input: z.infer<typeof subjectGroupChange>,
  caller: ActorCaller,
): Promise<SubjectWithVisits> {
  await deps.db.transaction(async (tx) => {
    const before = await findSubject(tx, id, { lock: true });
    assertSeesSubject(caller.actor, before);
    if (!mayChangeGroup(caller.actor, before!)) throw forbidden();
    const s = before!;
    checkVersion(s, input.version);
    if (s.drTrialId) throw conflict('subject_linked_externally');
    if (s.isSigned) throw conflict('subject_signed');
    if (s.status === 'End' || s.status === 'EndAheadSchedule') throw conflict('subject_ended');
    if (!s.isRandomised || s.status !== 'Randomised') throw conflict('subject_not_randomised');
    await assertGroupOfResearch(tx, s.researchId, input.randomizationGroup);
    if (input.randomizationGroup === s.randomizationGroup) return;
    await saveSubject(tx, s, { randomizationGroup: input.randomizationGroup }, caller, {
      action: 'subject.change_randomisation_group',
      reason: input.reason,
    });
  });
  return subjectReply(deps.db, id, caller);
}
