import { runCli } from './cli/commands';
import { loadDotEnv } from './dotenv';

// The operator CLI (`npx webtid …`); the commands live in ./cli/commands.ts.
loadDotEnv();
runCli(process.argv.slice(2), {
  stdin: process.stdin,
  env: process.env,
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
