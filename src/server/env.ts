import { readFileSync } from 'node:fs';
import { z } from 'zod';

const optionalText = z.string().min(1).optional().or(z.literal('').transform(() => undefined));
const optionalInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional().or(z.literal('').transform(() => undefined));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@ns-webtid.dk'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set behind an https-terminating proxy so that cookies get `Secure`. */
  COOKIE_SECURE: z.enum(['true', 'false', 'auto']).default('auto'),
  /**
   * Whose X-Forwarded-For / -Proto / -Host to believe: `false` (nobody, the default), `true` (any
   * peer), or a comma-separated list of addresses, CIDR ranges and `loopback` (the proxy's address).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'must be true, false, or a list of addresses, CIDR ranges or loopback')
    .default('false'),
  /** PostgreSQL: the password when DATABASE_URL has none (compose passes it apart, issue 21 §6). */
  PGPASSWORD: optionalText,
  /** PostgreSQL: connections in the pool (decision 0196). */
  PGPOOL_MAX: z.coerce.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(10),
  /** PostgreSQL: statement_timeout of every connection in ms; 0 = none (the default: exports run long). */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(0),
  /** PostgreSQL TLS, libpq's names: disable | require (encrypted, not verified) | verify-full. Unset: DATABASE_URL decides. */
  PGSSLMODE: z.enum(['disable', 'require', 'verify-full']).optional().or(z.literal('').transform(() => undefined)),
  /** PostgreSQL TLS: the CA certificate file that verify-full checks the server against (else Node's CAs). */
  PGSSLROOTCERT: optionalText,
  /** Prometheus metrics on a listener of their own (decision 0195); unset = no metrics at all. */
  METRICS_PORT: optionalInt(0, 65535),
  /** The address of the metrics listener; HOST when unset. */
  METRICS_HOST: optionalText,
  /** OpenTelemetry: traces are exported over OTLP/HTTP only when this is set (decision 0197). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url('must be a URL').optional().or(z.literal('').transform(() => undefined)),
  /** The git commit of the build when the build could not bake it in (scripts/build.js does). */
  GIT_COMMIT: z.string().regex(/^[\w.-]{1,64}$/, 'must be a commit id').optional().or(z.literal('').transform(() => undefined)),
  /** After SIGTERM, keep accepting this long while /readyz answers 503 (behind a load balancer). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(20_000, 'must be at most 20000').default(0),
  /** The embedded database's first start creates the demo account unless this is false. */
  WEBTID_DEMO: z.enum(['true', 'false']).optional().or(z.literal('').transform(() => undefined)),
});

/** Variables that may come from a file instead (Docker/Kubernetes secrets): `APP_SECRET_FILE=/run/secrets/app_secret`. */
export const FILE_VARIABLES = ['APP_SECRET', 'DATABASE_URL', 'PGPASSWORD'] as const;

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

/** Parses the environment; a bad value throws one readable line naming the variable. */
export function parseEnv(raw: NodeJS.ProcessEnv = process.env): Env {
  const source = resolveFileVariables(raw);
  const result = schema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? '?';
    // A value read from a *_FILE is a secret: the message names the file's variable, never the content.
    const fromFile = (FILE_VARIABLES as readonly string[]).includes(name) && raw[`${name}_FILE`];
    if (fromFile) throw new EnvError(`Invalid environment variable ${name} (read from ${name}_FILE): ${issue?.message ?? 'invalid value'}`);
    throw new EnvError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'} (got ${JSON.stringify(source[name] ?? null)})`);
  }
  return Object.freeze(result.data);
}
