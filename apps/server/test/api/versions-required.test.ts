import { describe, expect, it } from 'vitest';
import { call, expectError } from '../support/test-app.js';
import { makeResearch } from '../support/factories.js';
import { setupSubjectApp } from '../support/subject-factories.js';

/**
 * Optimistic locking (docs/security.md, "Concurrent changes"): an update of a versioned entity without the
 * `version` (subjects, monitoring visits) or `updatedAt` (researches and the study design) it was read at is
 * refused with 400 naming that field, so that concurrent writers cannot silently overwrite each other.
 */
const { t, as, site, db } = setupSubjectApp();

const paths = (res: { body: { errors: { path?: string; code: string }[] } }) => res.body.errors.map((e) => [e.path, e.code]);

describe('an update without its version', () => {
  it('of a subject: 400 naming version', async () => {
    const s = await site().create();
    const res = await call(t.app, 'PUT', `/Subjects/${s.id}/`, { token: as('sitePi'), body: { fullName: 'Без версии' } });
    expectError(res, 400, 'required', 'version');
    const stale = await call(t.app, 'PUT', `/Subjects/${s.id}/`, {
      token: as('sitePi'),
      body: { version: s.version + 1, fullName: 'Старая версия' },
    });
    expect(stale.status).toBe(409);
  });

  it('of an action on a subject (randomise, screen failure, end, sign): 400 naming version', async () => {
    const s = await site().create();
    for (const [path, body] of [
      ['Randomise', { randomizationDate: '2026-01-02', randomizationGroup: 'A', randomizationNumber: 'R-1' }],
      ['Failure', { endDate: '2026-01-02', endReason: 'x' }],
      ['End', { endDate: '2026-01-02' }],
      ['EndAheadSchedule', { endDate: '2026-01-02', endReason: 'x' }],
      ['Sign', { password: 'x' }],
    ] as const) {
      expectError(
        await call(t.app, 'POST', `/Subjects/${s.id}/${path}`, { token: as('sitePi'), body }),
        400,
        'required',
        'version',
      );
    }
  });

  it('of a research: 400 naming updatedAt; twenty writers with the same one: one wins, the rest get 409', async () => {
    const research = await makeResearch(db());
    const { updatedAt } = (await call(t.app, 'GET', `/Researches/${research.id}`, { token: as('admin') })).body.data;
    const body = { protocolVersion: '2.0', protocolVersionDate: '2026-03-01', grlsStartDate: '2026-03-02' };
    const missing = await call(t.app, 'PUT', `/Researches/${research.id}`, { token: as('admin'), body });
    expect(missing.status).toBe(400);
    expect(paths(missing)).toContainEqual(['updatedAt', 'required']);
    const writes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, 'PUT', `/Researches/${research.id}`, {
          token: as('admin'),
          body: { ...body, mnn: `Writer ${i}`, updatedAt },
        }),
      ),
    );
    const statuses = writes.map((w) => w.status);
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(writes.map((w) => w.body)),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  });
});
