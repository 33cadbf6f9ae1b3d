import { z } from 'zod';

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
});

export type Env = Readonly<z.infer<typeof schema>>;

export class EnvError extends Error {}

/** Parses the environment; a bad value throws one readable line naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? '?';
    throw new EnvError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'} (got ${JSON.stringify(source[name] ?? null)})`);
  }
  return Object.freeze(result.data);
}
