import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, PAGE_SIZES, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';

/**
 * An id: a UUID, accepted in either case and handed on lower-cased (the form PostgreSQL stores and prints),
 * so every handler, guard and comparison sees one spelling of it.
 */
export const id = z.uuid().toLowerCase();
export const idParams = z.object({ id });
export const email = z.email().max(254);
export const password = z.string().min(MIN_PASSWORD_LENGTH).max(256);
export const name = z.string().trim().min(1).max(200);
export const optionalName = z.string().trim().max(200).nullish();
/** API dates are YYYY-MM-DD (spec section 9). */
export const isoDate = z.iso.date();

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
/** A paged list with an optional free-text search (case-insensitive, matches anywhere). */
export const searchPageQuery = pageQuery.extend({ search: z.string().trim().max(200).optional() });
export { PAGE_SIZES };

export const messageReply = z.object({ message: z.string().optional() });
