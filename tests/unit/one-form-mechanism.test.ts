import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue 10 §9, decision 0165: every form of the client runs on the one form mechanism
 * (src/client/lib/use-zod-form.ts, directly or through the worksheet form's hook or the admin
 * save actions built on it). A form that keeps its own useState values and error plumbing fails here.
 */
const FEATURES = join(import.meta.dirname, '../../src/client/features');
const ROOT = join(import.meta.dirname, '../..');

/** Forms with nothing to submit: their fields are filters applied as they change (kept in the URL). */
const FILTER_FORMS = new Set([
  'src/client/features/export/archive-page.tsx',
  // the worksheet list's filters and the report's pickers (issues 23, 26): URL search state, not data entry
  'src/client/features/worksheet/list-filter-bar.tsx',
  'src/client/features/report/reports-page.tsx',
]);

/** The hooks built on useZodForm (each checked below to use it). */
const MECHANISM = /\b(useZodForm|useWorksheetForm|useSaveAction|useEditRecord)\b/;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

const formFiles = tsxFiles(FEATURES)
  .map((path) => ({ path: relative(ROOT, path), source: readFileSync(path, 'utf8') }))
  .filter((file) => /<form[\s>]/.test(file.source));

describe('one form mechanism', () => {
  it('finds the forms (the scan itself works)', () => {
    const names = formFiles.map((f) => f.path);
    for (const expected of [
      'src/client/features/auth/login-page.tsx',
      'src/client/features/admin/users/user-form.tsx',
      'src/client/features/admin/users/change-password-form.tsx',
      'src/client/features/admin/account/account-settings-form.tsx',
      'src/client/features/admin/webhooks/webhooks-page.tsx',
      'src/client/features/worksheet/worksheet-form.tsx',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(formFiles.filter((f) => !FILTER_FORMS.has(f.path)).map((f) => [f.path, f.source] as const))('%s runs on useZodForm', (_path, source) => {
    expect(source).toMatch(MECHANISM);
    // Its own error state or a second validation path would be a second mechanism.
    expect(source).not.toMatch(/useState<\s*(FormErrors|Errors|Record<string, string\[\]>)\s*>/);
    expect(source).not.toMatch(/\bzodFormErrors\(|\.safeParse\(/);
  });

  it('the hooks the forms use are built on useZodForm', () => {
    const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
    expect(read('src/client/features/worksheet/use-worksheet-form.ts')).toMatch(/\buseZodForm\(/);
    expect(read('src/client/features/admin/common/use-record-actions.ts')).toMatch(/\bZodForm<S>/);
  });
});
