/**
 * Where the CLI takes a password from, safest first: standard input (`--password-stdin`), the
 * WEBTID_PASSWORD variable, and last `--password` (visible to every user of the machine in the
 * process list, so it warns).
 */
export class PasswordMissing extends Error {}

async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin as AsyncIterable<Buffer | string>) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += b.length;
    // A password is short; anything longer is a mistake such as piping a file in.
    if (size > 64 * 1024) throw new PasswordMissing('standard input is too long for a password');
    chunks.push(b);
  }
  // One trailing line break is the end of the line (echo, a here-string), not part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export async function readPassword(
  opts: { passwordStdin?: boolean | undefined; password?: string | undefined },
  io: { stdin: NodeJS.ReadableStream; env: NodeJS.ProcessEnv; warn: (line: string) => void },
): Promise<string> {
  if (opts.passwordStdin) {
    if (opts.password !== undefined) throw new PasswordMissing('use either --password-stdin or --password, not both');
    const pw = await readStdin(io.stdin);
    if (!pw) throw new PasswordMissing('--password-stdin: standard input was empty');
    return pw;
  }
  if (opts.password !== undefined) {
    io.warn('Warning: --password is visible to other users in the process list; prefer --password-stdin or WEBTID_PASSWORD.');
    return opts.password;
  }
  const fromEnv = io.env.WEBTID_PASSWORD;
  if (fromEnv) return fromEnv;
  throw new PasswordMissing('a password is required: pipe it into --password-stdin, or set WEBTID_PASSWORD');
}
