import { and, asc, count, eq, gte, inArray, isNotNull, isNull, max, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MEDICATION_TRANSITIONS,
  todayIn,
  type SubjectDosing,
  type medicationDispenseOutcome,
  type subjectDosingCreate,
  type subjectDosingsQuery,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { medications, researchOrganisations, subjectDosings, subjects } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf } from '../../platform/http/paging.js';
import { checkVersion } from '../subjects/subject-change.js';
import { assertMayWrite, assertSeesSubject, listScopeOf, seesGroup } from '../subjects/subjects.policy.js';
import { findSubject } from '../subjects/subjects.repo.js';
import { iwrsResearchOf } from './iwrs.policy.js';
import { findKit, kitsWithLogs, moveKit } from './medications.repo.js';

/**
 * Dosings (spec operations sections 1, 2 and 7; docs/iwrs.md, "Dispensing"): at a dosing of a subject in
 * a period, the system dispenses an available, unexpired kit of the subject's arm at the subject's site;
 * the site then confirms the dose or records it missed. Readers need `dosings` and see the subjects of
 * their scope; blinded readers see the kit number, never its arm.
 */

const row = {
  d: subjectDosings,
  screeningNumber: subjects.screeningNumber,
  randomizationNumber: subjects.randomizationNumber,
  identificationNumber: subjects.identificationNumber,
  fullName: subjects.fullName,
  centreNumber: researchOrganisations.number,
};
type Row = { d: typeof subjectDosings.$inferSelect } & Record<Exclude<keyof typeof row, 'd'>, string | null>;

const toDosing = (r: Row): SubjectDosing => ({
  id: r.d.id,
  subjectId: r.d.subjectId,
  subject: {
    screeningNumber: r.screeningNumber!,
    randomizationNumber: r.randomizationNumber,
    identificationNumber: r.identificationNumber!,
    fullName: r.fullName,
  },
  researchOrganisationId: r.d.researchOrganisationId,
  researchOrganisationNumber: r.centreNumber!,
  periodNumber: r.d.periodNumber,
  dispenseNumber: r.d.dispenseNumber,
  dosingDateTime: r.d.dosingDateTime.toISOString(),
});

const dosingsFrom = (db: Db) =>
  db
    .select(row)
    .from(subjectDosings)
    .innerJoin(subjects, eq(subjects.id, subjectDosings.subjectId))
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjectDosings.researchOrganisationId));

/**
 * GET /SubjectDosing: a period's dosings (all periods when none is named), of one subject or of the
 * caller's scope (a site its own centre; others every centre or the one named), sorted by screening number.
 */
export async function listDosings(deps: Deps, q: z.infer<typeof subjectDosingsQuery>, caller: ActorCaller) {
  const { actor } = caller;
  const research = await iwrsResearchOf(deps.db, actor, 'dosings');
  const paging = { page: q.Page ?? q.page ?? 1, pageSize: q.PageSize ?? q.pageSize ?? 10 };
  let subjectId: string | undefined;
  let centreId: string | null = null;
  if (q.subjectId) {
    const s = await findSubject(deps.db, q.subjectId);
    assertSeesSubject(actor, s, 'subjectId');
    subjectId = s!.id;
  } else {
    const scope = await listScopeOf(
      deps.db,
      actor,
      { researchOrganisationId: q.researchOrganisationId },
      'researchOrganisationId',
    );
    if (scope.empty) return pageOf([], 0, paging);
    centreId = scope.centreId;
  }
  const where = and(
    eq(subjectDosings.researchId, research.id),
    q.periodNumber ? eq(subjectDosings.periodNumber, q.periodNumber) : undefined,
    centreId ? eq(subjectDosings.researchOrganisationId, centreId) : undefined,
    subjectId ? eq(subjectDosings.subjectId, subjectId) : undefined,
  );
  // The page walks the live subjects of the research (subjects_screening_number_uq), or of the one centre
  // (subjects_centre_screening_number_idx: a subject never changes centre, so its dosings are that centre's),
  // in screening-number order and probes each one's dosings (subject_dosings_dispense_uq), so a page costs its
  // depth, not the period's size; the count leaves out deleted subjects through their small partial index.
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(row)
      .from(subjects)
      .innerJoin(subjectDosings, eq(subjectDosings.subjectId, subjects.id))
      .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjectDosings.researchOrganisationId))
      .where(
        and(
          eq(subjects.researchId, research.id),
          centreId ? eq(subjects.researchOrganisationId, centreId) : undefined,
          isNull(subjects.deletedAt),
          where,
        ),
      )
      .orderBy(
        asc(subjects.screeningNumber),
        asc(subjectDosings.periodNumber),
        asc(subjectDosings.dispenseNumber),
        asc(subjectDosings.id),
      )
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    deps.db
      .select({ n: count() })
      .from(subjectDosings)
      .where(
        and(
          where,
          notExists(
            deps.db
              .select({ one: sql`1` })
              .from(subjects)
              .where(and(eq(subjects.id, subjectDosings.subjectId), isNotNull(subjects.deletedAt))),
          ),
        ),
      ),
  ]);
  return pageOf(rows.map(toDosing), Number(total?.n ?? 0), paging);
}

/** A dosing the caller may read (404 outside its scope). */
async function visibleDosing(db: Db, caller: ActorCaller, id: string) {
  const research = await iwrsResearchOf(db, caller.actor, 'dosings');
  const [r] = await dosingsFrom(db).where(and(eq(subjectDosings.id, id), eq(subjectDosings.researchId, research.id)));
  if (!r) throw notFound('id');
  assertSeesSubject(caller.actor, { researchId: r.d.researchId, researchOrganisationId: r.d.researchOrganisationId });
  return r;
}

/** GET /SubjectDosing/{id}/Medications: the kits of a dosing with their status history, newest first. */
export async function dosingMedications(deps: Deps, id: string, caller: ActorCaller) {
  const d = await visibleDosing(deps.db, caller, id);
  const kits = await deps.db
    .select()
    .from(medications)
    .where(eq(medications.subjectDosingId, d.d.id))
    .orderBy(asc(medications.identNumber));
  return kitsWithLogs(deps.db, kits, seesGroup(caller.actor), true);
}

/**
 * POST /SubjectDosing: dispenses a kit to a randomised subject at a dosing of a period. The subject row is
 * locked (its dispenses are numbered 1, 2... per period); the kit is the first available one of the
 * subject's arm at its site by expiry date, taken with FOR UPDATE SKIP LOCKED so that concurrent
 * dispenses never share a kit. No kit: 409 and nothing is written.
 */
export async function dispense(deps: Deps, input: z.infer<typeof subjectDosingCreate>, caller: ActorCaller) {
  const { actor } = caller;
  const research = await iwrsResearchOf(deps.db, actor);
  if (input.periodNumber > research.totalPeriods) {
    throw badRequest('iwrs_period', 'periodNumber', { max: research.totalPeriods });
  }
  const dosingId = await deps.db.transaction(async (tx) => {
    const s = await findSubject(tx, input.subjectId, { lock: true });
    assertSeesSubject(actor, s, 'subjectId');
    assertMayWrite(actor, s!);
    if (s!.researchId !== research.id) throw notFound('subjectId');
    if (s!.status !== 'Randomised' || !s!.randomizationGroup) throw conflict('iwrs_subject_not_randomised', 'subjectId');
    const [last] = await tx
      .select({ n: max(subjectDosings.dispenseNumber) })
      .from(subjectDosings)
      .where(and(eq(subjectDosings.subjectId, s!.id), eq(subjectDosings.periodNumber, input.periodNumber)));
    const at = input.dosingDateTime ? new Date(input.dosingDateTime) : new Date();
    const [dosing] = await tx
      .insert(subjectDosings)
      .values({
        researchId: research.id,
        subjectId: s!.id,
        researchOrganisationId: s!.researchOrganisationId,
        periodNumber: input.periodNumber,
        dispenseNumber: Number(last?.n ?? 0) + 1,
        dosingDateTime: at,
        createdBy: actor.userId,
      })
      .returning();
    const m = medications;
    const [kit] = await tx
      .select()
      .from(m)
      .where(
        and(
          eq(m.researchId, research.id),
          eq(m.researchOrganisationId, s!.researchOrganisationId),
          eq(m.medicationGroup, s!.randomizationGroup!),
          inArray(m.currentStatus, MEDICATION_TRANSITIONS.dispense.from),
          gte(m.expiryDate, todayIn('UTC')),
        ),
      )
      .orderBy(asc(m.expiryDate), asc(m.identNumber))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!kit) throw conflict('iwrs_no_kit', 'subjectId');
    await moveKit(tx, kit, 'dispense', caller, { patch: { subjectDosingId: dosing!.id }, subjectId: s!.id });
    await writeAudit(tx, caller.audit, {
      action: 'subject_dosing.create',
      entityType: 'subject_dosing',
      entityId: dosing!.id,
      researchId: research.id,
      subjectId: s!.id,
      after: {
        periodNumber: dosing!.periodNumber,
        dispenseNumber: dosing!.dispenseNumber,
        dosingDateTime: at.toISOString(),
        kit: kit.identNumber,
      },
    });
    return dosing!.id;
  });
  const d = await visibleDosing(deps.db, caller, dosingId);
  return { ...toDosing(d), medications: await dosingMedications(deps, dosingId, caller) };
}

/** POST /SubjectDosing/{id}/Medication/{medicationId}/ConfirmDispense or /MissedDispense: the dose's outcome. */
export async function recordDispenseOutcome(
  deps: Deps,
  dosingId: string,
  medicationId: string,
  outcome: 'confirmDispense' | 'missDispense',
  input: z.infer<typeof medicationDispenseOutcome>,
  caller: ActorCaller,
) {
  const d = await visibleDosing(deps.db, caller, dosingId);
  assertMayWrite(caller.actor, d.d);
  await deps.db.transaction(async (tx) => {
    const kit = await findKit(tx, d.d.researchId, medicationId, { lock: true });
    if (!kit) throw notFound('medicationId');
    if (kit.subjectDosingId !== d.d.id) throw conflict('iwrs_kit_not_dispensed', 'medicationId', { number: kit.identNumber });
    checkVersion(kit, input.version);
    await moveKit(tx, kit, outcome, caller, { subjectId: d.d.subjectId });
  });
  return dosingMedications(deps, dosingId, caller);
}
