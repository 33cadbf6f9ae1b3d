import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ZodError } from 'zod';
import { migrateToLatest, openDatabase, type Database } from '../../../db/database';
import { accountIdByCode, accountIdOfUsername, listAccountsForOperator } from '../../../db/queries/operator';
import { englishOf } from '../../shared/error-codes';
import { ZChangePasswordInput, ZCreateUserInput } from '../../shared/schemas/user';
import type { Actor } from '../context';
import { DataDirBusyError, lockDataDir } from '../data-dir-lock';
import { EnvError, parseEnv, type Env } from '../env';
import { AppError } from '../errors';
import { createAccount } from '../services/accounts';
import { changePassword, createUser } from '../services/users';
import { PasswordMissing, readPassword } from './password';

export const HELP = `NS-Webtid operator commands

Usage: npx webtid <command> [options]        (or: npm run cli -- <command> [options])

Commands:
  create-account --code CODE --name NAME --admin USERNAME <password>
      Creates an account and its first Admin user; prints {"accountId":…,"username":…}.
  add-user --account CODE --username USERNAME [--profile Basic|Teamleader|Admin] [--team CODE]
           [--language ENU|DAN] <password>
      Adds a user to an account (default profile Basic); prints {"accountId":…,"username":…,"profileType":…}.
  reset-password --username USERNAME <password>
      Sets a new password, ends the user's sessions and lifts a login lock-out.
  list-accounts [--json]
      Lists the accounts with their number of users and their admins.
  migrate
      Runs the database migrations (also done on every start).
  help
      Shows this text.

<password> is one of, safest first:
  --password-stdin          read it from standard input, e.g. printf '%s' "$PW" | npx webtid …
  WEBTID_PASSWORD=…         the environment variable
  --password PASSWORD       works, but other users of the machine can see it in the process list

The database is DATABASE_URL (PostgreSQL) or, when unset, the embedded one in DATA_DIR (default
./data). The embedded database can be used by one process at a time: while the server runs, these
commands refuse to touch it (stop the server, or use PostgreSQL). A .env file in the working
directory is read first.`;

/** A usage or input error: the message is for the operator, exit code 2. */
export class UsageError extends Error {}

export interface CliIo {
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
}

const PASSWORD_OPTIONS = { password: { type: 'string' }, 'password-stdin': { type: 'boolean' } } as const;

function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

function required(values: Record<string, unknown>, ...names: string[]): void {
  for (const n of names) if (typeof values[n] !== 'string' || values[n] === '') throw new UsageError(`--${n} is required`);
}

/**
 * The operator acts inside one account with an admin's rights, like the account's API key: the
 * same services and rules as the web interface apply (reserved names, unique usernames, ...).
 */
function operatorActor(accountId: number): Actor {
  return {
    kind: 'apiKey',
    accountId,
    userId: null,
    username: 'API',
    profileType: 'Admin',
    teamCode: null,
    languageCode: 'ENU',
    sessionId: null,
    accountName: '',
    resourceUnits: 'Time',
    defaultResource: null,
    lockDefaultResource: false,
    defaultDescription: null,
  };
}

/** Opens the database for one command, holding the embedded data folder's lock meanwhile. */
async function withDatabase<T>(env: Env, command: string, fn: (db: Database) => Promise<T>): Promise<T> {
  const lock = lockDataDir(env.DATABASE_URL ? null : env.DATA_DIR, `webtid ${command}`);
  try {
    const dbh = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
    try {
      if (command !== 'migrate') await migrateToLatest(dbh.db);
      return await fn(dbh.db);
    } finally {
      await dbh.close();
    }
  } finally {
    lock.release();
  }
}

async function password(values: { password?: string | undefined; 'password-stdin'?: boolean | undefined }, io: CliIo): Promise<string> {
  try {
    return await readPassword({ password: values.password, passwordStdin: values['password-stdin'] }, { stdin: io.stdin, env: io.env, warn: io.err });
  } catch (e) {
    if (e instanceof PasswordMissing) throw new UsageError(e.message);
    throw e;
  }
}

const json = (io: CliIo, value: unknown) => io.out(JSON.stringify(value));

/** Runs one command; returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.out(HELP);
    return 0;
  }
  try {
    let env: Env;
    try {
      env = parseEnv(io.env, { requireAppSecret: false });
    } catch (e) {
      if (e instanceof EnvError) throw new UsageError(e.message);
      throw e;
    }
    switch (command) {
      case 'migrate': {
        parse(rest, {});
        const done = await withDatabase(env, command, (db) => migrateToLatest(db));
        json(io, { migrated: done });
        return 0;
      }
      case 'create-account': {
        const v = parse(rest, { code: { type: 'string' }, name: { type: 'string' }, admin: { type: 'string' }, ...PASSWORD_OPTIONS });
        required(v, 'code', 'name', 'admin');
        const pw = await password(v, io);
        const result = await withDatabase(env, command, (db) => createAccount(db, { code: v.code!, name: v.name!, admin: v.admin!, password: pw }));
        json(io, result);
        return 0;
      }
      case 'add-user': {
        const v = parse(rest, {
          account: { type: 'string' },
          username: { type: 'string' },
          profile: { type: 'string' },
          team: { type: 'string' },
          language: { type: 'string' },
          ...PASSWORD_OPTIONS,
        });
        required(v, 'account', 'username');
        const pw = await password(v, io);
        const input = ZCreateUserInput.parse({
          username: v.username,
          password: pw,
          confirmPassword: pw,
          profileType: v.profile ?? 'Basic',
          teamCode: v.team ?? null,
          languageCode: v.language ?? 'ENU',
        });
        const user = await withDatabase(env, command, async (db) => {
          const accountId = await accountIdByCode(db, v.account!);
          if (accountId === undefined) throw new UsageError(`no account with code ${v.account!}`);
          return createUser(db, operatorActor(accountId), input);
        });
        json(io, { accountId: user.accountId, username: user.username, profileType: user.profileType });
        return 0;
      }
      case 'reset-password': {
        const v = parse(rest, { username: { type: 'string' }, ...PASSWORD_OPTIONS });
        required(v, 'username');
        const pw = await password(v, io);
        const input = ZChangePasswordInput.parse({ username: v.username, password: pw, confirmPassword: pw });
        await withDatabase(env, command, async (db) => {
          const accountId = await accountIdOfUsername(db, input.username);
          if (accountId === undefined) throw new UsageError(`no user named ${input.username}`);
          await changePassword(db, operatorActor(accountId), input);
        });
        json(io, { username: input.username, passwordReset: true });
        return 0;
      }
      case 'list-accounts': {
        const v = parse(rest, { json: { type: 'boolean' } });
        const rows = await withDatabase(env, command, (db) => listAccountsForOperator(db));
        if (v.json) {
          json(io, rows);
          return 0;
        }
        const table = [['ID', 'CODE', 'NAME', 'ACTIVE', 'USERS', 'ADMINS']].concat(
          rows.map((r) => [String(r.id), r.code, r.name, r.active ? 'yes' : 'no', String(r.users), r.admins.join(', ')]),
        );
        const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
        for (const row of table) io.out(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`Error: ${e.message}\nRun \`npx webtid --help\` for help.`);
      return 2;
    }
    if (e instanceof ZodError) {
      io.err(`Error: ${e.issues.map((i) => `${i.path.length ? `--${i.path.join('.')}: ` : ''}${englishOf(i.message)}`).join('; ')}`);
      return 2;
    }
    if (e instanceof AppError) {
      const fields = e.errors ? Object.entries(e.errors).map(([f, msgs]) => `--${f}: ${msgs.join(', ')}`) : [];
      io.err(`Error: ${fields.length ? fields.join('; ') : e.code === 'NOT_FOUND' ? 'not found' : e.message}`);
      return 2;
    }
    if (e instanceof DataDirBusyError) {
      io.err(`Error: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
