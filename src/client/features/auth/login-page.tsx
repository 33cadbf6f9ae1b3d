import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { Button } from '../../components/button';
import { Checkbox, TextField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../components/toast';
import { applyUserLanguage } from '../../lib/i18n';
import { clearLoginReason, readLoginReason } from '../../lib/login-reason';
import { trpc } from '../../lib/trpc';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { clearOtherUsersDrafts, draftReturnPath, sessionDrafts } from '../worksheet/draft';

interface Errors {
  username?: string;
  password?: string;
}

export function LoginPage() {
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const login = trpc.user.login.useMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Read once: after a redirect or the idle reload the page says why the user is here.
  const [reason] = useState(readLoginReason);
  useEffect(() => clearLoginReason, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const required: Errors = {
      username: username.trim() ? undefined : m.error_required(),
      password: password ? undefined : m.error_required(),
    };
    setErrors(required);
    setFormError(undefined);
    if (required.username || required.password) {
      form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }

    setBusy(true);
    try {
      await login.mutateAsync({ username: username.trim(), password, remember });
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
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors({ username: fields.username, password: fields.password });
      const message = errorMessage(error);
      setFormError(message);
      toast.error(message);
      setBusy(false);
    }
  }

  return (
    <form className="card auth-card" onSubmit={onSubmit} noValidate>
      <PageHeader title={m.login_title()} subtitle={m.login_subtitle()} />
      {reason && (
        <p className="notice notice--info" role="status" data-testid="login-reason">
          {reason === 'idle' ? m.login_reason_idle() : m.login_reason_expired()}
        </p>
      )}
      <TextField
        label={m.login_username()}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={errors.username}
        required
      />
      <TextField
        label={m.login_password()}
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
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
      <Checkbox label={m.login_remember()} name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
      {formError && (
        <p className="form-error" data-testid="login-error">
          {formError}
        </p>
      )}
      <Button type="submit" variant="primary" className="btn--block" loading={busy}>
        {busy ? m.login_submitting() : m.login_submit()}
      </Button>
    </form>
  );
}
