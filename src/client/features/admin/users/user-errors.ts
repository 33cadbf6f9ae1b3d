import { TRPCClientError } from '@trpc/client';
import type { ZodError } from 'zod';
import { ERR } from '../../../../shared/errors';
import { m } from '../../../../shared/paraglide/messages.js';
import { PASSWORD_MIN, USER_ERR } from '../../../../shared/schemas/user';
import { errorMessage, translateError } from '../../../lib/translate-error';

/*
 * The user rules' own sentences (src/shared/schemas/user.ts USER_ERR) in the active language;
 * everything else goes through the shared catalogue.
 */
const exact: Record<string, () => string> = {
  [USER_ERR.passwordTooShort]: () => m.users_err_password_too_short({ min: String(PASSWORD_MIN) }),
  [USER_ERR.ownRole]: m.users_err_own_role,
  [USER_ERR.ownExpiration]: m.users_err_own_expiration,
  [USER_ERR.ownDeactivate]: m.users_err_own_deactivate,
  [USER_ERR.ownDelete]: m.users_err_own_delete,
  [USER_ERR.hasEntries]: m.users_err_has_entries,
  [USER_ERR.resourceNotActive]: m.users_err_resource_not_active,
  [USER_ERR.lastAdmin]: m.users_err_last_admin,
};

export function translateUserError(text: string): string {
  const known = exact[text];
  if (known) return known();
  const reserved = /^Username cannot be: (.+)$/.exec(text);
  if (reserved) return m.users_err_username_reserved({ value: reserved[1] ?? '' });
  return translateError(text);
}

/** The translated message of a failed call. */
export function userErrorMessage(error: unknown): string {
  // errorMessage() knows the network failure; every other message is a server sentence.
  if (error instanceof Error && error.message !== 'Failed to fetch') return translateUserError(error.message);
  return errorMessage(error);
}

export type FormErrors = Partial<Record<string, string>>;

/** First translated message per field, from a server 400 (errors per field). */
export function serverFieldErrors(error: unknown): FormErrors {
  const out: FormErrors = {};
  if (!(error instanceof TRPCClientError)) return out;
  const errors = (error.data as { errors?: Record<string, string[]> } | undefined)?.errors ?? {};
  for (const [field, list] of Object.entries(errors)) {
    const first = list[0];
    if (first) out[field] = translateUserError(first);
  }
  // A taken name is a 409 without field errors; it still belongs under the username.
  if (error.message === ERR.usernameTaken) out.username ??= translateUserError(error.message);
  return out;
}

/** First translated message per field, from the shared zod schema on the client. */
export function zodFormErrors(error: ZodError): FormErrors {
  const out: FormErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    out[field] ??= translateUserError(issue.message);
  }
  return out;
}
