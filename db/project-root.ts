import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project folder (the one with package.json), from the sources (src/server, db/) and from the
 * compiled server alike — whose code may sit in dist/server/ or in dist/server/chunks/ (the
 * bundle is split), so a fixed `../..` is wrong in one of them.
 */
export function projectRoot(from: string = import.meta.dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
