import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RawMessage } from '../../shared/message-format';

/**
 * The UI message catalogue of a locale, merged from messages/<area>/<locale>.json: each key's
 * pattern, or its variants (plurals) as the file holds them. The client formats them
 * (src/shared/message-format.ts); its build reads the English one the same way.
 */
export function loadCatalogue(messagesDir: string, locale: string): Record<string, RawMessage> {
  const out: Record<string, RawMessage> = {};
  for (const area of readdirSync(messagesDir).sort()) {
    const file = join(messagesDir, area, `${locale}.json`);
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(json)) {
      if (key !== '$schema' && (typeof value === 'string' || Array.isArray(value))) out[key] = value as RawMessage;
    }
  }
  return out;
}
