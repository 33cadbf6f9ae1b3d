import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { Button, buttonClass } from '../../components/button';
import { Checkbox, TextField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../lib/toast';
import { applyUserLanguage } from '../../lib/i18n';
import { clearLoginReason, readLoginReason } from '../../lib/login-reason';
import { trpc } from '../../lib/trpc';
import { errorMessage, translateCode, useErrorMessages } from '../../lib/errors';
import { submitHandler, useZodForm } from '../../lib/use-zod-form';
import { clearLogoutPending, finishPendingLogout } from '../../lib/logout-pending';
import { clearOtherUsersDrafts, draftReturnPath, sessionDrafts } from '../worksheet/draft';
import { loginCheck } from './login-check';
import { takeSsoEndSession } from '../../lib/sso-end-session';

// Issue 41: only a login that asks for a second factor loads its code (the login page has a JS budget).
const SecondFactorStep = lazy(() => import('./second-factor-step'));

export function LoginPage() {
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const login = trpc.user.login.useMutation();
  // The one form mechanism (decision 0165): checked on submit, then live as the user types; the
  // check is the form's own few lines, not zod (decision 0270).
  const form = useZodForm(loginCheck, { username: '', password: '', remember: true });
  const [showPassword, setShowPassword] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Read once: after a redirect or the idle reload the page says why the user is here.
  const [reason] = useState(readLoginReason);
  useEffect(() => clearLoginReason, []);
  const [secondStep, setSecondStep] = useState<{ kind: 'totp' | 'passkey' | 'enrol'; challenge: string; passkey: boolean }>();
  const passkeyOptions = trpc.passkeys.loginOptions.useMutation();
  const passkeyLogin = trpc.passkeys.login.useMutation();
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  // Issue 41 §3: a browser without WebAuthn is offered no passkey button.
  const [canPasskey] = useState(() => typeof window.PublicKeyCredential === 'function');
  // Issue 41: the account's single sign-on (?account=CODE, or the only one), a refusal it came back
  // with (?sso_error=CODE, shown in the user's language), and the provider's logout after a logout.
  const [search] = useState(() => new URLSearchParams(window.location.search));
  const ssoAccount = search.get('account') ?? undefined;
  const ssoError = search.get('sso_error');
  useErrorMessages();
  const sso = trpc.sso.options.useQuery(ssoAccount ? { account: ssoAccount } : {}, { retry: false, staleTime: 60_000 });
  const [endSession] = useState(takeSsoEndSession);

  /** What every sign-in ends with, once the session cookie is set. */
  const signedIn = async () => {
    // This login's cookie replaced the previous one: no pending logout may end it later.
    clearLogoutPending();
    clearLoginReason();
    // Nothing cached may survive from a previous user.
    queryClient.clear();
    const info = await utils.user.info.ensureData();
    await applyUserLanguage(info.languageCode);
    // Issue 10 §6: another user's drafts go; after a session that ended (401, idle), the same
    // user returns to the entry form, where the draft is restored.
    const drafts = sessionDrafts();
    clearOtherUsersDrafts(drafts, info.username);
    const back = reason ? draftReturnPath(drafts, info.username) : null;
    if (back) router.history.push(back);
    else await navigate({ to: '/' });
  };

  const onSubmit = submitHandler(async (element) => {
    setFormError(undefined);
    const input = form.validate(element);
    if (!input) return;

    setBusy(true);
    try {
      // The previous user's session ends before this one begins (a logout made offline, decision 0199).
      await finishPendingLogout();
      const result = await login.mutateAsync(input);
      if (!result.ok) {
        setSecondStep({ kind: result.secondFactor, challenge: result.challenge, passkey: result.passkey });
        setBusy(false);
        return;
      }
      await signedIn();
    } catch (error) {
      form.setServerErrors(error);
      const message = errorMessage(error);
      setFormError(message);
      toast.error(message);
      setBusy(false);
    }
  });

  /** Issue 41 §3: a passkey sign-in without a username (the browser asks which passkey); the same session as a password. */
  const onPasskey = async () => {
    setFormError(undefined);
    setPasskeyBusy(true);
    try {
      await finishPendingLogout();
      const { signWithPasskey } = await import('./passkey-browser');
      const response = await signWithPasskey(await passkeyOptions.mutateAsync({}));
      await passkeyLogin.mutateAsync({ response, remember: form.values.remember });
      await signedIn();
    } catch (error) {
      const message = errorMessage(error);
      setFormError(message);
      toast.error(message);
      setPasskeyBusy(false);
    }
  };

  if (secondStep) {
    return (
      <div className="card auth-card">
        <PageHeader title={secondStep.kind === 'enrol' ? m.login_enrol_title() : m.login_second_factor_title()} subtitle={m.login_subtitle()} />
        <Suspense fallback={null}>
          <SecondFactorStep kind={secondStep.kind} challenge={secondStep.challenge} passkey={secondStep.passkey} onSignedIn={signedIn} />
        </Suspense>
      </div>
    );
  }

  return (
    <form className="card auth-card" onSubmit={onSubmit} noValidate data-own-messages>
      <PageHeader title={m.login_title()} subtitle={m.login_subtitle()} />
      {reason && (
        <p className="notice notice--info" role="status" data-testid="login-reason">
          {reason === 'idle' ? m.login_reason_idle() : m.login_reason_expired()}
        </p>
      )}
      {endSession && (
        <p className="notice notice--info" data-testid="sso-end-session">
          <a href={endSession}>{m.login_sso_end_session()}</a>
        </p>
      )}
      {ssoError && (
        <p className="form-error" role="alert" data-testid="sso-error">
          {translateCode(ssoError, {}, ssoError)}
        </p>
      )}
      {sso.data?.providers.map((p) => (
        <a
          key={p.account}
          className={buttonClass('primary', 'btn--block login-sso')}
          href={`/api/auth/sso/start?account=${encodeURIComponent(p.account)}`}
          data-testid="sso-button"
        >
          {m.login_sso_button({ provider: p.name })}
        </a>
      ))}
      {(sso.data?.providers.length ?? 0) > 0 && <p className="login-sso__or">{m.login_sso_or()}</p>}
      <TextField label={m.login_username()} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.text('username')} required />
      <TextField
        label={m.login_password()}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        {...form.text('password')}
        required
        addon={
          <button
            type="button"
            className="field__addon"
            aria-pressed={showPassword}
            aria-label={m.login_show_password()}
            title={m.login_show_password()}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {showPassword && <path d="M4 4l16 16" />}
            </svg>
          </button>
        }
      />
      <Checkbox label={m.login_remember()} {...form.checkbox('remember')} />
      {formError && (
        <p className="form-error" data-testid="login-error">
          {formError}
        </p>
      )}
      <Button type="submit" variant="primary" className="btn--block" loading={busy}>
        {busy ? m.login_submitting() : m.login_submit()}
      </Button>
      {canPasskey && (
        <Button type="button" className="btn--block login-passkey" loading={passkeyBusy} onClick={() => void onPasskey()} data-testid="passkey-login">
          {m.login_passkey()}
        </Button>
      )}
    </form>
  );
}
