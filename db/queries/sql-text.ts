/*
 * SQL text without bind parameters, for statements that cannot take any (COPY, DECLARE CURSOR)
 * and for expressions shared between those and parameterised queries (teamScope).
 */

/** A text constant that needs no escaping; a scalar sub-select so that it is computed once. */
export function textConst(value: string): string {
  return `(SELECT convert_from(decode('${Buffer.from(value, 'utf8').toString('hex')}', 'hex'), 'UTF8'))`;
}

/** An integer constant; anything else is refused. */
export function intConst(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
}

/** Runs one statement with bound parameters ($1, $2, …) in the caller's transaction; rows keyed as the SQL names them. */
export type SqlExec = <R = Record<string, unknown>>(text: string, params?: readonly unknown[]) => Promise<{ rows: R[]; rowCount: number }>;
