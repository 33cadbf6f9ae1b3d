import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, redactSecrets, redactUrl } from './env';

/** Issue 21 §4: no config error shows a secret; DATABASE_URL needs APP_SECRET on the server. */
const message = (source: Record<string, string>, opts?: { requireAppSecret?: boolean }) => {
  try {
    parseEnv(source, opts);
  } catch (e) {
    expect(e).toBeInstanceOf(EnvError);
    return (e as Error).message;
  }
  throw new Error('parsed');
};

const SECRET = 'postgres-Pa55word';
const APP_SECRET = 'a-strong-app-secret-a-strong-app-secret';

describe('environment errors keep secrets out', () => {
  it('a too short APP_SECRET is named, its value is not shown', () => {
    const text = message({ APP_SECRET: 'hunter2-short' });
    expect(text).toContain('APP_SECRET');
    expect(text).not.toContain('hunter2');
    expect(text).toContain('13 characters');
  });

  it('a bad DATABASE_URL is shown without its password', () => {
    const text = message({ DATABASE_URL: `mysql://webtid:${SECRET}@db:5432/webtid`, APP_SECRET });
    expect(text).toContain('DATABASE_URL');
    expect(text).toContain('mysql://webtid:***@db:5432/webtid');
    expect(text).not.toContain(SECRET);
  });

  it('DATABASE_URL without APP_SECRET stops the server with an error naming APP_SECRET (never the password)', () => {
    const text = message({ DATABASE_URL: `postgres://webtid:${SECRET}@db/webtid` });
    expect(text).toMatch(/^APP_SECRET is required when DATABASE_URL is set/);
    expect(text).toContain('back it up with the database');
    expect(text).not.toContain(SECRET);
    // The CLI never encrypts anything and may run without it.
    expect(parseEnv({ DATABASE_URL: `postgres://webtid:${SECRET}@db/webtid` }, { requireAppSecret: false }).DATABASE_URL).toContain('db/webtid');
    expect(parseEnv({ DATABASE_URL: `postgres://webtid:${SECRET}@db/webtid`, APP_SECRET }).APP_SECRET).toBe(APP_SECRET);
    // The embedded database keeps generating its secret into DATA_DIR.
    expect(parseEnv({}).APP_SECRET).toBeUndefined();
  });

  it('WEBHOOKS_ALLOW_PRIVATE=true is refused: the networks must be named', () => {
    expect(message({ WEBHOOKS_ALLOW_PRIVATE: 'true' })).toMatch(/^Invalid environment variable WEBHOOKS_ALLOW_PRIVATE: .*name the networks/);
    expect(parseEnv({ WEBHOOKS_ALLOW_PRIVATE: '10.20.0.0/16, loopback' }).WEBHOOKS_ALLOW_PRIVATE).toBe('10.20.0.0/16, loopback');
  });

  it('redactUrl hides passwords and token-like query values', () => {
    expect(redactUrl(`postgresql://u:${SECRET}@h:5432/d?sslmode=require`)).toBe('postgresql://u:***@h:5432/d?sslmode=require');
    expect(redactUrl(`postgres://h/d?password=${SECRET}&x=1`)).toBe('postgres://h/d?password=***&x=1');
    expect(redactUrl('postgres://u@h/d')).toBe('postgres://u@h/d');
    expect(redactUrl(`postgres://u:p@ss:w#rd@h/d`)).not.toContain('ss:w');
  });

  it('redactSecrets takes secret values and URL passwords out of any text', () => {
    const env = { APP_SECRET, DATABASE_URL: `postgres://webtid:${SECRET}@db/webtid`, SMTP_PASSWORD: 'mail-pass', HOME: '/root' };
    const text = `connect failed for postgres://webtid:${SECRET}@db/webtid (${SECRET}) with ${APP_SECRET} and mail-pass in /root`;
    const out = redactSecrets(text, env);
    for (const s of [SECRET, APP_SECRET, 'mail-pass']) expect(out).not.toContain(s);
    expect(out).toContain('/root');
    expect(out).toContain('postgres://webtid:***@db/webtid');
  });
});
