import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../../db/database';
import { findPasswordLink, insertPasswordLink, retirePasswordLinks, takePasswordLink } from '../../../db/queries/password-links';
import { clearLoginThrottle, findUser, setPasswordHash } from '../../../db/queries/users';
import { coded } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import { PASSWORD_LINK_DAYS } from '../../shared/limits';
import type { TPasswordLink } from '../../shared/schemas/password-link';
import { hashPassword } from '../auth/passwords';
import { invalidateUserSessions } from '../auth/sessions';
import type { Actor } from '../context';
import { AppError } from '../errors';

/*
 * Issue 42 §6: an imported user has no password anybody knows; the admin creates a link (a
 * random token, 7 days, once) and gives it to the user, who chooses a password on the page it
 * opens and then signs in. Only the token's SHA-256 is stored; a new link retires older ones.
 */

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createPasswordLink(db: Database, actor: Actor, username: string): Promise<TPasswordLink> {
  const user = await findUser(db, actor.accountId, username);
  if (!user) throw new AppError('NOT_FOUND', ERR.notFound);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_DAYS * 24 * 60 * 60 * 1000);
  await db.transaction().execute(async (trx) => {
    await retirePasswordLinks(trx, user.id);
    await insertPasswordLink(trx, { accountId: actor.accountId, userId: user.id, tokenHash: sha256(token), createdByUserId: actor.userId, expiresAt });
  });
  return { username: user.username, path: `/set-password#token=${token}`, expiresAt: expiresAt.toISOString() };
}

/** The link's user, or the coded reason it does not work (400: unknown, used or expired — the token is the bad input). */
async function usable(db: Database, token: string) {
  const link = await findPasswordLink(db, sha256(token));
  if (!link || !link.active) throw new AppError('BAD_REQUEST', coded('PASSWORD_LINK_INVALID'));
  if (link.usedAt) throw new AppError('BAD_REQUEST', coded('PASSWORD_LINK_USED'));
  if (link.expired) throw new AppError('BAD_REQUEST', coded('PASSWORD_LINK_EXPIRED'));
  return link;
}

export async function passwordLinkInfo(db: Database, token: string): Promise<{ username: string; expiresAt: string }> {
  const link = await usable(db, token);
  return { username: link.username, expiresAt: link.expiresAt.toISOString() };
}

export async function usePasswordLink(db: Database, input: { token: string; password: string }): Promise<void> {
  const link = await usable(db, input.token);
  const passwordHash = await hashPassword(input.password);
  const ok = await db.transaction().execute(async (trx) => {
    if (!(await takePasswordLink(trx, link.id))) return false;
    await setPasswordHash(trx, link.userId, passwordHash);
    await invalidateUserSessions(trx, link.userId);
    await clearLoginThrottle(trx, link.username);
    return true;
  });
  // another request used it between the check and the take
  if (!ok) throw new AppError('BAD_REQUEST', coded('PASSWORD_LINK_USED'));
}
