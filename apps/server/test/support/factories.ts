import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EmployeeType, OrganisationType, UserRole } from '@edc/domain';
import type { Db } from '../../src/platform/db/client.js';
import {
  employees,
  organisations,
  organisationUsers,
  researches,
  researchOrganisations,
  users,
} from '../../src/platform/db/schema/index.js';
import { hashPassword } from '../../src/platform/crypto/passwords.js';
import { call } from './test-app.js';

export const PASSWORD = 'correct-horse-2026';
let passwordHash: Promise<string> | undefined;
const unique = () => randomUUID().slice(0, 8);

export async function makeOrganisation(db: Db, over: Partial<typeof organisations.$inferInsert> = {}) {
  const tag = unique();
  const [row] = await db
    .insert(organisations)
    .values({ name: `Organisation ${tag}`, shortName: `Org ${tag}`, address: `Street ${tag}`, ...over })
    .returning();
  return row!;
}

export async function makeResearch(db: Db, over: Partial<typeof researches.$inferInsert> = {}) {
  const [row] = await db
    .insert(researches)
    .values({ grlsProtocolNumber: `P-${unique()}`, mnn: 'Testol', groupList: ['A', 'B'], ...over })
    .returning();
  return row!;
}

export async function makeCentre(
  db: Db,
  opts: { researchId: string; organisationId?: string; type: OrganisationType; number?: string },
) {
  const organisationId = opts.organisationId ?? (await makeOrganisation(db)).id;
  const [row] = await db
    .insert(researchOrganisations)
    .values({ researchId: opts.researchId, organisationId, organisationType: opts.type, number: opts.number ?? unique() })
    .returning();
  return row!;
}

/** A user with a password, optionally a verified member of an organisation and an employee of a centre (both made current). */
export async function makeUser(
  db: Db,
  opts: {
    email?: string;
    userRole?: UserRole;
    organisationId?: string;
    organisationRole?: UserRole;
    verified?: boolean;
    centre?: { id: string; organisationId: string };
    employeeType?: EmployeeType;
  } = {},
) {
  passwordHash ??= hashPassword(PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      email: opts.email ?? `user-${unique()}@example.test`,
      firstName: 'Test',
      lastName: `User ${unique()}`,
      userRole: opts.userRole ?? 'User',
      passwordHash: await passwordHash,
    })
    .returning();
  const organisationId = opts.organisationId ?? opts.centre?.organisationId;
  let ouId: string | null = null;
  if (organisationId) {
    const [ou] = await db
      .insert(organisationUsers)
      .values({ userId: user!.id, organisationId, userRole: opts.organisationRole ?? 'User', isVerify: opts.verified ?? true })
      .returning();
    ouId = ou!.id;
  }
  let employeeId: string | null = null;
  if (opts.centre) {
    const [emp] = await db
      .insert(employees)
      .values({
        userId: user!.id,
        researchOrganisationId: opts.centre.id,
        employeeType: opts.employeeType ?? 'PrincipalInvestigator',
      })
      .returning();
    employeeId = emp!.id;
  }
  await db.update(users).set({ currentOrganisationUserId: ouId, currentEmployeeId: employeeId }).where(eq(users.id, user!.id));
  return { user: user!, organisationUserId: ouId, employeeId };
}

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const { status, body } = await call(app, 'POST', '/Auth/SignIn', { body: { email, password } });
  if (status !== 200) throw new Error(`sign-in of ${email} failed: ${status} ${JSON.stringify(body)}`);
  return body.data.accessToken;
}

/** A research with one centre of each type and a signed-in employee in each: the role matrix's cast. */
export async function makeWorld(app: FastifyInstance, db: Db) {
  const research = await makeResearch(db, { withIwrs: true });
  const types: OrganisationType[] = ['Admin', 'Site', 'TestSite', 'Qa', 'Kio'];
  const employeeOf: Record<OrganisationType, EmployeeType> = {
    Admin: 'Manager',
    Site: 'PrincipalInvestigator',
    TestSite: 'PrincipalInvestigator',
    Qa: 'SpecialistQa',
    Kio: 'Monitor',
  };
  const cast = {} as Record<
    OrganisationType,
    { token: string; userId: string; employeeId: string; centreId: string; organisationId: string }
  >;
  for (const type of types) {
    const centre = await makeCentre(db, { researchId: research.id, type });
    const u = await makeUser(db, { centre, employeeType: employeeOf[type] });
    cast[type] = {
      token: await signIn(app, u.user.email),
      userId: u.user.id,
      employeeId: u.employeeId!,
      centreId: centre.id,
      organisationId: centre.organisationId,
    };
  }
  const adminUser = await makeUser(db, {
    userRole: 'Admin',
    organisationId: cast.Admin.organisationId,
    organisationRole: 'Admin',
  });
  const editorUser = await makeUser(db, {
    userRole: 'Editor',
    organisationId: cast.Admin.organisationId,
    organisationRole: 'Editor',
  });
  return {
    research,
    cast,
    admin: { token: await signIn(app, adminUser.user.email), userId: adminUser.user.id, email: adminUser.user.email },
    editor: { token: await signIn(app, editorUser.user.email), userId: editorUser.user.id, email: editorUser.user.email },
  };
}
