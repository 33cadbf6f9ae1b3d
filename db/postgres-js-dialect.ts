import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { ReservedSql, Sql } from 'postgres';

/**
 * A Kysely dialect for postgres.js that runs plain queries on the pool and reserves a connection
 * only for a transaction. `kysely-postgres-js` reserves a connection for every query, which cost
 * most of the throughput of a one-query request (DESIGN §7: measure both paths); statements are
 * prepared, so the planner runs once per statement and connection.
 */
export class PostgresJsDialect implements Dialect {
  constructor(private readonly sql: Sql) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PostgresJsDriver(this.sql);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own introspector signature
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}

class PostgresJsDriver implements Driver {
  constructor(private readonly sql: Sql) {}
  async init(): Promise<void> {}
  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new PostgresJsConnection(this.sql));
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as PostgresJsConnection;
    await c.reserve();
    let begin = 'begin';
    if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) begin += ` ${settings.accessMode}`;
    await c.executeQuery(CompiledQuery.raw(begin));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PostgresJsConnection).release();
  }
  async destroy(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }
}

class PostgresJsConnection implements DatabaseConnection {
  private reserved: ReservedSql | null = null;
  constructor(private readonly pool: Sql) {}

  async reserve(): Promise<void> {
    this.reserved ??= await this.pool.reserve();
  }

  release(): void {
    this.reserved?.release();
    this.reserved = null;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.reserved ?? this.pool;
    const result = await target.unsafe(compiledQuery.sql, compiledQuery.parameters as never[], { prepare: compiledQuery.parameters.length > 0 });
    const { command, count } = result;
    return {
      numAffectedRows: command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE' ? BigInt(count) : undefined,
      rows: Array.from(result.values()) as R[],
    };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    const target = this.reserved ?? this.pool;
    const cursor = target.unsafe(compiledQuery.sql, compiledQuery.parameters as never[]).cursor(chunkSize);
    for await (const rows of cursor) yield { rows: rows as unknown as R[] };
  }
}
