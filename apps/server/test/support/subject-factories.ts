import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, todayIn, type CompletedStatus, type EmployeeType, type SubjectStatus, type VisitType } from '@edc/domain';
import type { Db } from '../../src/platform/db/client.js';
import {
  protocolVersions,
  researches,
  researchOrganisationVersions,
  researchVersions,
  subjects,
  subjectVisits,
  users,
  visitResearchVersions,
  visits,
} from '../../src/platform/db/schema/index.js';
import { callsAs, setupTestApp } from './test-app.js';
import { makeCentre, makeUser, signIn } from './factories.js';
import { makeCast, type CallerName } from './cast.js';

const unique = () => randomUUID().slice(0, 8);
export const today = () => todayIn('UTC');
/** A date that is in the future in every time zone. */
export const future = () => addDays(todayIn('UTC'), 3);
export const daysAgo = (n: number) => addDays(todayIn('UTC'), -n);

/** A visit of the design, inserted directly (the design API is not under test here). */
export async function makeVisit(
  db: Db,
  researchId: string,
  over: Partial<typeof visits.$inferInsert> & { visitType?: VisitType; versionIds?: string[] } = {},
) {
  const { versionIds, ...values } = over;
  const [{ n }] = (await db.select({ n: count() }).from(visits).where(eq(visits.researchId, researchId))) as [{ n: number }];
  const [row] = await db
    .insert(visits)
    .values({
      researchId,
      title: `Visit ${unique()}`,
      visitKey: `V-${unique()}`,
      visitType: 'Period',
      index: n,
      ...values,
    })
    .returning();
  if (versionIds?.length) {
    await db
      .insert(visitResearchVersions)
      .values(versionIds.map((researchVersionId) => ({ visitId: row!.id, researchVersionId })));
  }
  return row!;
}

export async function makeResearchVersion(db: Db, researchId: string, over: Partial<typeof researchVersions.$inferInsert> = {}) {
  const [row] = await db
    .insert(researchVersions)
    .values({ researchId, majorIndex: 1, minorIndex: 0, startedDate: daysAgo(400), status: 'Working', ...over })
    .returning();
  return row!;
}

/** Assigns a research version to a centre from a date (the centres module's table), with a protocol version. */
export async function assignCentreVersion(
  db: Db,
  opts: { researchId: string; centreId: string; researchVersionId: string; startedDate: string },
) {
  const [protocol] = await db
    .insert(protocolVersions)
    .values({ researchId: opts.researchId, protocolVersionNumber: `PV-${unique()}`, protocolVersionDate: daysAgo(500) })
    .returning();
  const [row] = await db
    .insert(researchOrganisationVersions)
    .values({
      researchOrganisationId: opts.centreId,
      researchVersionId: opts.researchVersionId,
      protocolVersionId: protocol!.id,
      startedDate: opts.startedDate,
    })
    .returning();
  return { ...row!, protocol: protocol! };
}

/** A subject inserted directly (for lists, scoping and states the API reaches only through many steps). */
export async function makeSubject(
  db: Db,
  opts: {
    researchId: string;
    centreId: string;
    centreNumber?: string;
    status?: SubjectStatus;
    screeningNumber?: string;
    randomizationNumber?: string | null;
    randomizationGroup?: string | null;
    randomizationDate?: string | null;
    screenDate?: string;
    drTrialId?: string | null;
    isSigned?: boolean;
    endDate?: string | null;
  },
) {
  const [{ max }] = (await db
    .select({ max: sql<number | null>`max(${subjects.identificationSeq})` })
    .from(subjects)
    .where(eq(subjects.researchOrganisationId, opts.centreId))) as [{ max: number | null }];
  const n = Number(max ?? 0) + 1;
  const randomised = ['Randomised', 'End', 'EndAheadSchedule'].includes(opts.status ?? 'Started');
  const [row] = await db
    .insert(subjects)
    .values({
      researchId: opts.researchId,
      researchOrganisationId: opts.centreId,
      gender: 'Female',
      birthDate: '1980-05-05',
      screenDate: opts.screenDate ?? daysAgo(60),
      screeningNumber: opts.screeningNumber ?? `S-${unique()}`,
      identificationSeq: n,
      identificationNumber: `${opts.centreNumber ?? 'X'}-${n}`,
      status: opts.status ?? 'Started',
      isRandomised: randomised,
      randomizationNumber: opts.randomizationNumber ?? (randomised ? `R-${unique()}` : null),
      randomizationGroup: opts.randomizationGroup ?? (randomised ? 'A' : null),
      randomizationDate: opts.randomizationDate ?? (randomised ? daysAgo(50) : null),
      drTrialId: opts.drTrialId ?? null,
      isSigned: opts.isSigned ?? false,
      endDate: opts.endDate ?? null,
    })
    .returning();
  return row!;
}

/** A subject visit inserted directly, in any completed status. */
export async function makeSubjectVisit(
  db: Db,
  opts: { subjectId: string; visitId: string; date?: string; status?: CompletedStatus; repeatIndex?: number; signDate?: string },
) {
  const [row] = await db
    .insert(subjectVisits)
    .values({
      subjectId: opts.subjectId,
      visitId: opts.visitId,
      date: opts.date ?? daysAgo(30),
      formCompletedStatus: opts.status ?? 'Empty',
      repeatIndex: opts.repeatIndex ?? 0,
      signDate: opts.signDate ?? null,
    })
    .returning();
  return row!;
}

/** A signed-in employee of a centre in a given role; `language: 'en'` for a user reading English. */
export async function makeEmployee(
  app: FastifyInstance,
  db: Db,
  centre: { id: string; organisationId: string },
  employeeType: EmployeeType,
  opts: { language?: 'ru' | 'en'; userRole?: 'User' | 'Sponsor' } = {},
) {
  const u = await makeUser(db, { centre, employeeType, userRole: opts.userRole });
  if (opts.language) await db.update(users).set({ language: opts.language }).where(eq(users.id, u.user.id));
  return { token: await signIn(app, u.user.email), userId: u.user.id, employeeId: u.employeeId! };
}

/**
 * The role-matrix cast plus what subjects need: a second site centre with its own PI, an unblinded site
 * nurse, an English-speaking site PI, and the visits of a small schedule (screening on day 0, randomisation
 * on day 0, a period visit on day 14 ±2, a repeating unscheduled visit, an end visit, and a visit tied to
 * the external system).
 */
export async function makeSubjectWorld(app: FastifyInstance, db: Db) {
  const cast = await makeCast(app, db);
  const { world } = cast;
  const researchId = world.research.id;
  // Subjects are randomised by hand here, as in a research without IWRS (with IWRS the list decides: iwrs-*.test.ts).
  await db.update(researches).set({ withIwrs: false }).where(eq(researches.id, researchId));
  const site = { id: world.cast.Site.centreId, organisationId: world.cast.Site.organisationId };
  const site2Centre = await makeCentre(db, { researchId, type: 'Site', number: `C2-${unique()}` });
  const site2 = await makeEmployee(app, db, site2Centre, 'PrincipalInvestigator');
  const unblinded = await makeEmployee(app, db, site, 'UnblindedNurse');
  const english = await makeEmployee(app, db, site, 'PrincipalInvestigator', { language: 'en' });
  const schedule = {
    screening: await makeVisit(db, researchId, { visitType: 'Screening', title: 'Screening' }),
    randomisation: await makeVisit(db, researchId, { visitType: 'Randomisation', title: 'Randomisation' }),
    period: await makeVisit(db, researchId, { visitType: 'Period', title: 'Day 14', dayNumber: 14, dayPlus: 2, dayMinus: 2 }),
    unscheduled: await makeVisit(db, researchId, { visitType: 'Period', title: 'Unscheduled', repeating: true }),
    end: await makeVisit(db, researchId, { visitType: 'End', title: 'End', dayNumber: 28, dayPlus: 3 }),
    external: await makeVisit(db, researchId, { visitType: 'Period', title: 'External', drTrialId: 'EXT-1', dayNumber: 7 }),
  };
  return { ...cast, researchId, site, site2Centre, site2, unblinded, english, schedule };
}
export type SubjectWorld = Awaited<ReturnType<typeof makeSubjectWorld>>;

/**
 * One app and one subject world for the whole test file (see setupTestApp): `t` and `w` are filled in by
 * beforeAll; `as(caller)` is that caller's token and `site()` the subject API as the site PI.
 */
export function setupSubjectApp(env: Record<string, string> = {}) {
  const t = setupTestApp(env);
  const w = {} as SubjectWorld;
  beforeAll(async () => {
    Object.assign(w, await makeSubjectWorld(t.app, t.database.db));
  });
  const as = (c: CallerName) => w.callers[c].token;
  return { t, w, db: () => t.database.db, as, site: () => subjectsApi(t.app, as('sitePi')) };
}

/** Calls of the subject API as one caller, failing loudly on anything but 200. */
export function subjectsApi(app: FastifyInstance, token: string) {
  const { send, ok } = callsAs(app, token);
  return {
    send,
    ok,
    create: (over: Record<string, unknown> = {}) =>
      ok('POST', '/Subjects', {
        genderString: 'Male',
        birthDate: '1990-01-02',
        screenDate: daysAgo(40),
        screeningNumber: `S-${unique()}`,
        ...over,
      }),
    visit: (subjectId: string, visitId: string, date = daysAgo(40)) => ok('POST', '/SubjectsVisit', { subjectId, visitId, date }),
    randomise: async (subjectId: string, over: Record<string, unknown> = {}) =>
      ok('POST', `/Subjects/${subjectId}/Randomise`, {
        version: (await ok('GET', `/Subjects/${subjectId}`)).version,
        randomizationDate: daysAgo(30),
        randomizationGroup: 'A',
        randomizationNumber: `R-${unique()}`,
        ...over,
      }),
  };
}

/** The subject's current `version`, for actions that must name the version they are based on. */
export async function subjectVersion(db: Db, id: string): Promise<number> {
  const [row] = await db.select({ version: subjects.version }).from(subjects).where(eq(subjects.id, id));
  return row?.version ?? 1;
}
