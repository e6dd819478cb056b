import { and, asc, eq } from 'drizzle-orm';
import { addDays, medicationImport, randomisationListGenerate, shipmentCreate, subjectDosingCreate, todayIn } from '@edc/domain';
import type { Deps } from '../platform/deps.js';
import { medications, subjects } from '../platform/db/schema/index.js';
import type { ActorCaller } from '../platform/http/caller.js';
import { generateList } from '../modules/iwrs/randomisation-lists.service.js';
import { changeKitStatus, importKits } from '../modules/iwrs/medications.service.js';
import { createShipment, receiveShipment } from '../modules/iwrs/shipments.service.js';
import { dispense, recordDispenseOutcome } from '../modules/iwrs/dosings.service.js';

/**
 * DEMO-001's IWRS (docs/iwrs.md), through the services a user's request would go through: the sponsor's
 * administrator generates the randomisation list from the seed "DEMO-001" and imports 24 kits (12 per arm),
 * approves 20 and ships 8 to each site, where the investigators confirm their arrival; 4 stay approved at
 * the depot and 4 wait for approval.
 */
export async function seedDemoIwrsSupply(
  deps: Deps,
  admin: ActorCaller,
  sites: { site1: string; site2: string },
): Promise<{ site1: string; site2: string }> {
  await generateList(
    deps,
    randomisationListGenerate.parse({
      stratum: '',
      arms: [
        { group: 'A', ratio: 1 },
        { group: 'B', ratio: 1 },
      ],
      blockSizes: [4],
      size: 40,
      seed: 'DEMO-001',
      numberPrefix: 'R-',
      numberWidth: 3,
    }),
    admin,
  );
  const expiry = addDays(todayIn('UTC'), 365);
  const soon = addDays(todayIn('UTC'), 20);
  const lines = Array.from({ length: 24 }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return `K-${n},${i % 2 === 0 ? 'A' : 'B'},LOT-2026-${i < 12 ? '01' : '02'},${i === 6 || i === 7 ? soon : expiry}`;
  });
  await importKits(
    deps,
    medicationImport.parse({ csv: ['identNumber,medicationGroup,lot,expiryDate', ...lines].join('\n') }),
    admin,
  );
  const researchId = admin.actor.employee!.researchId;
  const kits = await deps.db
    .select()
    .from(medications)
    .where(eq(medications.researchId, researchId))
    .orderBy(asc(medications.identNumber));
  for (const kit of kits.slice(0, 20)) {
    await changeKitStatus(deps, kit.id, { action: 'qaApprove', version: kit.version }, admin);
  }
  const ship = async (centreId: string, from: number) =>
    (
      await createShipment(
        deps,
        shipmentCreate.parse({ researchOrganisationId: centreId, medicationIds: kits.slice(from, from + 8).map((k) => k.id) }),
        admin,
      )
    ).id;
  return { site1: await ship(sites.site1, 0), site2: await ship(sites.site2, 8) };
}

/** A site confirms the arrival of its shipment. */
export async function receiveDemoShipment(deps: Deps, site: ActorCaller, shipmentId: string) {
  await receiveShipment(deps, shipmentId, site);
}

/**
 * Dosings of site 01's randomised subjects in period 1: a kit dispensed to each; the first subject's dose
 * confirmed, the second's left to confirm.
 */
export async function seedDemoDosings(deps: Deps, site: ActorCaller) {
  const randomised = await deps.db
    .select({ id: subjects.id })
    .from(subjects)
    .where(
      and(eq(subjects.researchOrganisationId, site.actor.employee!.researchOrganisationId), eq(subjects.status, 'Randomised')),
    )
    .orderBy(asc(subjects.screeningNumber));
  for (const [i, s] of randomised.entries()) {
    const dosing = await dispense(
      deps,
      subjectDosingCreate.parse({
        subjectId: s.id,
        periodNumber: 1,
        dosingDateTime: new Date(Date.now() - (i + 2) * 86_400_000).toISOString(),
      }),
      site,
    );
    if (i === 0) {
      const kit = dosing.medications[0]!;
      await recordDispenseOutcome(deps, dosing.id, kit.id, 'confirmDispense', { version: kit.version }, site);
    }
  }
}
