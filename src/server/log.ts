import pino, { type Logger } from 'pino';
import type { Actor } from './context';

/**
 * One JSON line per event on stdout, readable by people and machines: ISO time, level as a word
 * (`"level":"info"`), the version and commit of the build, no pid/hostname noise. `npm run dev` pipes it through pino-pretty.
 */
export function createLogger(level: string, base?: { version: string; commit: string }): Logger {
  return pino({
    level,
    // The build on every line (issue 21 §5), so that a line says which code wrote it.
    base: base ? { version: base.version, commit: base.commit } : undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-api-key"]'],
  });
}

/**
 * Who did it, for audit lines (exports, API key use, logins): never a secret, only ids and the
 * user name. `log.info({ ...who(actor), rows }, 'csv export')`.
 */
export function who(actor: Pick<Actor, 'kind' | 'accountId' | 'userId' | 'username'>): { accountId: number; userId: number | null; username: string; via: 'session' | 'apiKey' } {
  return { accountId: actor.accountId, userId: actor.userId, username: actor.username, via: actor.kind };
}
