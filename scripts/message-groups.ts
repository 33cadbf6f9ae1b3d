import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Which shared chunk a paraglide message module goes to (decision 0185). Every message module is
 * imported by paraglide's barrel, so the bundler can't tell who uses it; this scan of the client
 * source for `m.<key>` can. A message that only the admin screens use travels in `messages-admin`,
 * which only admin routes load; every other shared message stays in `messages`, which every page
 * loads. A message counted wrongly as admin-only costs a page an extra chunk, never a message.
 */
const ADMIN = `src${sep}client${sep}features${sep}admin${sep}`;
const MESSAGE_MODULE = /[\\/]src[\\/]shared[\\/]paraglide[\\/]messages[\\/]([A-Za-z_$][\w$]*)\.js$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'paraglide' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The keys of messages used only below src/client/features/admin/. */
export function adminOnlyMessages(root: string): Set<string> {
  const admin = new Set<string>();
  const elsewhere = new Set<string>();
  for (const file of [...sourceFiles(join(root, 'src/client')), ...sourceFiles(join(root, 'src/shared'))]) {
    const used = relative(root, file).startsWith(ADMIN) ? admin : elsewhere;
    for (const match of readFileSync(file, 'utf8').matchAll(/\bm\.([A-Za-z_$][\w$]*)/g)) used.add(match[1]!);
  }
  return new Set([...admin].filter((key) => !elsewhere.has(key)));
}

/** The codeSplitting groups for the message modules: admin-only ones apart, the rest shared by all. */
export function messageGroups(root: string) {
  const adminOnly = adminOnlyMessages(root);
  const key = (id: string) => MESSAGE_MODULE.exec(id)?.[1];
  const admin = (id: string) => adminOnly.has(key(id) ?? '');
  // A message used by several route chunks would otherwise become a 200-byte chunk of its own.
  // `messages` first (priority): the group made first also takes what its modules import (the
  // runtime, React), which belongs to the chunk every page loads.
  return [
    { name: 'messages', test: (id: string) => key(id) !== undefined && !admin(id), minShareCount: 2, priority: 2 },
    { name: 'messages-admin', test: admin, minShareCount: 2, priority: 1 },
  ];
}
