import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { migrateToLatest, openDatabase } from '../../db/database';
import { EnvError, parseEnv } from './env';
import { createAccount } from './services/accounts';

const HELP = `NS-Webtid operator commands

Usage: npm run cli -- <command> [options]

Commands:
  create-account --code CODE --name NAME --admin USERNAME --password PASSWORD
      Creates an account and its first Admin user; prints {"accountId":…,"username":…}.
  migrate
      Runs the database migrations (also done on every start).
  help
      Shows this text.

The database is DATABASE_URL (PostgreSQL) or, when unset, the embedded one in DATA_DIR (default ./data);
stop the server before using the embedded database from here.`;

function usage(message: string): never {
  console.error(`Error: ${message}\nRun \`npm run cli -- --help\` for help.`);
  process.exit(2);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(HELP);
    return;
  }
  let env;
  try {
    env = parseEnv();
  } catch (e) {
    if (e instanceof EnvError) usage(e.message);
    throw e;
  }
  if (command === 'migrate') {
    const dbh = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
    try {
      const done = await migrateToLatest(dbh.db);
      console.log(JSON.stringify({ migrated: done }));
    } finally {
      await dbh.close();
    }
    return;
  }
  if (command === 'create-account') {
    let values;
    try {
      ({ values } = parseArgs({
        args: rest,
        options: { code: { type: 'string' }, name: { type: 'string' }, admin: { type: 'string' }, password: { type: 'string' } },
        strict: true,
      }));
    } catch (e) {
      usage(e instanceof Error ? e.message : String(e));
    }
    for (const k of ['code', 'name', 'admin', 'password'] as const) if (!values[k]) usage(`--${k} is required`);
    const dbh = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
    try {
      await migrateToLatest(dbh.db);
      const result = await createAccount(dbh.db, { code: values.code!, name: values.name!, admin: values.admin!, password: values.password! });
      console.log(JSON.stringify(result));
    } catch (e) {
      if (e instanceof ZodError) usage(e.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));
      if (e instanceof Error && 'code' in e && (e as { code: unknown }).code === 'CONFLICT') usage(e.message);
      throw e;
    } finally {
      await dbh.close();
    }
    return;
  }
  usage(`unknown command "${command}"`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
