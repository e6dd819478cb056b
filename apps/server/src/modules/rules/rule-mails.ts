import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Language } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import {
  employees,
  forms,
  researches,
  researchOrganisations,
  subjects,
  subjectVisits,
  users,
  visits,
} from '../../platform/db/schema/index.js';
import type { Actor } from '../../platform/http/actor.js';
import { sendInBackground } from '../../platform/mail/mailer.js';
import { ruleMailText, type RuleMailContext } from './rule-texts.js';

/**
 * The mails of EmailAction rules (docs/rules.md "Actions"): to the investigators of the subject's centre
 * (PrincipalInvestigator, CoResearcher) and the research's monitors (employees of its KIO centres), each in
 * the recipient's language, through the application's mailer (the outbox without SMTP). A mail goes out
 * only once the save that fired it is committed: the save queues it on the request's actor, and whoever
 * knows the transaction has committed sends the queue (item-data.service.ts after its transaction; for a
 * save inside another module's transaction, the rules routes' onResponse hook, when the reply is a
 * success); a failed request drops it.
 */

export interface RuleMail {
  to: string;
  lang: Language;
  context: Omit<RuleMailContext, 'link'>;
  subjectVisitId: string;
}

const queued = new WeakMap<Actor, RuleMail[]>();

export function queueRuleMails(actor: Actor, mails: RuleMail[]): void {
  if (!mails.length) return;
  const list = queued.get(actor) ?? [];
  list.push(...mails);
  queued.set(actor, list);
}

/** Drops what a failed request queued. */
export function dropRuleMails(actor: Actor | undefined): void {
  if (actor) queued.delete(actor);
}

/** Sends what the actor's committed saves queued (without waiting for the mail server). */
export function sendRuleMails(deps: Pick<Deps, 'mailer' | 'config'>, actor: Actor | undefined): void {
  if (!actor) return;
  const list = queued.get(actor);
  if (!list) return;
  queued.delete(actor);
  for (const m of list) {
    const link = `${deps.config.publicUrl}/subjectVisit/${m.subjectVisitId}`;
    const { subject, text } = ruleMailText({ ...m.context, link }, m.lang);
    sendInBackground(deps.mailer, { to: m.to, subject, text, links: [link] });
  }
}

/** The recipients of a centre's EmailAction: its investigators and the research's monitors, each once. */
export async function ruleMailRecipients(db: Db, researchId: string, centreId: string) {
  const rows = await db
    .selectDistinct({ email: users.email, language: users.language })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
    .where(
      and(
        isNull(employees.deletedAt),
        eq(employees.hasAccess, true),
        isNull(users.deletedAt),
        isNull(researchOrganisations.deletedAt),
        eq(researchOrganisations.researchId, researchId),
        or(
          and(eq(researchOrganisations.id, centreId), inArray(employees.employeeType, ['PrincipalInvestigator', 'CoResearcher'])),
          eq(researchOrganisations.organisationType, 'Kio'),
        ),
      ),
    );
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = r.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The research, subject, visit and form a mail names. */
export async function ruleMailPlace(db: Db, subjectVisitId: string, formId: string) {
  const [row] = await db
    .select({
      protocol: researches.grlsProtocolNumber,
      subject: sql<string>`coalesce(nullif(${subjects.identificationNumber}, ''), ${subjects.screeningNumber})`,
      visit: visits.title,
      form: sql<string>`(select ${forms.title} from ${forms} where ${forms.id} = ${formId})`,
    })
    .from(subjectVisits)
    .innerJoin(subjects, eq(subjects.id, subjectVisits.subjectId))
    .innerJoin(researches, eq(researches.id, subjects.researchId))
    .innerJoin(visits, eq(visits.id, subjectVisits.visitId))
    .where(eq(subjectVisits.id, subjectVisitId));
  return row ?? { protocol: '', subject: '', visit: '', form: '' };
}
