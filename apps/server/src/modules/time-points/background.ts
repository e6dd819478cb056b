import type { FastifyInstance } from 'fastify';

/**
 * In-process background work: there is no job queue yet, so a task runs in this process once the current
 * reply is under way (setImmediate). A task never throws out of here (its failure is logged; the task
 * itself records what a failure means, e.g. a document's status Error), and closing the app waits for the
 * tasks in flight, so none of them outlives the database connection.
 */
export type RunInBackground = (name: string, task: () => Promise<void>) => void;

export function backgroundRunner(app: FastifyInstance): RunInBackground {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  return (name, task) => {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => app.log.error({ err, task: name }, 'background task failed'))
      .finally(() => pending.delete(run));
    pending.add(run);
  };
}
