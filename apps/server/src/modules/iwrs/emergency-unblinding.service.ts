import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { EmergencyUnblinding, emergencyUnblind, emergencyUnblindingsQuery, Language } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { emergencyUnblindings, employees, researchOrganisations, subjects, users } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/http/actor.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, forbidden } from '../../platform/http/errors.js';
import { offsetOf, pageOf } from '../../platform/http/paging.js';
import { sendInBackground, type Mail } from '../../platform/mail/mailer.js';
import { checkSignerPassword } from '../data-entry/signatures.js';
import { assertSeesSubject, seesGroup } from '../subjects/subjects.policy.js';
import { findSubject } from '../subjects/subjects.repo.js';
import { ownSiteOf } from './iwrs.policy.js';

/**
 * Emergency unblinding (docs/iwrs.md, "Emergency unblinding"): the principal investigator of a subject's
 * site discloses that one subject's group, giving a reason and re-entering the password as for an
 * electronic signature. The disclosure is a row of `emergency_unblindings` and an audit record, written in
 * one transaction; a wrong password is audited as a failed attempt. The sponsor's centre is told by mail
 * (which names no arm) and lists the unblindings; the arm is read only by callers who see groups and by
 * the investigator who unblinded.
 */

const isPrincipalInvestigatorOf = (actor: Actor, centreId: string) =>
  !!ownSiteOf(actor) &&
  actor.employee!.employeeType === 'PrincipalInvestigator' &&
  actor.employee!.researchOrganisationId === centreId;

/** POST /Subjects/{id}/EmergencyUnblind: answers the unblinding with the subject's group and number. */
export async function unblindSubject(
  deps: Deps,
  id: string,
  input: z.infer<typeof emergencyUnblind>,
  caller: ActorCaller,
): Promise<EmergencyUnblinding> {
  const subject = await findSubject(deps.db, id);
  assertSeesSubject(caller.actor, subject);
  if (!isPrincipalInvestigatorOf(caller.actor, subject!.researchOrganisationId)) throw forbidden('iwrs_unblind_pi_only');
  if (!subject!.randomizationGroup) throw conflict('iwrs_unblind_not_randomised');
  await checkSignerPassword(deps.db, caller, input.password, {
    action: 'subject.emergency_unblind_failed',
    entityType: 'subject',
    entityId: subject!.id,
    researchId: subject!.researchId,
    subjectId: subject!.id,
    after: { subjectId: subject!.id, reason: 'password_incorrect' },
  });
  const row = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(emergencyUnblindings)
      .values({
        researchId: subject!.researchId,
        subjectId: subject!.id,
        researchOrganisationId: subject!.researchOrganisationId,
        userId: caller.actor.userId,
        userEmail: caller.actor.email,
        employeeId: caller.actor.employee?.id ?? null,
        reason: input.reason,
        randomizationGroup: subject!.randomizationGroup!,
      })
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'subject.emergency_unblind',
      entityType: 'subject',
      entityId: subject!.id,
      researchId: subject!.researchId,
      subjectId: subject!.id,
      after: {
        unblindingId: saved!.id,
        reason: input.reason,
        randomizationGroup: subject!.randomizationGroup,
        randomizationNumber: subject!.randomizationNumber,
      },
    });
    return saved!;
  });
  await notifySponsor(deps, { ...row, screeningNumber: subject!.screeningNumber, centreNumber: subject!.centreNumber });
  return {
    ...replyOf({ ...row, screeningNumber: subject!.screeningNumber, centreNumber: subject!.centreNumber }, true),
    randomizationNumber: subject!.randomizationNumber,
  };
}

type Row = typeof emergencyUnblindings.$inferSelect & { screeningNumber: string; centreNumber: string };

function replyOf(r: Row, withGroup: boolean): EmergencyUnblinding {
  return {
    id: r.id,
    subjectId: r.subjectId,
    screeningNumber: r.screeningNumber,
    researchOrganisationId: r.researchOrganisationId,
    researchOrganisationNumber: r.centreNumber,
    userEmail: r.userEmail,
    reason: r.reason,
    unblindedAt: r.unblindedAt.toISOString(),
    ...(withGroup ? { randomizationGroup: r.randomizationGroup } : {}),
  };
}

/** The mail to the sponsor's centre: who, which subject, when and why — never the arm. */
export function unblindingMail(to: string, r: Row, lang: Language): Mail {
  const at = r.unblindedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  return lang === 'en'
    ? {
        to,
        subject: `Emergency unblinding: subject ${r.screeningNumber}`,
        text: `The principal investigator ${r.userEmail ?? ''} of site ${r.centreNumber} unblinded subject ${r.screeningNumber} in an emergency at ${at}.\nReason: ${r.reason}`,
      }
    : {
        to,
        subject: `Экстренное раскрытие: субъект ${r.screeningNumber}`,
        text: `Главный исследователь ${r.userEmail ?? ''} центра ${r.centreNumber} экстренно раскрыл группу субъекта ${r.screeningNumber} ${at}.\nПричина: ${r.reason}`,
      };
}

/** Every live employee with access in the research's sponsor (Admin-type) centres gets the mail. */
async function notifySponsor(deps: Deps, r: Row) {
  const staff = await deps.db
    .selectDistinct({ email: users.email, language: users.language })
    .from(employees)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(researchOrganisations.researchId, r.researchId),
        eq(researchOrganisations.organisationType, 'Admin'),
        isNull(researchOrganisations.deletedAt),
        isNull(employees.deletedAt),
        eq(employees.hasAccess, true),
        isNull(users.deletedAt),
      ),
    );
  for (const s of staff) sendInBackground(deps.mailer, unblindingMail(s.email, r, s.language === 'en' ? 'en' : 'ru'));
}

/**
 * GET /EmergencyUnblindings: the research's unblindings, newest first. The sponsor's centre sees all of
 * them, a site its own; the arm goes only to callers who see groups and to the investigator who unblinded.
 */
export async function listUnblindings(deps: Deps, q: z.infer<typeof emergencyUnblindingsQuery>, caller: ActorCaller) {
  const { actor } = caller;
  const type = actor.employee?.organisationType;
  if (!actor.employee || (type !== 'Admin' && !ownSiteOf(actor))) throw forbidden();
  const paging = { page: q.Page ?? q.page ?? 1, pageSize: q.PageSize ?? q.pageSize ?? 10 };
  const u = emergencyUnblindings;
  const where: (SQL | undefined)[] = [eq(u.researchId, actor.employee.researchId)];
  const own = ownSiteOf(actor);
  if (own) where.push(eq(u.researchOrganisationId, own));
  if (q.subjectId) where.push(eq(u.subjectId, q.subjectId));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ u, screeningNumber: subjects.screeningNumber, centreNumber: researchOrganisations.number })
      .from(u)
      .innerJoin(subjects, eq(subjects.id, u.subjectId))
      .innerJoin(researchOrganisations, eq(researchOrganisations.id, u.researchOrganisationId))
      .where(cond)
      .orderBy(desc(u.unblindedAt), desc(u.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    deps.db.select({ n: count() }).from(u).where(cond),
  ]);
  const unblinded = seesGroup(actor);
  return pageOf(
    rows.map((r) =>
      replyOf(
        { ...r.u, screeningNumber: r.screeningNumber, centreNumber: r.centreNumber },
        unblinded || r.u.userId === actor.userId,
      ),
    ),
    Number(total?.n ?? 0),
    paging,
  );
}
