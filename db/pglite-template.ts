import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { projectRoot } from './project-root';

/*
 * A migrated, empty PGlite data directory kept as a tarball, so that the first start on an empty
 * DATA_DIR copies it instead of running initdb and every migration in WebAssembly (issue 9 point
 * 6; docs/decisions/0121-cold-start.md). initdb alone took 11–16 s on the busy 2-core machine;
 * loading the tarball ~3 s.
 *
 * The file name holds a hash of the PGlite version and the migration names, so that a template is
 * never used for another schema: a new migration or a PGlite upgrade simply makes a new one.
 * `npm run build` makes it (scripts/pglite-template.ts); a start that finds none makes it too.
 */

const DIR = process.env.PGLITE_TEMPLATE_DIR ?? join(projectRoot(import.meta.dirname), 'node_modules/.cache/webtid');

function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return (JSON.parse(readFileSync(require.resolve('@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export function templateFile(migrationNames: string[]): string {
  const key = createHash('sha256')
    .update(JSON.stringify([pgliteVersion(), ...migrationNames]))
    .digest('hex')
    .slice(0, 16);
  return join(DIR, `pglite-template-${key}.tar`);
}

/** Whether a data directory has never been used (missing or empty). */
export function isEmptyDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

export function readTemplate(file: string): Blob | undefined {
  try {
    return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the template atomically; best effort (a read-only install simply starts slower). */
export async function writeTemplate(file: string, dump: () => Promise<Blob>): Promise<void> {
  try {
    const data = Buffer.from(await (await dump()).arrayBuffer());
    mkdirSync(DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch {
    // no template: the next start runs initdb again
  }
}
