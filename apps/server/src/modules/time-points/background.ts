import type { FastifyInstance } from 'fastify';

/**
 * In-process background work: there is no job queue yet, so a task runs in this process once the current
 * reply is under way. At most `concurrency` tasks run at once (a schedule workbook is built on the event
 * loop; many at once would stall the API), the others wait their turn. A task never throws out of here (its
 * failure is logged; the task itself records what a failure means, e.g. a document's status Error), and
 * closing the app waits for the tasks queued and in flight, so none of them outlives the database connection.
 */
export type RunInBackground = (name: string, task: () => Promise<void>) => void;

export function backgroundRunner(app: FastifyInstance, concurrency = 2): RunInBackground {
  const pending = new Set<Promise<void>>();
  const waiting: (() => void)[] = [];
  let running = 0;
  const turn = () =>
    new Promise<void>((resolve) => {
      if (running < concurrency) {
        running++;
        setImmediate(resolve);
      } else waiting.push(resolve);
    });
  const release = () => {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else running--;
  };
  app.addHook('onClose', async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  });
  return (name, task) => {
    const run: Promise<void> = turn()
      .then(task)
      .catch((err: unknown) => app.log.error({ err, task: name }, 'background task failed'))
      .finally(() => {
        release();
        pending.delete(run);
      });
    pending.add(run);
  };
}
