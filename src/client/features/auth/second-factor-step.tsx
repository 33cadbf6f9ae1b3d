import { useState } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { Button } from '../../components/button';
import { trpc } from '../../lib/trpc';
import { CodeForm, RecoveryCodes, TotpEnrol } from './totp-parts';

/**
 * The login's second step (issue 41 §4), loaded only when a login asks for it: a code of the
 * authenticator app or a recovery code; or, when the account requires a second factor the user
 * has not set up, the enrolment, after which the recovery codes are shown once before going on.
 */
export default function SecondFactorStep({ kind, challenge, onSignedIn }: { kind: 'totp' | 'enrol'; challenge: string; onSignedIn: () => Promise<void> }) {
  const loginCode = trpc.security.loginCode.useMutation();
  const [codes, setCodes] = useState<string[]>();
  if (kind === 'totp') {
    return (
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
