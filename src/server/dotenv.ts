import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Loads `.env` from the working directory when there is one (Node's own parser, no dependency).
 * Variables already set in the environment win over the file. Call it before reading the
 * environment; returns the file loaded, or null.
 */
export function loadDotEnv(file = resolve('.env')): string | null {
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
