import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/conventions.md is where a newcomer starts: every path it names must exist (issue 20 §6).
 * Checked: each `code span` word with a slash, placeholders (`<area>`, `*`, `{en,da}`) matching at
 * least one file. Not checked: paths outside the repository (`../shared/…`, the workspace's spec)
 * and what the build or a run writes (listed below).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const GENERATED = ['test-results/', 'src/shared/paraglide/', 'dist/'];

/** The path-like words of the file's code spans. */
function mentionedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  const words = spans.flatMap((span) => span.split(/\s+/)).map((w) => w.replace(/^['"(]+|['",;:)]+$/g, ''));
  return [...new Set(words.filter((w) => /^[\w.<>*{}-]+\/[\w./<>*{},-]*$/.test(w) && !w.startsWith('../') && !w.includes('<rel>')))];
}

/** Whether a path with placeholders matches something: each segment a pattern, walked from the root. */
function exists(path: string): boolean {
  const segments = path.replace(/\/$/, '').split('/');
  let dirs = [ROOT];
  for (const segment of segments) {
    if (!/[<>*{}]/.test(segment)) {
      dirs = dirs.map((d) => join(d, segment)).filter((p) => existsSync(p));
      continue;
    }
    const source = segment
      .replace(/[.+^$()|[\]\\]/g, '\\$&')
      .replace(/<[^>]+>|\*/g, '[^/]*')
      .replace(/\{([^}]*)\}/g, (_m, list: string) => `(${list.split(',').join('|')})`);
    const pattern = new RegExp(`^${source}$`);
    dirs = dirs.flatMap((d) =>
      existsSync(d) && !d.endsWith('.json')
        ? safeList(d)
            .filter((n) => pattern.test(n))
            .map((n) => join(d, n))
        : [],
    );
  }
  return dirs.length > 0;
}

const safeList = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

describe('docs/conventions.md', () => {
  const text = readFileSync(join(ROOT, 'docs/conventions.md'), 'utf8');
  const paths = mentionedPaths(text);

  it('finds the paths it names (the check itself works)', () => {
    expect(paths).toContain('src/server/trpc.ts');
    expect(paths).toContain('db/queries/<area>.ts');
    expect(mentionedPaths('see `tests/api/items.test.ts`')).toEqual(['tests/api/items.test.ts']);
    expect(exists('tests/api/items.test.ts')).toBe(false);
    expect(exists('messages/<area>/{en,da}.json')).toBe(true);
  });

  it('names only files that exist', () => {
    const missing = paths.filter((p) => !GENERATED.some((g) => p.startsWith(g)) && !exists(p));
    expect(missing).toEqual([]);
  });
});
