import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { ZUsePasswordLinkInput } from '../../../shared/schemas/password-link';
import { buttonClass, Button } from '../../components/button';
import { TextField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { errorMessage, useErrorMessages } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { submitHandler, useZodForm } from '../../lib/use-zod-form';

/** The token of a set-password link: in the fragment (`#token=…`), which never reaches a server log. */
const tokenOf = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/**
 * /set-password#token=… (issue 42 §6): an imported user chooses a password with the link the
 * admin gave, then signs in. A used, expired or unknown link says so (coded errors).
 */
export function SetPasswordPage() {
  useErrorMessages();
  const [token] = useState(tokenOf);
  const info = trpc.passwordLink.info.useMutation();
  const use = trpc.passwordLink.use.useMutation();
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string>();
  const form = useZodForm(ZUsePasswordLinkInput, { token, password: '', confirmPassword: '' });
  if (!checked) {
    setChecked(true);
    info.mutate({ token });
  }

  const onSubmit = submitHandler(async (el) => {
    const values = form.validate(el);
    if (!values) return;
    setFormError(undefined);
    try {
      await use.mutateAsync(values);
      setDone(true);
    } catch (error) {
      if (!form.setServerErrors(error)) setFormError(errorMessage(error));
    }
  });

  if (done || info.isError) {
    return (
      <div className="card auth-card" data-testid="set-password-result">
        <PageHeader title={m.imp_setpw_title()} />
        {done ? (
          <p className="notice notice--info" role="status">
            {m.imp_setpw_done()}
          </p>
        ) : (
          <p className="form-error" role="alert">
            {errorMessage(info.error)}
          </p>
        )}
        <Link to="/login" className={buttonClass('primary', 'btn--block')}>
          {m.imp_setpw_login()}
        </Link>
      </div>
    );
  }

  const password = form.text('password');
  const confirm = form.text('confirmPassword');
  return (
    <form className="card auth-card" onSubmit={onSubmit} noValidate>
      <PageHeader title={m.imp_setpw_title()} subtitle={info.data ? m.imp_setpw_text({ username: info.data.username }) : undefined} />
      <input type="text" name="username" autoComplete="username" value={info.data?.username ?? ''} readOnly hidden />
      <TextField label={m.imp_setpw_password()} type="password" autoComplete="new-password" {...password} required />
      <TextField label={m.imp_setpw_confirm()} type="password" autoComplete="new-password" {...confirm} required />
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" variant="primary" className="btn--block" loading={use.isPending} disabled={!info.data}>
        {m.imp_setpw_save()}
      </Button>
    </form>
  );
}
