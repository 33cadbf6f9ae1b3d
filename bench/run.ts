/**
 * npm run bench [-- foundation|master-data|worksheet|export ...] [--quick]
 * Prints figures and ratios against the goals of the issues; never a pass/fail timing test.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchFoundation } from './foundation';

const args = process.argv.slice(2);
const wanted = args.filter((a) => !a.startsWith('--'));
const want = (name: string) => wanted.length === 0 || wanted.includes(name);

interface AreaBench {
  name: string;
  file: string;
  fn: string;
}
const areas: AreaBench[] = [
  { name: 'master-data', file: 'master-data.ts', fn: 'benchMasterData' },
  { name: 'worksheet', file: 'worksheet.ts', fn: 'benchWorksheet' },
  { name: 'export', file: 'export.ts', fn: 'benchExport' },
  { name: 'webhooks', file: 'webhooks.ts', fn: 'benchWebhooks' },
];

if (want('foundation')) await benchFoundation();
for (const area of areas) {
  if (!want(area.name)) continue;
  const file = resolve(import.meta.dirname, area.file);
  if (!existsSync(file)) continue;
  const mod = (await import(file)) as Record<string, () => Promise<void>>;
  await mod[area.fn]?.();
}
process.exit(0);
