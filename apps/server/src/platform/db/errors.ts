type DriverError = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** The error and the causes it wraps (both drivers, and drizzle around them, wrap the driver's error). */
function* chain(e: unknown): Generator<DriverError> {
  for (let err = e as DriverError | undefined; err; err = err.cause as DriverError | undefined) yield err;
}

/** True when a query failed on a unique index (SQLSTATE 23505), optionally a given one. */
export function isUniqueViolation(e: unknown, indexName?: string): boolean {
  for (const err of chain(e)) {
    if (err.code === '23505') {
      if (!indexName) return true;
      return err.constraint === indexName || (typeof err.message === 'string' && err.message.includes(indexName));
    }
  }
  return false;
}

/**
 * True when PostgreSQL rolled the transaction back because of another one at the same moment: a deadlock (40P01)
 * or a serialisation failure (40001). Nothing of it was written, and the request can be sent again.
 */
export function isConcurrencyFailure(e: unknown): boolean {
  for (const err of chain(e)) if (err.code === '40P01' || err.code === '40001') return true;
  return false;
}
