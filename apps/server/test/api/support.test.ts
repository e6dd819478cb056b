import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { supportTickets, users } from '../../src/platform/db/schema/index.js';
import { call } from '../support/test-app.js';
import { makeUser, signIn } from '../support/factories.js';
import { auditOf, matrix, setupCastApp } from '../support/cast.js';

const { t, callers, world, db, as } = setupCastApp();

const ticketsFrom = (email: string) => db().select().from(supportTickets).where(eq(supportTickets.email, email));
const protocol = () => world.research.grlsProtocolNumber;

describe('POST /support/addTicket', () => {
  it('signed out: stores the ticket, copies it to every live Admin user and audits it', async () => {
    const secondAdmin = await makeUser(db(), { userRole: 'Admin' });
    const goneAdmin = await makeUser(db(), { userRole: 'Admin' });
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, goneAdmin.user.id));
    const sentBefore = t.mailer.sent.length;
    const email = `visitor-${Date.now()}@example.test`;
    const res = await call(t.app, 'POST', '/support/addTicket', { body: { email, topic: 'Вход', description: 'Не могу войти' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Обращение отправлено в поддержку');
    const [ticket] = await ticketsFrom(email);
    expect(ticket).toMatchObject({ topic: 'Вход', description: 'Не могу войти', userId: null });
    const recipients = t.mailer.sent.slice(sentBefore).map((m) => m.to);
    expect(recipients).toEqual(expect.arrayContaining([world.admin.email, secondAdmin.user.email]));
    expect(recipients).not.toContain(goneAdmin.user.email);
    expect(recipients).not.toContain(world.editor.email);
    expect(t.mailer.lastTo(world.admin.email)!.text).toContain('Не могу войти');
    const [audit] = await auditOf(db(), ticket!.id, 'support_ticket.create');
    expect(audit!.before).toBeNull();
    expect(audit!.after).toMatchObject({ email, topic: 'Вход', description: 'Не могу войти' });
    expect(audit!.userEmail).toBe(email);
  });

  it('signed out without an e-mail: 400 required naming email; nothing stored', async () => {
    const res = await call(t.app, 'POST', '/support/addTicket', { body: { topic: 'X', description: 'No e-mail' }, lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'required', path: 'email', message: 'Field “email” is required' });
    expect(await db().select().from(supportTickets).where(eq(supportTickets.description, 'No e-mail'))).toHaveLength(0);
  });

  it('signed in: uses the user’s e-mail and appends the protocol of the current research to the topic', async () => {
    const res = await call(t.app, 'POST', '/support/addTicket', {
      token: as('sitePi'),
      body: { topic: 'Форма', description: 'Ошибка' },
    });
    expect(res.status).toBe(200);
    const [ticket] = await db().select().from(supportTickets).where(eq(supportTickets.userId, callers.sitePi.userId));
    expect(ticket!.topic).toBe(`Форма (протокол ${protocol()})`);
    const [audit] = await auditOf(db(), ticket!.id, 'support_ticket.create');
    expect(audit!.userId).toBe(callers.sitePi.userId);
    expect(audit!.researchId).toBe(world.research.id);
  });

  it('in English the suffix is “protocol”; a given e-mail wins; without a current employee there is no suffix', async () => {
    await call(t.app, 'PUT', `/Users/${callers.kio.userId}/`, { token: as('kio'), body: { language: 'en' } });
    const email = `reply-to-${Date.now()}@example.test`;
    const res = await call(t.app, 'POST', '/support/addTicket', {
      token: as('kio'),
      body: { email, topic: 'Visit', description: 'Help' },
    });
    expect(res.body.message).toBe('Your request has been sent to support');
    expect((await ticketsFrom(email))[0]!.topic).toBe(`Visit (protocol ${protocol()})`);
    await call(t.app, 'POST', '/support/addTicket', {
      token: as('editor'),
      body: { topic: 'Plain', description: 'Editor asks' },
    });
    const [plain] = await db().select().from(supportTickets).where(eq(supportTickets.userId, callers.editor.userId));
    expect(plain).toMatchObject({ topic: 'Plain', email: world.editor.email });
  });

  it('a stale token is ignored on this public route', async () => {
    const u = await makeUser(db());
    const token = await signIn(t.app, u.user.email);
    await call(t.app, 'POST', '/Auth/SignOut', { token });
    const res = await call(t.app, 'POST', '/support/addTicket', { token, body: { description: 'After sign-out' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('email');
  });

  it.each([
    [{ email: 'a@example.test', topic: 'X' }, 'description', 'required'],
    [{ email: 'a@example.test', topic: 'X', description: '   ' }, 'description', 'validation'],
    [{ email: 'not-mail', description: 'X' }, 'email', 'validation'],
    [{ email: 'a@example.test', topic: 'x'.repeat(301), description: 'X' }, 'topic', 'validation'],
  ])('refuses %j with 400 naming %s', async (body, path, code) => {
    const res = await call(t.app, 'POST', '/support/addTicket', { body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path, code });
  });

  it.each(matrix({}, 200))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const res = await call(t.app, 'POST', '/support/addTicket', {
      token: as(caller),
      body: { topic: 'Matrix', description: caller },
    });
    expect(res.status).toBe(expected);
  });
});

describe('GET /support/tickets', () => {
  it('pages the tickets, newest first', async () => {
    for (const n of [1, 2, 3])
      await call(t.app, 'POST', '/support/addTicket', { body: { email: 'order@example.test', description: `#${n}` } });
    const res = await call(t.app, 'GET', '/support/tickets?search=order%40example&pageSize=2', { token: as('admin') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 2, totalCount: 3 });
    expect(res.body.data.map((x: { description: string }) => x.description)).toEqual(['#3', '#2']);
    expect(res.body.data[0]).toMatchObject({ email: 'order@example.test', userId: null, createdAt: expect.stringMatching(/Z$/) });
    const next = await call(t.app, 'GET', '/support/tickets?search=order%40example&pageSize=2&page=2', { token: as('admin') });
    expect(next.body.data.map((x: { description: string }) => x.description)).toEqual(['#1']);
  });

  it('400 names bad paging; 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/support/tickets?pageSize=x', { token: as('admin') })).body.errors[0].path).toBe(
      'pageSize',
    );
    expect((await call(t.app, 'GET', '/support/tickets')).status).toBe(401);
  });

  it.each(matrix({ admin: 200 }, 403))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    expect((await call(t.app, 'GET', '/support/tickets', { token: as(caller) })).status).toBe(expected);
  });
});
