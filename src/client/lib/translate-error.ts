import { TRPCClientError } from '@trpc/client';
import { ERR } from '../../shared/errors';
import { m } from '../../shared/paraglide/messages.js';
import { formatNumber } from './format';

/*
 * The server speaks English sentences (spec §5, §8; src/shared/errors.ts). Known sentences are
 * shown in the active language, unknown ones as they are.
 */
const exact: Record<string, () => string> = {
  [ERR.required]: m.error_required,
  [ERR.invalidChars]: m.error_invalid_chars,
  [ERR.mustBeString]: m.error_must_be_string,
  [ERR.mustBeNumber]: m.error_must_be_number,
  [ERR.mustBeBoolean]: m.error_must_be_boolean,
  'Field must be a string, number or true/false': m.error_must_be_any,
  [ERR.passwordsMustMatch]: m.error_passwords_must_match,
  [ERR.timeOrder]: m.error_time_order,
  [ERR.quantityZero]: m.error_quantity_zero,
  [ERR.timeStep]: m.error_time_step,
  [ERR.invalidDate]: m.error_invalid_date,
  [ERR.invalidTime]: m.error_invalid_time,
  [ERR.tooManyDecimals]: m.error_too_many_decimals,
  // Spec §8: the login failure is shown as "Invalid login information".
  [ERR.authFailed]: m.error_invalid_login,
  [ERR.lockedOut]: m.error_locked_out,
  [ERR.notAllowedToLogin]: m.error_not_allowed_to_login,
  [ERR.usernameTaken]: m.error_username_taken,
  [ERR.noAccount]: m.error_no_account,
  [ERR.notFound]: m.error_not_found,
  [ERR.forbidden]: m.error_forbidden,
  [ERR.unauthorized]: m.error_unauthorized,
  [ERR.csrf]: m.error_csrf,
  [ERR.validation]: m.error_validation,
  [ERR.internal]: m.error_internal,
  [ERR.nulChar]: m.error_nul_char,
  [ERR.dateOutOfRange]: m.error_date_out_of_range,
};

/** Property names the server puts into parameterised sentences. */
const properties: Record<string, () => string> = {
  Quantity: m.field_quantity,
};

const property = (name: string) => properties[name]?.() ?? name;
const number = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? formatNumber(Number(value)) : value);

type Params = Record<string, string>;

/** "{property} cannot be higher than {max}" → a regex with named groups. */
function pattern(template: string): RegExp {
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name ? `(?<${name}>.+?)` : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

const parameterised: Array<[RegExp, (p: Params) => string]> = [
  [pattern('Field cannot be longer than {max} characters'), (p) => m.error_too_long({ max: number(p.max ?? '') })],
  [pattern('{property} cannot be higher than {max}'), (p) => m.error_too_high({ property: property(p.property ?? ''), max: number(p.max ?? '') })],
  [pattern('{property} cannot be lower than {min}'), (p) => m.error_too_low({ property: property(p.property ?? ''), min: number(p.min ?? '') })],
  [pattern('{field} cannot be: {value}'), (p) => m.error_cannot_be({ field: property(p.field ?? ''), value: p.value ?? '' })],
];

/** One server sentence in the active language; unknown text comes back unchanged. */
export function translateError(text: string): string {
  const known = exact[text];
  if (known) return known();
  for (const [regex, render] of parameterised) {
    const match = regex.exec(text);
    if (match?.groups) return render(match.groups);
  }
  return text;
}

/** The message of any thrown value, translated (spec §8: without a response, the error text). */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.message === 'Failed to fetch') return m.error_network();
  if (error instanceof Error) return translateError(error.message);
  return typeof error === 'string' ? translateError(error) : m.error_internal();
}

/** Field → translated messages from a BAD_REQUEST (error.data.errors). */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof TRPCClientError)) return {};
  const errors = (error.data as { errors?: Record<string, string[]> } | undefined)?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map(translateError)]));
}
