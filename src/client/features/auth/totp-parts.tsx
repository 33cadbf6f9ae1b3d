import { encode } from 'uqr';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { ERR } from '../../../shared/errors';
import { useZodForm } from '../../lib/use-zod-form';
import { m } from '../../../shared/paraglide/messages.js';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import './security.css';

/*
 * Issue 41 §4: the pieces of two-factor the login page (loaded lazily, it keeps its JS small) and
 * the security page share: the code form, the QR enrolment and the recovery codes shown once.
 */

/** A QR code drawn as one SVG path: a dark module per 1×1 square (uqr's matrix, no canvas). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { border: 2 });
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg className="qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

/** The code field's rule: something typed (the server checks the code itself). */
const ZCode = z.object({ code: z.string().trim().min(1, ERR.required) });

/** One code (TOTP or recovery) and a submit button; `onCode` throws the server's refusal. */
export function CodeForm({ label, submit, onCode, hint, testId }: { label: string; submit: string; onCode: (code: string) => Promise<void>; hint?: string; testId: string }) {
  const form = useZodForm(ZCode, { code: '' });
  const field = form.text('code');
  // A refusal that names no field (a wrong or reused code) shows under the field.
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    const values = form.validate(event.currentTarget);
    if (!values) return;
    setBusy(true);
    try {
      await onCode(values.code);
      form.reset({ code: '' });
    } catch (e) {
      if (!form.setServerErrors(e)) setRefusal(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate data-testid={testId}>
      {hint && <p className="muted">{hint}</p>}
      <TextField
        label={label}
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        error={field.error ?? refusal}
      />
      <Button type="submit" variant="primary" loading={busy}>
        {submit}
      </Button>
    </form>
  );
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="notice notice--info" data-testid="recovery-codes">
      <p>{m.security_recovery_once()}</p>
      <ul className="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Enrolment: a new secret as QR code and text, confirmed with a code of it. `challenge` during a login the account held back. */
export function TotpEnrol({ challenge, onDone }: { challenge?: string; onDone: (recoveryCodes: string[]) => void }) {
  const start = trpc.security.totpStart.useMutation();
  const confirm = trpc.security.totpConfirm.useMutation();
  const [started, setStarted] = useState<{ secret: string; uri: string }>();
  const [error, setError] = useState<string>();
  const input = challenge === undefined ? {} : { challenge };
  const begin = async () => {
    setError(undefined);
    try {
      setStarted(await start.mutateAsync(input));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  if (!started) {
    return (
      <div className="stack">
        <p>{m.security_totp_intro()}</p>
        {error && <p className="form-error">{error}</p>}
        <Button variant="primary" loading={start.isPending} onClick={() => void begin()} data-testid="totp-start">
          {m.security_totp_start()}
        </Button>
      </div>
    );
  }
  return (
    <div className="stack" data-testid="totp-enrol">
      <p>{m.security_totp_scan()}</p>
      <QrCode text={started.uri} label={m.security_totp_qr_label()} />
      <p className="muted">
        {m.security_totp_manual()}{' '}
        <code className="totp-secret" data-testid="totp-secret">
          {started.secret}
        </code>
      </p>
      <CodeForm
        testId="totp-confirm"
        label={m.security_code()}
        submit={m.security_totp_confirm()}
        onCode={async (code) => onDone((await confirm.mutateAsync({ ...input, code })).recoveryCodes)}
      />
    </div>
  );
}
