import { and, eq, inArray, isNull } from 'drizzle-orm';
import { formatVersionIndex, versionActionsFrom, type design, type ResearchVersionStatus } from '@edc/domain';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/client.js';
import { employees, researchVersions, users } from '../../../platform/db/schema/index.js';
import { notFound } from '../../../platform/http/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { iso } from '../shared/checks.js';
import { researchIdOf, researchToRead } from '../shared/research.js';
import { lastVersionOf, versionsOf, type ResearchVersionRow } from '../shared/versions.js';

export type ResearchVersionDto = z.infer<typeof design.researchVersion>;
type Author = NonNullable<ResearchVersionDto['createdBy']>;

async function authorsOf(db: Db, ids: string[]): Promise<Map<string, Author>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: employees.id,
      employeeType: employees.employeeType,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      patronymic: users.patronymic,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(inArray(employees.id, unique));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        employeeType: r.employeeType,
        user: { id: r.userId, email: r.email, firstName: r.firstName, lastName: r.lastName, patronymic: r.patronymic },
      },
    ]),
  );
}

/** Research versions as the API returns them; `lastId` marks the one that may change its index or date. */
export async function toVersionDtos(
  db: Db,
  rows: ResearchVersionRow[],
  lastId: string | undefined,
): Promise<ResearchVersionDto[]> {
  const authors = await authorsOf(
    db,
    rows.map((r) => r.createdBy).filter((x): x is string => !!x),
  );
  return rows.map((r) => ({
    id: r.id,
    researchId: r.researchId,
    index: formatVersionIndex(r),
    majorIndex: r.majorIndex,
    minorIndex: r.minorIndex,
    startedDate: r.startedDate,
    description: r.description,
    status: r.status as ResearchVersionStatus,
    testedSubjects: r.testedSubjects,
    validationDocumentList: r.validationDocumentList,
    createdBy: r.createdBy ? (authors.get(r.createdBy) ?? null) : null,
    isLast: r.id === lastId,
    actions: versionActionsFrom(r.status as ResearchVersionStatus),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }));
}

export async function versionDto(db: Db, row: ResearchVersionRow): Promise<ResearchVersionDto> {
  const last = await lastVersionOf(db, row.researchId);
  return (await toVersionDtos(db, [row], last?.id))[0]!;
}

export async function findVersion(db: Db, id: string, path = 'id'): Promise<ResearchVersionRow> {
  const [row] = await db
    .select()
    .from(researchVersions)
    .where(and(eq(researchVersions.id, id), isNull(researchVersions.deletedAt)))
    .limit(1);
  if (!row) throw notFound(path);
  return row;
}

/** GET /ResearchVersions: the versions of the research, oldest first. */
export async function listVersions(db: Db, actor: Actor, q: { researchId?: string }): Promise<ResearchVersionDto[]> {
  const research = await researchToRead(db, actor, researchIdOf(actor, q.researchId));
  const rows = await versionsOf(db, research.id);
  return toVersionDtos(db, rows, rows.at(-1)?.id);
}

/** GET /ResearchVersions/{id} */
export async function getVersion(db: Db, actor: Actor, id: string): Promise<ResearchVersionDto> {
  const row = await findVersion(db, id);
  await researchToRead(db, actor, row.researchId);
  return versionDto(db, row);
}
