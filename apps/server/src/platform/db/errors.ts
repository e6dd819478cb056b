/** True when a query failed on a unique index (SQLSTATE 23505), optionally a given one; both drivers wrap the cause. */
export function isUniqueViolation(e: unknown, indexName?: string): boolean {
  for (let err = e as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined; err; ) {
    if (err.code === '23505') {
      if (!indexName) return true;
      return err.constraint === indexName || (typeof err.message === 'string' && err.message.includes(indexName));
    }
    err = err.cause as typeof err;
  }
  return false;
}
