import { TRPCClientError } from '@trpc/client';
import { useSyncExternalStore } from 'react';
import { parseErrorToken, type CodedError, type ErrorCode, type ErrorParams } from '../../shared/error-tokens';
import { m } from '../../shared/paraglide/messages.js';

/*
 * The one place that turns a server error into the user's language (decision 0160): by its code
 * and params from src/shared/error-codes.ts, whichever transport it came over (tRPC, REST, a
 * download). A code this client does not know shows the server's English `detail` (spec §8: an
 * unknown detail is shown as is); a call that never got an answer is "The server could not be
 * reached".
 */

/** The failure of a call: the HTTP status (0 = the server could not be reached), code and texts. */
export class AppCallError extends Error {
  constructor(
    readonly status: number,
    /** the English detail (also `message`) */
    readonly detail: string,
    readonly code: string | undefined = undefined,
    readonly params: ErrorParams = {},
    /** field → English messages, as problem+json `errors` */
    readonly errors: Record<string, string[]> = {},
    /** field → the messages' codes, parallel to `errors` */
    readonly errorCodes: Record<string, Array<CodedError | null>> = {},
  ) {
    super(detail);
    this.name = 'AppCallError';
  }

  /** A call that got no answer at all (offline, server down, connection refused). */
  static network(cause?: unknown): AppCallError {
    const error = new AppCallError(0, cause instanceof Error ? cause.message : 'Failed to fetch');
    if (cause !== undefined) (error as { cause?: unknown }).cause = cause;
    return error;
  }
}

type Render = (p: ErrorParams) => string;
export type ErrorMessages = Record<ErrorCode, Render>;

/*
 * The texts of the codes (lib/error-messages.ts) come as a chunk of their own with the first
 * failure (decision 0286): every call's error is handed on only once they are here (the tRPC link
 * in lib/trpc.ts, restFetch, the worksheet upload), so whatever shows it finds them. A form's own
 * check (a zod token) may be shown a moment before; `useErrorMessages` renders it again then.
 */
let catalogue: ErrorMessages | null = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();

/** Loads the texts of the codes (once); resolves when they are here, or when they could not be loaded (offline without the chunk). */
export function loadErrorMessages(): Promise<void> {
  loading ??= import('./error-messages').then(
    (mod) => {
      catalogue = mod.ERROR_MESSAGES;
      for (const wake of waiting) wake();
    },
    () => {
      loading = null; // not cached: the next failure tries again; meanwhile the English detail shows
    },
  );
  return loading;
}

/*
 * A form's own checks give codes too (the shared schemas' tokens): their texts are asked for as soon
 * as the user is in a form, so they are here before its first check. A form whose messages are its
 * own texts (the login form) says so with data-own-messages and loads none of this.
 */
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (catalogue === null && event.target instanceof Element && event.target.closest('form:not([data-own-messages])')) void loadErrorMessages();
  });
}

/** True once the texts are here; a component that shows a form's own errors re-renders then. */
export function useErrorMessages(): boolean {
  return useSyncExternalStore(
    (wake) => {
      waiting.add(wake);
      return () => waiting.delete(wake);
    },
    () => catalogue !== null,
    () => false,
  );
}

/** The text of a code; undefined for a code this client does not know, or while the texts are not here yet (they are asked for). */
function messageOf(code: string): Render | undefined {
  if (catalogue === null) {
    void loadErrorMessages();
    return undefined;
  }
  return Object.hasOwn(catalogue, code) ? catalogue[code as ErrorCode] : undefined;
}

/** A code and params in the active language; an unknown code gives the English `fallback`. */
export function translateCode(code: string | undefined, params: ErrorParams | undefined, fallback: string): string {
  const render = code === undefined ? undefined : messageOf(code);
  if (!render) return fallback;
  // A refusal that names another one (COPY_ENTRY_REFUSED's reasonCode) reads it in the same language.
  const nested = params?.reasonCode;
  return render(typeof nested === 'string' && nested ? { ...params, reason: translateText(nested) } : (params ?? {}));
}

/**
 * A catalogue token (a zod message of the shared schemas, src/shared/error-codes.ts `errorToken`)
 * in the active language; any other text (a server's detail without code, an old stored refusal)
 * as it is.
 */
export function translateText(text: string): string {
  const known = parseErrorToken(text);
  return known ? translateCode(known.code, known.params, text) : text;
}

/**
 * True for a call that never got an answer: fetch's TypeError ("Failed to fetch" in Chromium,
 * "NetworkError when attempting to fetch resource." in Firefox, "Load failed" in Safari), a lazy
 * route chunk that could not be loaded, or tRPC's wrapper of either.
 */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof AppCallError) return error.status === 0;
  if (error instanceof TRPCClientError) return !error.data && (error.cause === undefined || isNetworkError(error.cause) || error.message === 'Failed to fetch');
  if (!(error instanceof Error)) return false;
  return (
    (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(error.message)
  );
}

interface TrpcErrorData {
  httpStatus?: number;
  appCode?: string;
  params?: ErrorParams;
  errors?: Record<string, string[]>;
  errorCodes?: Record<string, Array<CodedError | null>>;
}

const trpcData = (error: TRPCClientError<never>): TrpcErrorData => (error.data ?? {}) as TrpcErrorData;

/** The HTTP status of a failed call (0 = no answer); undefined for anything that is no call. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof AppCallError) return error.status;
  if (error instanceof TRPCClientError) return trpcData(error).httpStatus ?? (isNetworkError(error) ? 0 : undefined);
  return undefined;
}

/** The message of any thrown value in the active language (spec §8: without a response, the error text). */
export function errorMessage(error: unknown): string {
  if (isNetworkError(error)) return m.error_network();
  if (error instanceof AppCallError) return translateCode(error.code, error.params, translateText(error.detail));
  if (error instanceof TRPCClientError) {
    const data = trpcData(error as TRPCClientError<never>);
    return translateCode(data.appCode, data.params, translateText(error.message));
  }
  if (error instanceof Error) return translateText(error.message);
  return typeof error === 'string' ? translateText(error) : m.error_internal();
}

export type FormErrors = Partial<Record<string, string>>;

/** First translated message per field of a failed call (400 field errors, a duplicate key on its field). */
export function serverFieldErrors(error: unknown): FormErrors {
  let errors: Record<string, string[]> = {};
  let codes: Record<string, Array<CodedError | null>> = {};
  if (error instanceof AppCallError) ({ errors, errorCodes: codes } = error);
  else if (error instanceof TRPCClientError) {
    const data = trpcData(error as TRPCClientError<never>);
    errors = data.errors ?? {};
    codes = data.errorCodes ?? {};
  }
  const out: FormErrors = {};
  for (const [name, list] of Object.entries(errors)) {
    const first = list[0];
    if (first === undefined) continue;
    const coded = codes[name]?.[0];
    out[name] = coded ? translateCode(coded.code, coded.params, first) : translateText(first);
  }
  return out;
}
