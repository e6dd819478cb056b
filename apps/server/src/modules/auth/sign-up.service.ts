import { and, eq, isNull, sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Language, signUpRequest, signUpWithOrganisationRequest, userDto } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { organisations, organisationUsers, users } from '../../platform/db/schema/index.js';
import { writeAudit, writeAuditNow } from '../../platform/audit/audit.js';
import { badRequest, conflict } from '../../platform/http/errors.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { sendInBackground } from '../../platform/mail/mailer.js';
import { findUserByEmail, toUser } from '../users/users.repo.js';
import { findByInn } from '../organisations/organisations.repo.js';
import { issuePasswordToken } from './password-tokens.js';
import { accountExistsMail, invitationMail } from './mails.js';
import type { Caller } from './auth.service.js';

type SignUpInput = z.infer<typeof signUpRequest> | z.infer<typeof signUpWithOrganisationRequest>;

/**
 * Registration (docs/security.md, "Registration"). No session is handed out: the mailed set-password link
 * (/setPasswordWCreds/<token>, which asks for the e-mail again) proves the e-mail and starts the first one.
 * A new organisation's founder becomes its verified admin; joining an existing organisation waits for its
 * admin's verification.
 *
 * An e-mail that already has an account gets the same answer in about the same time: the registration is
 * rehearsed under a throw-away e-mail and rolled back (so a taken organisation name still answers 409, as
 * it would for anyone), and the account's owner is mailed instead, with the way to sign in or restore.
 */
export async function signUp(deps: Deps, input: SignUpInput, caller: Caller): Promise<void> {
  const { db, config, mailer } = deps;
  const owner = await findUserByEmail(db, input.userDto.email);
  try {
    if (owner) await rehearse(db, input, caller);
    else {
      const { user, token } = await signUpTransaction(db, input, caller);
      sendInBackground(mailer, invitationMail(user.email, `${config.publicUrl}/setPasswordWCreds/${token}`, caller.lang));
      return;
    }
  } catch (e) {
    // A concurrent registration of the same e-mail won the race: that account exists now.
    if (!isUniqueViolation(e, 'users_email_live_uq')) throw organisationConflict(e, input) ?? e;
  }
  const existing = owner ?? (await findUserByEmail(db, input.userDto.email));
  if (!existing) return;
  await writeAuditNow(
    db,
    { ...caller.audit, userId: existing.id, email: existing.email },
    { action: 'auth.sign_up_existing', entityType: 'user', entityId: existing.id },
  );
  sendInBackground(mailer, accountExistsMail(existing.email, config.publicUrl, existing.language as Language));
}

/** A unique index that a concurrent registration reached first still answers with its field's 409. */
function organisationConflict(e: unknown, input: SignUpInput) {
  if (!('organisationDto' in input)) return undefined;
  const dto = input.organisationDto;
  if (isUniqueViolation(e, 'organisations_short_name_live_uq'))
    return conflict('organisation_exists', 'organisationDto.shortName', { name: dto.shortName });
  if (dto.inn && isUniqueViolation(e, 'organisations_inn_live_uq'))
    return conflict('inn_taken', 'organisationDto.inn', { inn: dto.inn });
  return undefined;
}

/** The same registration under an e-mail nobody has, rolled back: same checks, same refusals, same work. */
async function rehearse(db: Db, input: SignUpInput, caller: Caller) {
  const decoy = { ...input, userDto: { ...input.userDto, email: `${uuidv7()}@sign-up.invalid` } };
  try {
    await db.transaction(async (tx) => {
      await registration(tx, decoy, caller);
      tx.rollback();
    });
  } catch (e) {
    if (!(e instanceof TransactionRollbackError)) throw e;
  }
}

const signUpTransaction = (db: Db, input: SignUpInput, caller: Caller) => db.transaction((tx) => registration(tx, input, caller));

async function insertUser(tx: Db, dto: z.infer<typeof userDto>, lang: Language) {
  const [row] = await tx
    .insert(users)
    .values({
      email: dto.email.trim(),
      firstName: dto.firstName,
      lastName: dto.lastName,
      patronymic: dto.patronymic ?? null,
      userRole: 'User',
      language: lang,
    })
    .returning();
  return row!;
}

async function registration(tx: Db, input: SignUpInput, caller: Caller) {
  const user = await insertUser(tx, input.userDto, caller.lang);
  const audit = { ...caller.audit, userId: user.id, email: user.email };
  let organisationId: string;
  let founder = false;
  if ('organisationDto' in input) {
    const dto = input.organisationDto;
    const [existing] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(sql`lower(${organisations.shortName}) = ${dto.shortName.toLowerCase()}`, isNull(organisations.deletedAt)));
    if (existing) throw conflict('organisation_exists', 'organisationDto.shortName', { name: dto.shortName });
    // The tax numbers come with a company lookup suggestion; an INN is one organisation's only.
    if (dto.inn && (await findByInn(tx, dto.inn))) throw conflict('inn_taken', 'organisationDto.inn', { inn: dto.inn });
    const [org] = await tx
      .insert(organisations)
      .values({ ...dto, inn: dto.inn ?? null, kpp: dto.kpp ?? null })
      .returning();
    organisationId = org!.id;
    founder = true;
    await writeAudit(tx, audit, { action: 'organisation.create', entityType: 'organisation', entityId: org!.id, after: org });
  } else {
    const [org] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(
        and(
          sql`lower(${organisations.shortName}) = ${input.organisationShortName.toLowerCase()}`,
          isNull(organisations.deletedAt),
        ),
      );
    if (!org) throw badRequest('organisation_unknown', 'organisationShortName', { name: input.organisationShortName });
    organisationId = org.id;
  }
  const [ou] = await tx
    .insert(organisationUsers)
    .values({ userId: user.id, organisationId, userRole: founder ? 'Admin' : 'User', isVerify: founder })
    .returning();
  // A founder works in the new organisation once signed in; a joiner waits for verification.
  if (founder) await tx.update(users).set({ currentOrganisationUserId: ou!.id }).where(eq(users.id, user.id));
  await writeAudit(tx, audit, { action: 'user.sign_up', entityType: 'user', entityId: user.id, after: toUser(user) });
  await writeAudit(tx, audit, {
    action: 'organisation_user.create',
    entityType: 'organisation_user',
    entityId: ou!.id,
    after: ou,
  });
  const token = await issuePasswordToken(tx, user.id, 'invite');
  return { user, token };
}
