import type { LogFn, Logger, LoggerOptions } from 'pino';

/**
 * A reply stream cut short by the client (a closed tab, a cancelled download, a navigation away) ends in
 * end-of-stream's "premature close", which @fastify/compress logs at error level. It is the client's doing,
 * not a fault of the server, so it is logged at info: an error in the log should mean something to fix.
 */
export function isClientAbort(arg: unknown): boolean {
  return arg instanceof Error && arg.message === 'premature close';
}

export const CLIENT_ABORT_MESSAGE = 'the client closed the connection before the reply ended';

const ERROR_LEVEL = 50;

/** The server's pino options: the level, credentials redacted, client aborts below error level. */
export function serverLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    hooks: {
      logMethod(this: Logger, args: Parameters<LogFn>, method: LogFn, at: number) {
        if (at >= ERROR_LEVEL && isClientAbort(args[0])) return this.info({ err: args[0] }, CLIENT_ABORT_MESSAGE);
        return method.apply(this, args);
      },
    },
  };
}
