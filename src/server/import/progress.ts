/*
 * Issue 42 §5: how far a running import is, kept in this process's memory (a poll must not
 * wait for the import's own transaction, and PGlite has one connection): the import record's
 * id → the phase and the rows done. The list of imports adds it to its running records.
 */
export interface ImportProgress {
  phase: 'checking' | 'writing';
  done: number;
  total: number;
}

const running = new Map<number, ImportProgress>();

export function setProgress(id: number, progress: ImportProgress): void {
  running.set(id, progress);
}

export function endProgress(id: number): void {
  running.delete(id);
}

export function progressOf(id: number): ImportProgress | null {
  return running.get(id) ?? null;
}

export function runningIds(): number[] {
  return [...running.keys()];
}
