import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { visits } from '../../../platform/db/schema/index.js';

/** The title of a visit of the design (empty when it is gone). */
export async function findVisitTitle(db: Db, visitId: string): Promise<string> {
  const [v] = await db.select({ title: visits.title }).from(visits).where(eq(visits.id, visitId));
  return v?.title ?? '';
}
