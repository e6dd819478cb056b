import { z } from 'zod';

/** `{ data, message? }`: the envelope of every successful reply. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });
export const messageOnly = z.object({ message: z.string().optional(), data: z.null().optional() });
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), page: z.number(), pageSize: z.number(), totalCount: z.number() });
