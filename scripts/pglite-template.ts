/**
 * Makes the migrated PGlite template (db/pglite-template.ts) if there is none for the current
 * migrations, so that even the first `npm start` on an empty DATA_DIR skips initdb. Part of
 * `npm run build`; takes a few seconds once per schema, nothing when the template exists.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationNames, openDatabase } from '../db/database';
import { templateFile } from '../db/pglite-template';

if (existsSync(templateFile(migrationNames()))) process.exit(0);
const dir = mkdtempSync(join(tmpdir(), 'webtid-template-'));
try {
  const started = performance.now();
  const dbh = await openDatabase({ dataDir: dir });
  await dbh.close();
  console.log(`PGlite template ready (${Math.round(performance.now() - started)} ms)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
