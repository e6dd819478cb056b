import type { ScheduledTask } from '../../platform/jobs/scheduled.js';
import { DOCUMENT_EXPIRY_BATCH, removeExpiredDocuments } from './documents-manage.service.js';

/**
 * The daily removal of expired documents' files (docs/documents.md, "Expiry"): twenty past midnight UTC,
 * batch after batch until none is left.
 */
export const documentExpiryTask: ScheduledTask = {
  name: 'document_expiry',
  cron: '20 0 * * *',
  run: async (deps) => {
    let removed = 0;
    for (;;) {
      const n = await removeExpiredDocuments(deps.db);
      removed += n;
      if (n < DOCUMENT_EXPIRY_BATCH) return { removed };
    }
  },
};
