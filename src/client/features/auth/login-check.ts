import { m } from '../../../shared/paraglide/messages.js';
import type { TLoginInput } from '../../../shared/schemas/auth';
import type { FormSchema } from '../../lib/use-zod-form';

type LoginValues = Required<TLoginInput>;
type Issue = { path: ['username' | 'password']; message: string };

/**
 * The login form's own check before it asks the server (decision 0270): both fields filled in,
 * with the text of the server schema's message (ZLoginInput's REQUIRED), in the user's language:
 * its own text, so the login page loads none of the error catalogue (decision 0286). That is all a user can get wrong here
 * that the server would not answer at once; lengths and control characters are the server's (its
 * 400 shows at the field like any other). Zod is no longer fetched by /login: 26 KB gzipped that
 * the phone then had before the worksheet's first paint.
 */
class LoginCheck implements FormSchema {
  /** Types only (what `z.input` / `z.output` read); nothing at run time. */
  declare readonly _zod: { readonly input: TLoginInput; readonly output: LoginValues };

  safeParse(value: TLoginInput) {
    const issues: Issue[] = [];
    const username = value.username.trim();
    if (!username) issues.push({ path: ['username'], message: m.error_required() });
    if (!value.password) issues.push({ path: ['password'], message: m.error_required() });
    if (issues.length) return { success: false as const, error: { issues } };
    return { success: true as const, data: { username, password: value.password, remember: value.remember ?? true } };
  }
}

export const loginCheck = new LoginCheck();
