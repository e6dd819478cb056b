import { count, eq } from 'drizzle-orm';
import type { EmployeeType, OrganisationType, UserRole } from '@edc/domain';
import type { Db } from '../platform/db/client.js';
import {
  employees,
  organisations,
  organisationUsers,
  researches,
  researchOrganisations,
  users,
} from '../platform/db/schema/index.js';
import { hashPassword } from '../platform/crypto/passwords.js';
import { writeAudit } from '../platform/audit/audit.js';

export const DEMO_PASSWORD = 'demo-pass-2026';

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

const ORGANISATIONS = {
  sponsor: { name: 'ООО «Демо Фарма»', shortName: 'Демо Фарма', address: 'Москва, ул. Примерная, 1' },
  site1: { name: 'ГБУЗ «Городская клиническая больница №1»', shortName: 'ГКБ №1', address: 'Москва, Ленинский пр-т, 8' },
  site2: { name: 'ООО «Клиника Здоровье»', shortName: 'Клиника Здоровье', address: 'Санкт-Петербург, Невский пр-т, 100' },
  testSite: { name: 'ООО «Тестовый центр»', shortName: 'Тестовый центр', address: 'Казань, ул. Баумана, 5' },
  qa: { name: 'ООО «Отдел качества»', shortName: 'Контроль качества', address: 'Москва, ул. Тверская, 12' },
  kio: { name: 'ООО «КИО Мониторинг»', shortName: 'КИО Мониторинг', address: 'Новосибирск, Красный пр-т, 25' },
} as const;
type OrgKey = keyof typeof ORGANISATIONS;

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  patronymic?: string;
  userRole: UserRole;
  /** organisation memberships; the first is current unless `noCurrent` */
  organisations: OrgKey[];
  noCurrent?: boolean;
  employees?: { centre: CentreKey; type: EmployeeType }[];
}

export type CentreKey = 'admin' | 'site1' | 'site2' | 'testSite' | 'qa' | 'kio' | 'admin2';

const CENTRES: Record<CentreKey, { research: 1 | 2; org: OrgKey; type: OrganisationType; number: string }> = {
  admin: { research: 1, org: 'sponsor', type: 'Admin', number: 'A-01' },
  site1: { research: 1, org: 'site1', type: 'Site', number: '01' },
  site2: { research: 1, org: 'site2', type: 'Site', number: '02' },
  testSite: { research: 1, org: 'testSite', type: 'TestSite', number: 'T-01' },
  qa: { research: 1, org: 'qa', type: 'Qa', number: 'Q-01' },
  kio: { research: 1, org: 'kio', type: 'Kio', number: 'K-01' },
  admin2: { research: 2, org: 'sponsor', type: 'Admin', number: 'A-01' },
};

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@demo.test',
    firstName: 'Анна',
    lastName: 'Администраторова',
    patronymic: 'Сергеевна',
    userRole: 'Admin',
    organisations: ['sponsor'],
    employees: [
      { centre: 'admin', type: 'Manager' },
      { centre: 'admin2', type: 'Manager' },
    ],
  },
  { email: 'editor@demo.test', firstName: 'Егор', lastName: 'Редакторов', userRole: 'Editor', organisations: ['sponsor'] },
  {
    email: 'site@demo.test',
    firstName: 'Пётр',
    lastName: 'Исследователев',
    patronymic: 'Иванович',
    userRole: 'User',
    organisations: ['site1'],
    employees: [{ centre: 'site1', type: 'PrincipalInvestigator' }],
  },
  {
    email: 'coresearcher@demo.test',
    firstName: 'Ольга',
    lastName: 'Соисследова',
    userRole: 'User',
    organisations: ['site1'],
    employees: [{ centre: 'site1', type: 'CoResearcher' }],
  },
  {
    email: 'site2@demo.test',
    firstName: 'Дмитрий',
    lastName: 'Второв',
    userRole: 'User',
    organisations: ['site2'],
    employees: [{ centre: 'site2', type: 'PrincipalInvestigator' }],
  },
  {
    email: 'testsite@demo.test',
    firstName: 'Тимур',
    lastName: 'Тестов',
    userRole: 'User',
    organisations: ['testSite'],
    employees: [{ centre: 'testSite', type: 'PrincipalInvestigator' }],
  },
  {
    email: 'qa@demo.test',
    firstName: 'Юлия',
    lastName: 'Качествова',
    userRole: 'User',
    organisations: ['qa'],
    employees: [{ centre: 'qa', type: 'SpecialistQa' }],
  },
  {
    email: 'dm@demo.test',
    firstName: 'Денис',
    lastName: 'Данных',
    userRole: 'User',
    organisations: ['qa'],
    employees: [{ centre: 'qa', type: 'DataManager' }],
  },
  {
    email: 'kio@demo.test',
    firstName: 'Мария',
    lastName: 'Мониторова',
    userRole: 'User',
    organisations: ['kio'],
    employees: [{ centre: 'kio', type: 'Monitor' }],
  },
  {
    email: 'multi@demo.test',
    firstName: 'Михаил',
    lastName: 'Многоликов',
    userRole: 'User',
    organisations: ['site1', 'site2'],
    noCurrent: true,
  },
];

/** The demo world of the README: six organisations, two researches, their centres and ten accounts. */
export async function seedDemoWorld(db: Db): Promise<Record<CentreKey, string>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const orgIds = {} as Record<OrgKey, string>;
    for (const [key, value] of Object.entries(ORGANISATIONS) as [OrgKey, (typeof ORGANISATIONS)[OrgKey]][]) {
      const [row] = await tx.insert(organisations).values(value).returning({ id: organisations.id });
      orgIds[key] = row!.id;
    }
    const [r1] = await tx
      .insert(researches)
      .values({
        grlsProtocolNumber: 'DEMO-001',
        grlsProtocol: 'Многоцентровое рандомизированное исследование препарата Демосульфан',
        sponsor: ORGANISATIONS.sponsor.name,
        mnn: 'Демосульфан',
        grlsPhase: 'III',
        grlsStartDate: '2026-01-15',
        protocolVersion: '1.0',
        protocolVersionDate: '2026-01-10',
        plannedSubject: 120,
        totalPeriods: 2,
        groupList: ['A', 'B'],
        pointList: ['Скрининг', 'Рандомизация', 'Лечение', 'Завершение'],
        withIwrs: true,
      })
      .returning({ id: researches.id });
    const [r2] = await tx
      .insert(researches)
      .values({
        grlsProtocolNumber: 'DEMO-002',
        mnn: 'Плацебин',
        sponsor: ORGANISATIONS.sponsor.name,
        grlsPhase: 'I',
        totalPeriods: 1,
        groupList: ['A'],
        withIwrs: false,
      })
      .returning({ id: researches.id });
    const researchIds = { 1: r1!.id, 2: r2!.id };
    const centreIds = {} as Record<CentreKey, string>;
    for (const [key, c] of Object.entries(CENTRES) as [CentreKey, (typeof CENTRES)[CentreKey]][]) {
      const [row] = await tx
        .insert(researchOrganisations)
        .values({
          researchId: researchIds[c.research],
          organisationId: orgIds[c.org],
          organisationType: c.type,
          number: c.number,
        })
        .returning({ id: researchOrganisations.id });
      centreIds[key] = row!.id;
    }
    for (const u of DEMO_USERS) {
      const [user] = await tx
        .insert(users)
        .values({
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          patronymic: u.patronymic ?? null,
          userRole: u.userRole,
          passwordHash,
        })
        .returning({ id: users.id });
      let currentOu: string | null = null;
      for (const org of u.organisations) {
        const role: UserRole = u.userRole === 'Admin' || u.userRole === 'Editor' ? u.userRole : 'User';
        const [ou] = await tx
          .insert(organisationUsers)
          .values({ userId: user!.id, organisationId: orgIds[org], userRole: role, isVerify: true })
          .returning({ id: organisationUsers.id });
        currentOu ??= u.noCurrent ? null : ou!.id;
      }
      let currentEmployee: string | null = null;
      for (const e of u.employees ?? []) {
        const [emp] = await tx
          .insert(employees)
          .values({ userId: user!.id, researchOrganisationId: centreIds[e.centre], employeeType: e.type })
          .returning({ id: employees.id });
        currentEmployee ??= emp!.id;
      }
      await tx
        .update(users)
        .set({ currentOrganisationUserId: currentOu, currentEmployeeId: currentEmployee })
        .where(eq(users.id, user!.id));
    }
    await writeAudit(
      tx,
      { email: 'system' },
      { action: 'system.seed_demo_world', entityType: 'system', after: { users: DEMO_USERS.map((u) => u.email) } },
    );
    return centreIds;
  });
}
