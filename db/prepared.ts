/*
 * Named prepared statements for the hot paths on PostgreSQL (issue 25 §2–§3, decision 0263).
 *
 * Kysely sends every statement unnamed: PostgreSQL parses and plans it anew each time. For the
 * reference look-up of a create (12 joins) planning alone took about 1 ms of the database's CPU
 * per call, more than executing it; the worksheet page and the create statement pay the same in
 * smaller measure. A text registered here runs as a named prepared statement instead (the pool
 * Kysely is given in db/database.ts looks it up): each connection parses and plans it once, and
 * PostgreSQL may keep a generic plan. Only fixed texts, or texts from a bounded family (the list's
 * filter combinations), are registered: a connection keeps every statement it prepared, so texts
 * that vary without bound (an IN list per length) must never come here. PREPARED_MAX is the
 * backstop; past it a text simply runs unnamed as before. PGlite ignores the registry.
 * A registered statement names its columns (no `SELECT *`): a column added by a later migration
 * then cannot change a prepared statement's result type under a running server.
 */

/** At most this many distinct texts are ever prepared (each connection holds at most this many). */
export const PREPARED_MAX = 200;

const names = new Map<string, string>();

/** Marks `text` to run as a named prepared statement on PostgreSQL; returns the text. */
export function prepared(text: string): string {
  if (!names.has(text) && names.size < PREPARED_MAX) names.set(text, `webtid_q${names.size + 1}`);
  return text;
}

/** The statement name of a registered text, or undefined (run unnamed). */
export function preparedName(text: string): string | undefined {
  return names.get(text);
}
