import { count, desc } from 'drizzle-orm';
import type { SupportTicket, supportTicketRequest, supportTicketsQuery } from '@edc/domain';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { supportTickets } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/http/actor.js';
import type { Caller } from '../../platform/http/caller.js';
import { badRequest } from '../../platform/http/errors.js';
import { offsetOf, pageOf, searchAny } from '../../platform/http/paging.js';
import { usersWithRole } from '../users/users.repo.js';
import { supportTicketMail } from './support.mails.js';

type TicketRow = typeof supportTickets.$inferSelect;

const toTicket = (r: TicketRow): SupportTicket => ({
  id: r.id,
  email: r.email,
  topic: r.topic,
  description: r.description,
  userId: r.userId,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Stores a help request and copies it to every administrator. Signed out, the e-mail is required; signed in,
 * it defaults to the user's, and the topic names the protocol of the caller's current research.
 * Returns how many copies could not be mailed (the ticket is stored regardless).
 */
export async function addTicket(
  deps: Deps,
  input: z.infer<typeof supportTicketRequest>,
  caller: Caller & { actor?: Actor },
): Promise<{ ticket: SupportTicket; mailFailures: unknown[] }> {
  const { actor } = caller;
  const email = input.email ?? actor?.email;
  if (!email) throw badRequest('required', 'email', { field: 'email' });
  const protocol = actor?.employee?.protocolNumber;
  const suffix = protocol ? (caller.lang === 'en' ? ` (protocol ${protocol})` : ` (протокол ${protocol})`) : '';
  const topic = `${input.topic}${suffix}`.trim();
  const ticket = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({ email, topic, description: input.description, userId: actor?.userId ?? null })
      .returning();
    const ticket = toTicket(row!);
    await writeAudit(
      tx,
      { ...caller.audit, email: caller.audit.email ?? email },
      {
        action: 'support_ticket.create',
        entityType: 'support_ticket',
        entityId: ticket.id,
        researchId: actor?.employee?.researchId ?? null,
        after: ticket,
      },
    );
    return ticket;
  });
  const admins = await usersWithRole(deps.db, 'Admin');
  const sent = await Promise.allSettled(
    admins.map((a) => deps.mailer.send(supportTicketMail(a.email, ticket, a.language === 'en' ? 'en' : 'ru'))),
  );
  return { ticket, mailFailures: sent.flatMap((s) => (s.status === 'rejected' ? [s.reason] : [])) };
}

/** Newest first (ids are time-ordered UUID v7, so the primary key serves the order). */
export async function listTickets(deps: Deps, q: z.infer<typeof supportTicketsQuery>) {
  const where = searchAny(q.search, [supportTickets.email, supportTickets.topic, supportTickets.description]);
  const [rows, [counted]] = await Promise.all([
    deps.db.select().from(supportTickets).where(where).orderBy(desc(supportTickets.id)).limit(q.pageSize).offset(offsetOf(q)),
    deps.db.select({ n: count() }).from(supportTickets).where(where),
  ]);
  return pageOf(rows.map(toTicket), counted?.n ?? 0, q);
}
