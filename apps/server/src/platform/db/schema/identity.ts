import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, tstz, updatedAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: pk(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    patronymic: text('patronymic'),
    userRole: text('user_role').notNull().default('User'),
    language: text('language').notNull().default('ru'),
    passwordHash: text('password_hash'),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    currentOrganisationUserId: uuid('current_organisation_user_id'),
    currentEmployeeId: uuid('current_employee_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('users_email_live_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const organisations = pgTable(
  'organisations',
  {
    id: pk(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    address: text('address').notNull(),
    inn: text('inn'),
    kpp: text('kpp'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('organisations_short_name_live_uq')
      .on(sql`lower(${t.shortName})`)
      .where(sql`${t.deletedAt} is null`),
    /** One live organisation per tax number; organisations without one are not compared. */
    uniqueIndex('organisations_inn_live_uq')
      .on(t.inn)
      .where(sql`${t.deletedAt} is null and ${t.inn} is not null`),
  ],
);

export const organisationUsers = pgTable(
  'organisation_users',
  {
    id: pk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userRole: text('user_role').notNull().default('User'),
    isVerify: boolean('is_verify').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('organisation_users_live_uq')
      .on(t.userId, t.organisationId)
      .where(sql`${t.deletedAt} is null`),
    index('organisation_users_org_idx').on(t.organisationId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: pk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    /** SPKI (base64) of the session's RSA-OAEP key; the private half went to the client at sign-in. */
    publicKey: text('public_key').notNull(),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    endedAt: tstz('ended_at'),
    endReason: text('end_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins counted per (e-mail, client address) pair, known e-mail or not (docs/security.md): five in
 * a row lock that pair for LOCKOUT_MS, so an attacker elsewhere cannot lock the account's owner out, and
 * an unknown e-mail locks exactly like a known one. The e-mail is kept only as its SHA-256 (lower case).
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    emailHash: text('email_hash').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.emailHash, t.ip] })],
);

export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: pk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    /** reset: from "restore password"; invite: a new account's first password. */
    purpose: text('purpose').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_tokens_uq').on(t.tokenHash)],
);

export const supportTickets = pgTable('support_tickets', {
  id: pk(),
  email: text('email').notNull(),
  topic: text('topic').notNull(),
  description: text('description').notNull(),
  userId: uuid('user_id').references(() => users.id),
  createdAt: createdAt(),
});

/**
 * Rate-limit counters shared by every server process (platform/http/rate-limit-store.ts): hits of one route from
 * one address within the window that ends at reset_at.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: tstz('reset_at').notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);
