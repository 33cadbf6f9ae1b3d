import { z } from 'zod';
import { requiredText } from '../fields';
import { confirmPassword, matchPasswords, password } from './user';

/** Set-password links for imported users (issue 42 §6, decision 0430). */

export const ZCreatePasswordLinkInput = z.object({ username: requiredText(200) });

export const ZPasswordLink = z.object({
  username: z.string(),
  /** the page with the token, relative to the app's origin: `/set-password#token=…` (a fragment never reaches a log) */
  path: z.string(),
  expiresAt: z.string(),
});
export type TPasswordLink = z.infer<typeof ZPasswordLink>;

const token = () =>
  z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/);

export const ZPasswordLinkToken = z.object({ token: token() });

export const ZPasswordLinkInfo = z.object({ username: z.string(), expiresAt: z.string() });

export const ZUsePasswordLinkInput = z.object({ token: token(), password: password(), confirmPassword: confirmPassword() }).superRefine(matchPasswords);
export type TUsePasswordLinkInput = z.input<typeof ZUsePasswordLinkInput>;
