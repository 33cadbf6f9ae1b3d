import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The UI message catalogue of a locale, merged from messages/<area>/<locale>.json. */
export function loadCatalogue(messagesDir: string, locale: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const area of readdirSync(messagesDir).sort()) {
    const file = join(messagesDir, area, `${locale}.json`);
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(json)) {
      if (key !== '$schema' && typeof value === 'string') out[key] = value;
    }
  }
  return out;
}
