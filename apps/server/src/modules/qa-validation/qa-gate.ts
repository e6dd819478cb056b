import { describeUnvalidated } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { conflict } from '../../platform/http/errors.js';
import type { ResearchVersionRow } from '../design/shared/versions.js';
import { unvalidatedItems } from './qa-items.repo.js';
import { settleVersion } from './qa-items.service.js';

/**
 * The Start testing gate (spec design-and-admin section 4; docs/qa-validation.md): refused with 409 naming
 * the visits and forms QA has not validated, after bringing the QA items in step with the design.
 */
export async function assertQaValidated(tx: Db, version: ResearchVersionRow): Promise<void> {
  await settleVersion(tx, version);
  const missing = await unvalidatedItems(tx, version.id);
  if (missing.length > 0) throw conflict('qa_not_validated', 'status', { items: describeUnvalidated(missing) });
}
