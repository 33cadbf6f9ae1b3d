import { useState } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { signWithPasskey } from './passkey-browser';
import { CodeForm, RecoveryCodes, TotpEnrol } from './totp-parts';

/** Issue 41 §3: the second step with one of the user's passkeys (decision 0400). */
function PasskeyStep({ challenge, onSignedIn }: { challenge: string; onSignedIn: () => Promise<void> }) {
  const options = trpc.passkeys.loginOptions.useMutation();
  const answer = trpc.passkeys.secondFactor.useMutation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const onClick = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const response = await signWithPasskey(await options.mutateAsync({ challenge }));
      await answer.mutateAsync({ challenge, response });
      await onSignedIn();
    } catch (error) {
      setRefusal(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <div className="stack" data-testid="second-factor-passkey">
      <Button variant="primary" loading={busy} onClick={() => void onClick()}>
        {m.login_second_factor_passkey()}
      </Button>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}

/**
 * The login's second step (issue 41 §4), loaded only when a login asks for it: a code of the
 * authenticator app or a recovery code, or one of the user's passkeys; or, when the account
 * requires a second factor the user has not set up, the enrolment, after which the recovery codes
 * are shown once before going on.
 */
export default function SecondFactorStep({
  kind,
  challenge,
  passkey,
  onSignedIn,
}: {
  kind: 'totp' | 'passkey' | 'enrol';
  challenge: string;
  passkey: boolean;
  onSignedIn: () => Promise<void>;
}) {
  const loginCode = trpc.security.loginCode.useMutation();
  const [codes, setCodes] = useState<string[]>();
  if (kind === 'passkey') return <PasskeyStep challenge={challenge} onSignedIn={onSignedIn} />;
  if (kind === 'totp') {
    return (
      <div className="stack">
        {passkey && <PasskeyStep challenge={challenge} onSignedIn={onSignedIn} />}
        {passkey && <p className="login-sso__or">{m.login_second_factor_or()}</p>}
        <CodeForm
          testId="second-factor"
          label={m.security_code()}
          hint={m.login_second_factor_hint()}
          submit={m.login_second_factor_submit()}
          onCode={async (code) => {
            await loginCode.mutateAsync({ challenge, code });
            await onSignedIn();
          }}
        />
      </div>
    );
  }
  if (codes) {
    return (
      <div className="stack">
        <RecoveryCodes codes={codes} />
        <Button variant="primary" onClick={() => void onSignedIn()} data-testid="recovery-continue">
          {m.login_continue()}
        </Button>
      </div>
    );
  }
  return (
    <div className="stack">
      <p className="notice notice--info">{m.login_second_factor_required()}</p>
      <TotpEnrol challenge={challenge} onDone={setCodes} />
    </div>
  );
}
