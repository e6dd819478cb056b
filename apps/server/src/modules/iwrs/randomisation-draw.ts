import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { randomisationEntries, randomisationLists } from '../../platform/db/schema/index.js';
import { conflict } from '../../platform/http/errors.js';
import { stratumFieldOf, subjectFieldValue } from './randomisation-strata.service.js';

async function hasList(db: Db, researchId: string, stratum: string): Promise<boolean> {
  const [own] = await db
    .select({ id: randomisationLists.id })
    .from(randomisationLists)
    .where(and(eq(randomisationLists.researchId, researchId), eq(randomisationLists.stratum, stratum)))
    .limit(1);
  return Boolean(own);
}

/**
 * The subject's stratum (docs/iwrs.md, "Lists and strata"). Without a stratification field: its centre's
 * number when the research has a list for that centre, else '' (the research's own list). With one: the
 * subject's value of the field, prefixed by the centre (`01/M`) when the research has a list for that
 * centre and value; no value is 409 `iwrs_stratum_value_missing` naming the field.
 */
export async function stratumOf(db: Db, subject: { id: string; researchId: string; centreNumber: string }): Promise<string> {
  const field = await stratumFieldOf(db, subject.researchId);
  if (!field) return (await hasList(db, subject.researchId, subject.centreNumber)) ? subject.centreNumber : '';
  const value = await subjectFieldValue(db, subject.id, field.formFieldId);
  if (!value) throw conflict('iwrs_stratum_value_missing', 'stratum', { field: field.text });
  const bySite = `${subject.centreNumber}/${value}`;
  return (await hasList(db, subject.researchId, bySite)) ? bySite : value;
}

/**
 * Gives the subject the next unused entry of its stratum, in the caller's transaction. The row is taken
 * with FOR UPDATE SKIP LOCKED, so that concurrent randomisations each get another entry and none waits;
 * the entry's `subjectId` is set once. 409 when the stratum has no list or no entry is left.
 */
export async function drawRandomisationEntry(
  tx: Db,
  subject: { id: string; researchId: string; centreNumber: string },
): Promise<{ id: string; randomizationNumber: string; group: string; stratum: string }> {
  // Shared with other draws, exclusive with a change of the stratification field (randomisation-strata.service.ts).
  await tx.execute(sql`select pg_advisory_xact_lock_shared(7301023, hashtext(${subject.researchId}))`);
  const stratum = await stratumOf(tx, subject);
  const e = randomisationEntries;
  const next = tx
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.researchId, subject.researchId), eq(e.stratum, stratum), isNull(e.subjectId)))
    .orderBy(asc(e.position))
    .limit(1)
    .for('update', { skipLocked: true });
  const [entry] = await tx
    .update(e)
    .set({ subjectId: subject.id, usedAt: new Date() })
    .where(and(inArray(e.id, next), isNull(e.subjectId)))
    .returning({ id: e.id, randomizationNumber: e.randomizationNumber, group: e.group });
  if (entry) return { ...entry, stratum };
  const [anyList] = await tx
    .select({ id: randomisationLists.id })
    .from(randomisationLists)
    .where(and(eq(randomisationLists.researchId, subject.researchId), eq(randomisationLists.stratum, stratum)))
    .limit(1);
  const shown = stratum || '—';
  throw conflict(anyList ? 'iwrs_list_exhausted' : 'iwrs_list_missing', undefined, { stratum: shown });
}
