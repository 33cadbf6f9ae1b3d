import type { Database } from '../../../db/database';
import {
  clearLoginThrottle,
  deleteUser as deleteUserRow,
  findUser,
  findUserForUpdate,
  insertUser,
  isActiveResource,
  listUsers as listUserRows,
  lockLastingAdmins,
  setPasswordHash,
  updateUser as updateUserRow,
  userHasEntries,
  usernameExists,
  type UserPatch,
} from '../../../db/queries/users';
import { coded, errorToken } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import { USER_ERR, type TCreateUser, type TUpdateUser, type TUser } from '../../shared/schemas/user';
import { hashPassword } from '../auth/passwords';
import { invalidateUserSessions } from '../auth/sessions';
import type { Actor } from '../context';
import { AppError, fieldError } from '../errors';

/** Issue 41: two users of an account with one e-mail address (index app_user_email_key). */
const isEmailTaken = (error: unknown) =>
  isUniqueViolation(error) && /email/.test(String((error as { constraint?: unknown; message?: unknown }).constraint ?? (error as { message?: unknown }).message));
const emailTaken = () => new AppError('CONFLICT', coded('EMAIL_TAKEN'), { email: [errorToken('EMAIL_TAKEN')] });

/** PostgreSQL's unique_violation: two creates of the same name raced past the check. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

const isSelf = (actor: Actor, userId: number) => actor.userId !== null && actor.userId === userId;

/** An Admin who can administer the account now and will go on doing so: active, no expiration date. */
const isLastingAdmin = (u: { profileType: string; active: boolean; expirationDate: string | null }) => u.profileType === 'Admin' && u.active && u.expirationDate === null;

/**
 * Issue 8 §8: the account always keeps a lasting Admin. A change that takes `userId` out of the
 * lasting Admins (delete, deactivate, demote, an expiration date) is refused with 409 when no other
 * one is left — whoever asks, the API key included. `lasting` comes from lockLastingAdmins, taken
 * at the start of the transaction.
 */
function keepAnAdmin(lasting: readonly number[], userId: number): void {
  if (lasting.includes(userId) && lasting.length <= 1) throw new AppError('CONFLICT', USER_ERR.lastAdmin);
}

export function listUsers(db: Database, actor: Actor, updatedSince?: string): Promise<TUser[]> {
  return listUserRows(db, actor.accountId, updatedSince);
}

/** One user of the caller's account; another account's user answers 404 like a missing one. */
export async function getUser(db: Database, actor: Actor, username: string): Promise<TUser> {
  const user = await findUser(db, actor.accountId, username);
  if (!user) throw new AppError('NOT_FOUND', ERR.notFound);
  return user;
}

async function checkDefaultResource(db: Database, accountId: number, no: string): Promise<void> {
  if (!(await isActiveResource(db, accountId, no))) throw fieldError('defaultResource', USER_ERR.resourceNotActive);
}

export async function createUser(db: Database, actor: Actor, input: TCreateUser): Promise<TUser> {
  // argon2 takes a while: hash before the transaction, not inside it.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      if (await usernameExists(trx, input.username)) throw new AppError('CONFLICT', ERR.usernameTaken, { username: [ERR.usernameTaken] });
      if (input.defaultResource !== null) await checkDefaultResource(trx, actor.accountId, input.defaultResource);
      return insertUser(trx, {
        accountId: actor.accountId,
        username: input.username,
        passwordHash,
        profileType: input.profileType,
        teamCode: input.teamCode,
        languageCode: input.languageCode,
        defaultDescription: input.defaultDescription,
        defaultResource: input.defaultResource,
        // Spec §4: no lock without a default resource.
        lockDefaultResource: input.defaultResource !== null && input.lockDefaultResource,
        expirationDate: input.expirationDate,
        active: input.active,
        email: input.email ?? null,
      });
    });
  } catch (error) {
    if (isEmailTaken(error)) throw emailTaken();
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ERR.usernameTaken, { username: [ERR.usernameTaken] });
    throw error;
  }
}

/**
 * Updates a user (spec §5 Edit user). Fields left out keep their value. The logged-in admin
 * cannot change their own role or expiration nor deactivate themselves. A role change or a
 * deactivation ends the user's sessions (DESIGN §4).
 */
export async function updateUser(db: Database, actor: Actor, input: TUpdateUser): Promise<TUser> {
  return db.transaction().execute(async (trx) => {
    // Before the user's own row: every writer takes the admin rows in the same (id) order.
    const lasting = await lockLastingAdmins(trx, actor.accountId);
    const user = await findUserForUpdate(trx, actor.accountId, input.username);
    if (!user) throw new AppError('NOT_FOUND', ERR.notFound);

    if (isSelf(actor, user.id)) {
      if (input.profileType !== user.profileType) throw fieldError('profileType', USER_ERR.ownRole);
      if (input.expirationDate !== undefined && input.expirationDate !== user.expirationDate) throw fieldError('expirationDate', USER_ERR.ownExpiration);
      if (input.active === false) throw fieldError('active', USER_ERR.ownDeactivate);
    }

    const defaultResource = input.defaultResource === undefined ? user.defaultResource : input.defaultResource;
    // Only a newly chosen resource must be active: a user whose resource was deactivated later
    // can still be edited without picking a new one.
    if (defaultResource !== null && defaultResource !== user.defaultResource) await checkDefaultResource(trx, actor.accountId, defaultResource);

    const patch: UserPatch = {
      profileType: input.profileType,
      languageCode: input.languageCode,
      defaultResource,
      // Spec §4: clearing the default resource clears its lock.
      lockDefaultResource: defaultResource !== null && (input.lockDefaultResource ?? user.lockDefaultResource),
    };
    if (input.teamCode !== undefined) patch.teamCode = input.teamCode;
    if (input.defaultDescription !== undefined) patch.defaultDescription = input.defaultDescription;
    if (input.expirationDate !== undefined) patch.expirationDate = input.expirationDate;
    if (input.active !== undefined) patch.active = input.active;
    if (input.email !== undefined) patch.email = input.email;

    const after = {
      profileType: patch.profileType ?? user.profileType,
      active: patch.active ?? user.active,
      expirationDate: patch.expirationDate === undefined ? user.expirationDate : patch.expirationDate,
    };
    if (!isLastingAdmin(after)) keepAnAdmin(lasting, user.id);

    const updated = await updateUserRow(trx, user.id, patch).catch((error: unknown) => {
      throw isEmailTaken(error) ? emailTaken() : error;
    });
    const roleChanged = updated.profileType !== user.profileType;
    const deactivated = user.active && !updated.active;
    if (roleChanged || deactivated) await invalidateUserSessions(trx, user.id, actor.sessionId ?? undefined);
    return updated;
  });
}

/**
 * Deletes a user. Not oneself, and not a user who owns worksheet entries: entries, their history
 * and exports refer to the name, so such a user is deactivated instead
 * (docs/decisions/0011-user-administration.md).
 */
export async function deleteUser(db: Database, actor: Actor, username: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lasting = await lockLastingAdmins(trx, actor.accountId);
    const user = await findUserForUpdate(trx, actor.accountId, username);
    if (!user) throw new AppError('NOT_FOUND', ERR.notFound);
    if (isSelf(actor, user.id)) throw new AppError('CONFLICT', USER_ERR.ownDelete);
    keepAnAdmin(lasting, user.id);
    if (await userHasEntries(trx, actor.accountId, user.username)) throw new AppError('CONFLICT', USER_ERR.hasEntries);
    // Sessions go with the user (ON DELETE CASCADE).
    await deleteUserRow(trx, user.id);
  });
}

/**
 * Sets a new password. Every other session of that user ends (the caller's own stays when an
 * admin changes their own password); a login lock-out of the name is lifted.
 */
export async function changePassword(db: Database, actor: Actor, input: { username: string; password: string }): Promise<void> {
  const user = await findUser(db, actor.accountId, input.username);
  if (!user) throw new AppError('NOT_FOUND', ERR.notFound);
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash);
    await invalidateUserSessions(trx, user.id, actor.sessionId ?? undefined);
    await clearLoginThrottle(trx, user.username);
  });
}
