import type { Db } from '../../platform/db/client.js';
import type { ScheduledTask } from '../../platform/jobs/scheduled.js';
import { EXPIRY_BATCH, expireKits } from './medications.service.js';

/** The system as the author of the nightly sweep's status logs and audit records. */
export const EXPIRY_SWEEP_ACTOR = { audit: { email: 'system:medication_expiry' } };

/**
 * Every research's kits past their expiry date move to Expired, batch after batch until none is left (kits
 * another transaction holds wait for the next run). Answers how many moved.
 */
export async function expireAllKits(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await expireKits(db, EXPIRY_SWEEP_ACTOR);
    total += moved;
    if (moved < EXPIRY_BATCH) return total;
  }
}

/** The daily expiry sweep (docs/iwrs.md, "Expiry"): five past midnight UTC, the first day a kit is past its date. */
export const medicationExpiryTask: ScheduledTask = {
  name: 'medication_expiry',
  cron: '5 0 * * *',
  run: async (deps) => ({ expired: await expireAllKits(deps.db) }),
};
