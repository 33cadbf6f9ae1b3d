import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ALLOW_PRIVATE_HELP, parseAllowedNetworks } from './webhooks/ranges';

const optionalText = z
  .string()
  .min(1)
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalInt = (min: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(max)
    .optional()
    .or(z.literal('').transform(() => undefined));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@ns-webtid.dk'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set behind an https-terminating proxy so that cookies get `Secure`. */
  COOKIE_SECURE: z.enum(['true', 'false', 'auto']).default('auto'),
  /**
   * Whose X-Forwarded-For / -Proto / -Host to believe: `false` (nobody, the default), `true` (any
   * peer is the one proxy: the client is the right-most X-Forwarded-For entry), a hop count N (N
   * proxies in a row), or a comma-separated list of addresses, CIDR ranges and `loopback` (the
   * proxies' addresses: the client is the right-most entry not in the list). Decision 0192.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'must be true, false, a hop count, or a list of addresses, CIDR ranges or loopback')
    .default('false'),
  /** PostgreSQL: the password when DATABASE_URL has none (compose passes it apart, issue 21 §6). */
  PGPASSWORD: optionalText,
  /** PostgreSQL: connections in the pool (decision 0196). */
  PGPOOL_MAX: z.coerce.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(10),
  /** PostgreSQL: statement_timeout of every connection in ms; 0 = none (the default: exports run long). */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(0),
  /** PostgreSQL TLS, libpq's names: disable | require (encrypted, not verified) | verify-full. Unset: DATABASE_URL decides. */
  PGSSLMODE: z
    .enum(['disable', 'require', 'verify-full'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** PostgreSQL TLS: the CA certificate file that verify-full checks the server against (else Node's CAs). */
  PGSSLROOTCERT: optionalText,
  /** Prometheus metrics on a listener of their own (decision 0195); unset = no metrics at all. */
  METRICS_PORT: optionalInt(0, 65535),
  /** The address of the metrics listener; HOST when unset. */
  METRICS_HOST: optionalText,
  /** OpenTelemetry: traces are exported over OTLP/HTTP only when this is set (decision 0197). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url('must be a URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The git commit of the build when the build could not bake it in (scripts/build.js does). */
  GIT_COMMIT: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'must be a commit id')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** After SIGTERM, keep accepting this long while /readyz answers 503 (behind a load balancer). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(20_000, 'must be at most 20000').default(0),
  /** The embedded database's first start creates the demo account unless this is false. */
  WEBTID_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Single sign-on of a one-account install from the environment (issue 41, docs/sso.md); an
   * account's own settings (the admin's SSO screen) win over these. SSO_ACCOUNT: the account's
   * code (default: the first account).
   */
  SSO_ISSUER: z
    .url('must be a URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SSO_CLIENT_ID: optionalText,
  SSO_CLIENT_SECRET: optionalText,
  SSO_PROVIDER_NAME: optionalText,
  SSO_ACCOUNT: optionalText,
  /** space- or comma-separated e-mail domains; unset = any */
  SSO_ALLOWED_DOMAINS: optionalText,
  /** Microsoft Entra ID: the tenant id the `tid` claim must equal */
  SSO_TENANT_ID: optionalText,
  SSO_JIT: z.enum(['true', 'false']).default('false'),
  SSO_REQUIRED: z.enum(['true', 'false']).default('false'),
  /** the username that may still sign in with a password when SSO_REQUIRED=true */
  SSO_BREAK_GLASS: optionalText,
  /**
   * Internal networks webhooks may be delivered to (on-premise receivers, tests): addresses, CIDR
   * ranges or `loopback`; `false` (the default) allows public unicast addresses only.
   */
  WEBHOOKS_ALLOW_PRIVATE: z
    .string()
    .default('false')
    .refine((v) => {
      try {
        parseAllowedNetworks(v);
        return true;
      } catch {
        return false;
      }
    }, ALLOW_PRIVATE_HELP),
});

/** Variables that may come from a file instead (Docker/Kubernetes secrets): `APP_SECRET_FILE=/run/secrets/app_secret`. */
export const FILE_VARIABLES = ['APP_SECRET', 'DATABASE_URL', 'PGPASSWORD', 'SSO_CLIENT_SECRET'] as const;

/**
 * Resolves `<NAME>_FILE` into `<NAME>` (the file's content without its final line break). Setting
 * both is an error, as is a file that cannot be read; the file's content never appears in a message.
 */
export function resolveFileVariables(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...source };
  for (const name of FILE_VARIABLES) {
    const file = source[`${name}_FILE`];
    if (!file) continue;
    if (source[name]) throw new EnvError(`Invalid environment variable ${name}_FILE: set either ${name} or ${name}_FILE, not both`);
    try {
      out[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (e) {
      throw new EnvError(`Invalid environment variable ${name}_FILE: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return out;
}

export type Env = Readonly<z.infer<typeof schema>>;

export class EnvError extends Error {}

/** A variable whose value is a secret: its value never appears in a message. */
const SECRET_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|_KEY$|^KEY$|CREDENTIAL/i;

/**
 * A URL with its password replaced by `***` (everything between the first `:` of the user info and
 * the last `@`, since a raw password may hold `/`, `#` or `@`), and token-like query values too.
 */
export function redactUrl(value: string): string {
  let text = value;
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([\s\S]*)@/i.exec(text);
  if (m) {
    const userInfo = m[2]!;
    const colon = userInfo.indexOf(':');
    if (colon >= 0) text = `${m[1]}${userInfo.slice(0, colon)}:***@${text.slice(m[0].length)}`;
  }
  return text.replace(/([?&](?:password|pass|secret|token|sslpassword)=)[^&#]*/gi, '$1***');
}

/**
 * Any text (an error from the database driver, a stack) with the values of secret variables and
 * the passwords of URLs in it replaced by `***`: for the last-resort error lines of the start.
 */
export function redactSecrets(text: string, source: NodeJS.ProcessEnv = process.env): string {
  let out = text.replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+):[^\s@]+@/gi, '$1:***@');
  for (const [name, value] of Object.entries(source)) {
    if (!value || value.length < 4) continue;
    if (SECRET_NAME.test(name)) out = out.split(value).join('***');
    else if (name.endsWith('_URL')) {
      const password = /^[a-z][a-z0-9+.-]*:\/\/[^:@]*:([\s\S]*)@/i.exec(value)?.[1];
      if (password && password.length >= 3) out = out.split(password).join('***').split(encodeURIComponent(password)).join('***');
    }
  }
  return out;
}

/** How a value may be shown in an error: secrets never, URLs without their password. */
export function shownValue(name: string, value: unknown): string {
  if (value === undefined || value === null) return 'nothing';
  if (SECRET_NAME.test(name)) return `a value of ${String(value).length} characters (not shown)`;
  const text = String(value);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || name.endsWith('_URL')) return JSON.stringify(redactUrl(text));
  return JSON.stringify(text);
}

/**
 * Parses the environment; a bad value throws one readable line naming the variable, never
 * showing a secret (APP_SECRET, a DATABASE_URL password, any variable named like SECRET or PASSWORD).
 * The server (not the CLI, which never encrypts) needs APP_SECRET with DATABASE_URL: a secret
 * generated per instance would make API keys and webhook secrets unreadable on a second instance
 * or after a restore elsewhere (issue 21 §4).
 */
export function parseEnv(raw: NodeJS.ProcessEnv = process.env, opts: { requireAppSecret?: boolean } = {}): Env {
  const source = resolveFileVariables(raw);
  const result = schema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? '?';
    // A value read from a *_FILE is a secret: the message names the file's variable, never the content.
    const fromFile = (FILE_VARIABLES as readonly string[]).includes(name) && raw[`${name}_FILE`];
    if (fromFile) throw new EnvError(`Invalid environment variable ${name} (read from ${name}_FILE): ${issue?.message ?? 'invalid value'}`);
    throw new EnvError(`Invalid environment variable ${name}: ${redactUrl(issue?.message ?? 'invalid value')} (got ${shownValue(name, source[name])})`);
  }
  if ((opts.requireAppSecret ?? true) && result.data.DATABASE_URL && !result.data.APP_SECRET) {
    throw new EnvError(
      'APP_SECRET is required when DATABASE_URL is set: every instance and every restore of the database needs the same secret ' +
        '(it encrypts the API key and the webhook signing secrets). Generate one with `openssl rand -base64 48`, set APP_SECRET, and back it up with the database.',
    );
  }
  return Object.freeze(result.data);
}
