import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/env';

/** Issue 21 §5/§6: the new operator settings are validated like the others; secrets may come from files. */
describe('operator settings', () => {
  it('defaults: pool 10, no statement timeout, no TLS setting, metrics and tracing off', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PGPOOL_MAX: 10, PG_STATEMENT_TIMEOUT_MS: 0, SHUTDOWN_DELAY_MS: 0 });
    expect(env.PGSSLMODE).toBeUndefined();
    expect(env.METRICS_PORT).toBeUndefined();
    expect(env.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
  });

  it('accepts good values', () => {
    const env = parseEnv({
      PGPOOL_MAX: '25',
      PG_STATEMENT_TIMEOUT_MS: '30000',
      PGSSLMODE: 'verify-full',
      PGSSLROOTCERT: '/etc/ssl/ca.pem',
      METRICS_PORT: '9464',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      WEBTID_DEMO: 'false',
    });
    expect(env).toMatchObject({ PGPOOL_MAX: 25, PG_STATEMENT_TIMEOUT_MS: 30000, PGSSLMODE: 'verify-full', METRICS_PORT: 9464, WEBTID_DEMO: 'false' });
  });

  it.each([
    ['PGPOOL_MAX', '0'],
    ['PGPOOL_MAX', 'ten'],
    ['PG_STATEMENT_TIMEOUT_MS', '-1'],
    ['PGSSLMODE', 'prefer-ish'],
    ['METRICS_PORT', '70000'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'not a url'],
    ['WEBTID_DEMO', 'no'],
    ['SHUTDOWN_DELAY_MS', '60000'],
  ])('refuses %s=%s with a line naming the variable', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it('reads APP_SECRET_FILE, DATABASE_URL_FILE and PGPASSWORD_FILE (the final line break dropped)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'webtid-env-'));
    writeFileSync(join(dir, 'secret'), 'x'.repeat(40) + '\n');
    writeFileSync(join(dir, 'url'), 'postgres://webtid@db:5432/webtid\n');
    writeFileSync(join(dir, 'pw'), 'p/ss#word with spaces\n');
    const env = parseEnv({ APP_SECRET_FILE: join(dir, 'secret'), DATABASE_URL_FILE: join(dir, 'url'), PGPASSWORD_FILE: join(dir, 'pw') });
    expect(env.APP_SECRET).toBe('x'.repeat(40));
    expect(env.DATABASE_URL).toBe('postgres://webtid@db:5432/webtid');
    expect(env.PGPASSWORD).toBe('p/ss#word with spaces');
  });

  it('refuses a *_FILE that cannot be read, or set beside its variable, without showing a value', () => {
    expect(() => parseEnv({ APP_SECRET_FILE: '/nonexistent/secret' })).toThrow(/^Invalid environment variable APP_SECRET_FILE: cannot read \/nonexistent\/secret \(ENOENT\)$/);
    expect(() => parseEnv({ APP_SECRET_FILE: '/nonexistent/secret', APP_SECRET: 'y'.repeat(40) })).toThrow(/set either APP_SECRET or APP_SECRET_FILE, not both$/);
    const dir = mkdtempSync(join(tmpdir(), 'webtid-env-'));
    writeFileSync(join(dir, 'short'), 'too-short-secret\n');
    let message = '';
    try {
      parseEnv({ APP_SECRET_FILE: join(dir, 'short') });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe('Invalid environment variable APP_SECRET (read from APP_SECRET_FILE): must be at least 32 characters');
  });
});
