import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MEDICATION_TRANSITIONS, type Shipment, type shipmentCreate, type shipmentsQuery } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { medications, researchOrganisations, shipments, users } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf } from '../../platform/http/paging.js';
import { assertSeesSupply, iwrsResearchOf, ownSiteOf } from './iwrs.policy.js';
import { assertTransition, logKits } from './medications.repo.js';

/**
 * Shipments (docs/iwrs.md, "Supply"): the sponsor sends many approved kits to a site at once (ShipToSite);
 * the site confirms their arrival (AcceptedInSite), after which they can be dispensed there.
 */

const shipper = sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${shipments.shippedBy})`;
const receiver = sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${shipments.receivedBy})`;
const kitCount = sql<number>`(select count(*)::int from ${medications} where ${medications.shipmentId} = ${shipments.id})`;

async function shipmentRows(db: Db, where: ReturnType<typeof and>, paging?: { page: number; pageSize: number }) {
  const q = db
    .select({ s: shipments, centreNumber: researchOrganisations.number, shippedBy: shipper, receivedBy: receiver, kitCount })
    .from(shipments)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, shipments.researchOrganisationId))
    .where(where)
    .orderBy(desc(shipments.number));
  const rows = paging ? await q.limit(paging.pageSize).offset(offsetOf(paging)) : await q;
  return rows.map(
    (r): Shipment => ({
      id: r.s.id,
      number: r.s.number,
      researchOrganisationId: r.s.researchOrganisationId,
      researchOrganisationNumber: r.centreNumber,
      status: r.s.status,
      shippedAt: r.s.shippedAt.toISOString(),
      shippedBy: r.shippedBy,
      receivedAt: r.s.receivedAt?.toISOString() ?? null,
      receivedBy: r.receivedBy,
      kitCount: Number(r.kitCount),
    }),
  );
}

/** POST /Shipments: approved depot kits go to a site; any kit not ready refuses the whole shipment. */
export async function createShipment(deps: Deps, input: z.infer<typeof shipmentCreate>, caller: ActorCaller) {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_supply');
  const id = await deps.db.transaction(async (tx) => {
    const [centre] = await tx
      .select()
      .from(researchOrganisations)
      .where(and(eq(researchOrganisations.id, input.researchOrganisationId), eq(researchOrganisations.researchId, research.id)));
    if (!centre || centre.deletedAt) throw notFound('researchOrganisationId');
    if (centre.organisationType !== 'Site' && centre.organisationType !== 'TestSite') {
      throw badRequest('iwrs_not_site', 'researchOrganisationId');
    }
    const ids = [...new Set(input.medicationIds)];
    const kits = await tx
      .select()
      .from(medications)
      .where(and(eq(medications.researchId, research.id), inArray(medications.id, ids)))
      .orderBy(asc(medications.identNumber))
      .for('update');
    if (kits.length !== ids.length) throw notFound('medicationIds');
    for (const kit of kits) assertTransition(kit, 'ship', 'medicationIds');
    await tx.execute(sql`select pg_advisory_xact_lock(7301023, hashtext(${research.id}))`);
    const [last] = await tx
      .select({ n: max(shipments.number) })
      .from(shipments)
      .where(eq(shipments.researchId, research.id));
    const at = new Date();
    const [row] = await tx
      .insert(shipments)
      .values({
        researchId: research.id,
        number: Number(last?.n ?? 0) + 1,
        researchOrganisationId: centre.id,
        shippedAt: at,
        shippedBy: caller.actor.userId,
      })
      .returning();
    await tx
      .update(medications)
      .set({
        currentStatus: MEDICATION_TRANSITIONS.ship.to,
        researchOrganisationId: centre.id,
        shipmentId: row!.id,
        version: sql`${medications.version} + 1`,
        updatedAt: at,
      })
      .where(inArray(medications.id, ids));
    await logKits(tx, ids, MEDICATION_TRANSITIONS.ship.to, caller, at);
    await writeAudit(tx, caller.audit, {
      action: 'shipment.create',
      entityType: 'shipment',
      entityId: row!.id,
      researchId: research.id,
      after: { number: row!.number, researchOrganisationId: centre.id, kits: kits.map((k) => k.identNumber) },
    });
    return row!.id;
  });
  return (await shipmentRows(deps.db, eq(shipments.id, id)))[0]!;
}

/** GET /Shipments: newest first; a site sees only its own. */
export async function listShipments(deps: Deps, q: z.infer<typeof shipmentsQuery>, caller: ActorCaller) {
  assertSeesSupply(caller.actor);
  const research = await iwrsResearchOf(deps.db, caller.actor);
  const own = ownSiteOf(caller.actor);
  const paging = { page: q.Page ?? q.page ?? 1, pageSize: q.PageSize ?? q.pageSize ?? 10 };
  const where = and(
    eq(shipments.researchId, research.id),
    own ? eq(shipments.researchOrganisationId, own) : undefined,
    q.researchOrganisationId ? eq(shipments.researchOrganisationId, q.researchOrganisationId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    shipmentRows(deps.db, where, paging),
    deps.db.select({ n: count() }).from(shipments).where(where),
  ]);
  return pageOf(rows, Number(total?.n ?? 0), paging);
}

/** POST /Shipments/{id}/Receive: the destination site confirms the arrival of every kit in it. */
export async function receiveShipment(deps: Deps, id: string, caller: ActorCaller) {
  const { actor } = caller;
  const research = await iwrsResearchOf(deps.db, actor);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.id, id), eq(shipments.researchId, research.id)))
      .for('update');
    // Only the destination site's staff confirm an arrival.
    const own = ownSiteOf(actor);
    if (!own || !actor.permissions.has('subjects_edit')) throw forbidden();
    if (!row || row.researchOrganisationId !== own) throw notFound('id');
    if (row.status === 'Received') throw conflict('iwrs_shipment_received');
    const at = new Date();
    // Kits frozen, lost or expired on the way stay as they are; the others arrive.
    const arrived = await tx
      .update(medications)
      .set({ currentStatus: MEDICATION_TRANSITIONS.accept.to, version: sql`${medications.version} + 1`, updatedAt: at })
      .where(and(eq(medications.shipmentId, row.id), inArray(medications.currentStatus, MEDICATION_TRANSITIONS.accept.from)))
      .returning({ id: medications.id, identNumber: medications.identNumber });
    await logKits(
      tx,
      arrived.map((k) => k.id),
      MEDICATION_TRANSITIONS.accept.to,
      caller,
      at,
    );
    await tx
      .update(shipments)
      .set({ status: 'Received', receivedAt: at, receivedBy: actor.userId })
      .where(eq(shipments.id, row.id));
    await writeAudit(tx, caller.audit, {
      action: 'shipment.receive',
      entityType: 'shipment',
      entityId: row.id,
      researchId: research.id,
      before: { status: row.status },
      after: { status: 'Received', kits: arrived.map((k) => k.identNumber) },
    });
  });
  return (await shipmentRows(deps.db, eq(shipments.id, id)))[0]!;
}
