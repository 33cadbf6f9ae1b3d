import { CompiledQuery, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { AttachmentTable, DB } from '../types';
import { prepared } from '../prepared';

type Db = Kysely<DB> | Transaction<DB>;

export interface AttachmentRefRow {
  worksheetId: number;
  id: number;
  fileName: string;
}

/**
 * Ids and names of the attachments of many records in one query (the list is never N+1). The ids
 * go in as one array parameter, so 5 000 records are one bind value, not 5 000.
 */
export async function attachmentRefs(db: Db, worksheetIds: readonly number[]): Promise<AttachmentRefRow[]> {
  if (worksheetIds.length === 0) return [];
  const list = `{${worksheetIds.join(',')}}`;
  return (await db.withoutPlugins().executeQuery<AttachmentRefRow>(CompiledQuery.raw(ATTACHMENT_REFS_SQL, [list]))).rows;
}

/**
 * One fixed text whatever the number of records, run as a prepared statement (decision 0263) and
 * without the CamelCasePlugin (the aliases are the keys): no query builder per list page.
 */
const ATTACHMENT_REFS_SQL = prepared(
  'SELECT worksheet_id AS "worksheetId", id, file_name AS "fileName" FROM attachment WHERE worksheet_id = ANY($1::int[]) ORDER BY worksheet_id, id',
);

export async function insertAttachments(db: Db, rows: Insertable<AttachmentTable>[]): Promise<void> {
  // One statement per file: a 15 MB bytea per row would make one multi-row statement huge.
  for (const row of rows) await db.insertInto('attachment').values(row).execute();
}

/** Detaches the given attachments of a record; returns what was removed. */
export async function deleteAttachments(db: Db, accountId: number, worksheetId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('attachment')
    .where('accountId', '=', accountId)
    .where('worksheetId', '=', worksheetId)
    .where('id', 'in', [...ids])
    .execute();
}

/** One attachment of one record of the account: the full file or only the preview. */
export async function findAttachmentContent(db: Db, accountId: number, worksheetId: number, attachmentId: number, preview: boolean) {
  const q = db
    .selectFrom('attachment')
    .select(['id', 'fileName', 'contentType', 'size', 'previewType'])
    .where('accountId', '=', accountId)
    .where('worksheetId', '=', worksheetId)
    .where('id', '=', attachmentId);
  return preview ? q.select('preview as content').executeTakeFirst() : q.select('data as content').executeTakeFirst();
}
