import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  subjectRules,
  type SubjectWithVisits,
  type subjectEnd,
  type subjectEndWithReason,
  type subjectRandomise,
  type subjectRandomiseUpdate,
  type subjectSign,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { researches, subjects } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict } from '../../platform/http/errors.js';
import { userToday } from '../../platform/http/time-zone.js';
import { notBefore, notInFuture } from './date-checks.js';
import { changeSubject, checkVersion, saveSubject } from './subject-change.js';
import { assertMayWrite, assertRule, assertSeesSubject, subjectActorOf } from './subjects.policy.js';
import { factsOf, findSubject, type SubjectRecord } from './subjects.repo.js';
import { auditedSignature, checkSignerPassword, contentHash, insertSignature } from '../data-entry/signatures.js';
import { subjectReply } from './subjects.service.js';
import { drawRandomisationEntry } from '../iwrs/randomisation-draw.js';

/**
 * The subject's transitions (spec operations sections 4 and 5): Screened → Randomised (Randomise),
 * Screened → Failed (Failure, final), Randomised → End or EndAheadSchedule, then Sign. Each is guarded by
 * subjectRules of packages/domain, audited with before and after, and answers the subject as it now is.
 */

/** 400 naming `randomizationGroup` when the research has no such group. */
export async function assertGroupOfResearch(db: Db, researchId: string, group: string) {
  const [research] = await db.select({ groupList: researches.groupList }).from(researches).where(eq(researches.id, researchId));
  const groups = research?.groupList ?? [];
  if (!groups.includes(group)) {
    throw badRequest('randomization_group_unknown', 'randomizationGroup', { group, groups: groups.join(', ') || '—' });
  }
}

async function assertRandomisationNumberFree(db: Db, s: SubjectRecord, number: string) {
  const [taken] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(
      and(
        eq(subjects.researchId, s.researchId),
        eq(subjects.randomizationNumber, number),
        isNull(subjects.deletedAt),
        ne(subjects.id, s.id),
      ),
    )
    .limit(1);
  if (taken) throw conflict('randomization_number_taken', 'randomizationNumber', { number });
}

/**
 * The group and number of a randomisation: drawn from the research's list with IWRS on (docs/iwrs.md),
 * where a group or number given by the user is refused; typed in by the user otherwise.
 */
async function groupAndNumber(tx: Db, before: SubjectRecord, input: z.infer<typeof subjectRandomise>) {
  const [research] = await tx
    .select({ withIwrs: researches.withIwrs })
    .from(researches)
    .where(eq(researches.id, before.researchId));
  if (research?.withIwrs) {
    for (const field of ['randomizationGroup', 'randomizationNumber'] as const) {
      if (input[field] !== undefined) throw badRequest('iwrs_from_list', field, { field });
    }
    const entry = await drawRandomisationEntry(tx, before);
    return { group: entry.group, number: entry.randomizationNumber, entry };
  }
  for (const field of ['randomizationGroup', 'randomizationNumber'] as const) {
    if (input[field] === undefined) throw badRequest('required', field, { field });
  }
  await assertGroupOfResearch(tx, before.researchId, input.randomizationGroup!);
  await assertRandomisationNumberFree(tx, before, input.randomizationNumber!);
  return { group: input.randomizationGroup!, number: input.randomizationNumber!, entry: null };
}

/** POST /Subjects/{id}/Randomise: a screened subject with a screening visit gets its date, group and number. */
export async function randomiseSubject(
  deps: Deps,
  id: string,
  input: z.infer<typeof subjectRandomise>,
  caller: ActorCaller,
): Promise<SubjectWithVisits> {
  await changeSubject(
    deps,
    id,
    caller,
    async (tx, before) => {
      checkVersion(before, input.version);
      // A second randomisation is refused for everyone, before anything about the group is looked at.
      if (before.isRandomised) throw conflict('subject_already_randomised');
      assertRule(subjectRules.randomise(await factsOf(tx, before), subjectActorOf(caller.actor)));
      notInFuture(input.randomizationDate, 'randomizationDate', 'future_randomization_date');
      notBefore(input.randomizationDate, before.screenDate, 'randomizationDate');
      const drawn = await groupAndNumber(tx, before, input);
      await saveSubject(
        tx,
        before,
        {
          status: 'Randomised',
          isRandomised: true,
          randomizationDate: input.randomizationDate,
          randomizationGroup: drawn.group,
          randomizationNumber: drawn.number,
        },
        caller,
        { action: 'subject.randomise', after: drawn.entry ? { randomisationEntry: drawn.entry } : undefined },
      );
    },
    input,
  );
  return subjectReply(deps.db, id, caller);
}

/**
 * PUT /Subjects/{id}/Randomise: corrects the date and the number while the subject is randomised and has
 * not ended. A request naming a group is refused first, the same way for every caller and every value, so
 * that neither the answer nor the version tells a blinded caller the group (PUT RandomisationGroup changes it).
 */
export async function updateRandomisation(
  deps: Deps,
  id: string,
  input: z.infer<typeof subjectRandomiseUpdate>,
  caller: ActorCaller,
): Promise<SubjectWithVisits> {
  await changeSubject(
    deps,
    id,
    caller,
    async (tx, before) => {
      if (input.randomizationGroup !== undefined) throw conflict('randomization_group_fixed', 'randomizationGroup');
      checkVersion(before, input.version);
      assertRule(subjectRules.updateRandomisation(await factsOf(tx, before), subjectActorOf(caller.actor)));
      const patch: Partial<SubjectRecord> = {};
      if (input.randomizationDate !== undefined && input.randomizationDate !== before.randomizationDate) {
        notInFuture(input.randomizationDate, 'randomizationDate', 'future_randomization_date');
        notBefore(input.randomizationDate, before.screenDate, 'randomizationDate');
        patch.randomizationDate = input.randomizationDate;
      }
      if (input.randomizationNumber !== undefined && input.randomizationNumber !== before.randomizationNumber) {
        await assertRandomisationNumberFree(tx, before, input.randomizationNumber);
        patch.randomizationNumber = input.randomizationNumber;
      }
      if (Object.keys(patch).length === 0) return;
      await saveSubject(tx, before, patch, caller, { action: 'subject.update_randomisation', reason: input.reasonForChange });
    },
    input,
  );
  return subjectReply(deps.db, id, caller);
}

type EndKind = 'Failed' | 'End' | 'EndAheadSchedule';
const END_ACTIONS: Record<EndKind, { rule: 'fail' | 'end'; action: string }> = {
  Failed: { rule: 'fail', action: 'subject.fail' },
  End: { rule: 'end', action: 'subject.end' },
  EndAheadSchedule: { rule: 'end', action: 'subject.end_ahead_schedule' },
};

/**
 * POST /Subjects/{id}/Failure (screenfailer: a screened, unrandomised subject; final), /End (by
 * protocol; the reason is an optional comment) and /EndAheadSchedule (the reason is required).
 */
export async function endSubject(
  deps: Deps,
  id: string,
  kind: EndKind,
  input: z.infer<typeof subjectEndWithReason> | z.infer<typeof subjectEnd>,
  caller: ActorCaller,
): Promise<SubjectWithVisits> {
  const { rule, action } = END_ACTIONS[kind];
  await changeSubject(deps, id, caller, async (tx, before) => {
    checkVersion(before, input.version);
    assertRule(subjectRules[rule](await factsOf(tx, before), subjectActorOf(caller.actor)));
    notInFuture(input.endDate, 'endDate');
    notBefore(input.endDate, before.randomizationDate ?? before.screenDate, 'endDate');
    await saveSubject(tx, before, { status: kind, endDate: input.endDate, endReason: input.endReason || null }, caller, {
      action,
    });
  });
  return subjectReply(deps.db, id, caller);
}

/**
 * POST /Subjects/{id}/Sign: an ended subject whose visits are all validated is signed (by a principal
 * investigator when linked externally) with the signer's password (a wrong one is audited as a failed
 * signature and answers 400 password_incorrect). The sign date is today unless given; never before the end
 * date. A signature row (printed name, meaning, the hash of every value of the subject) is written with it.
 */
export async function signSubject(
  deps: Deps,
  id: string,
  input: z.infer<typeof subjectSign>,
  caller: ActorCaller,
): Promise<SubjectWithVisits> {
  const checks = async (tx: Db, before: SubjectRecord) => {
    checkVersion(before, input.version);
    assertRule(subjectRules.sign(await factsOf(tx, before), subjectActorOf(caller.actor)));
    let signDate = input.signDate;
    if (signDate) {
      notInFuture(signDate, 'signDate');
      notBefore(signDate, before.endDate, 'signDate');
    } else {
      // The signer's today; an end date already "today" further east is today for the signature too.
      const today = userToday(caller);
      signDate = before.endDate && before.endDate > today ? before.endDate : today;
    }
    return signDate;
  };
  const pre = await findSubject(deps.db, id);
  assertSeesSubject(caller.actor, pre);
  assertMayWrite(caller.actor, pre!);
  await checks(deps.db, pre!);
  await checkSignerPassword(deps.db, caller, input.password, {
    action: 'subject.sign_failed',
    entityType: 'subject',
    entityId: pre!.id,
    researchId: pre!.researchId,
    subjectId: pre!.id,
    after: { subjectId: pre!.id, reason: 'password_incorrect' },
  });
  await changeSubject(deps, id, caller, async (tx, before) => {
    const signDate = await checks(tx, before);
    const signature = await insertSignature(tx, caller, {
      researchId: before.researchId,
      subjectId: before.id,
      subjectVisitId: null,
      signDate,
      meaning: input.meaning,
      contentHash: await contentHash(tx, { subjectId: before.id }),
    });
    await saveSubject(tx, before, { isSigned: true, signDate }, caller, {
      action: 'subject.sign',
      after: { signature: auditedSignature(signature) },
    });
  });
  return subjectReply(deps.db, id, caller);
}
