import { useState } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/spinner';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PasskeysSection } from './passkeys-section';
import { CodeForm, RecoveryCodes, TotpEnrol } from './totp-parts';

type Action = 'disable' | 'codes' | null;

/** Issue 41 §6: the signed-in user's two-factor: turn on (QR), new recovery codes, turn off. */
export function SecurityPage() {
  const utils = trpc.useUtils();
  const security = trpc.security.get.useQuery();
  const disable = trpc.security.totpDisable.useMutation();
  const newCodes = trpc.security.recoveryCodes.useMutation();
  const [codes, setCodes] = useState<string[]>();
  const [action, setAction] = useState<Action>(null);
  const refresh = () => utils.security.get.invalidate();

  let body;
  if (security.isPending) body = <PageSpinner />;
  else if (security.isError)
    body = (
      <EmptyState
        title={errorMessage(security.error)}
        action={
          <Button variant="primary" onClick={() => void security.refetch()}>
            {m.action_retry()}
          </Button>
        }
      />
    );
  else {
    const s = security.data;
    body = (
      <>
        <section className="card security-section" aria-labelledby="security-2fa">
          <h2 id="security-2fa">{m.security_totp_title()}</h2>
          <p data-testid="security-status">
            {s.totp ? m.security_totp_on({ left: s.recoveryCodesLeft }) : s.passkeys > 0 ? m.security_totp_off_passkeys() : m.security_totp_off()}
            {s.required && ` ${m.security_totp_required()}`}
          </p>
          {codes && <RecoveryCodes codes={codes} />}
          {!s.totp && !codes && (
            <TotpEnrol
              onDone={(recoveryCodes) => {
                setCodes(recoveryCodes);
                // On at once, not "off" until the refetch answers.
                utils.security.get.setData(undefined, { ...s, totp: true, recoveryCodesLeft: recoveryCodes.length });
                void refresh();
              }}
            />
          )}
          {s.totp && action === null && (
            <div className="security-actions">
              <Button onClick={() => setAction('codes')} data-testid="security-new-codes">
                {m.security_new_codes()}
              </Button>
              {(!s.required || s.passkeys > 0) && (
                <Button variant="danger" onClick={() => setAction('disable')} data-testid="security-disable">
                  {m.security_totp_disable()}
                </Button>
              )}
            </div>
          )}
          {s.totp && action !== null && (
            <CodeForm
              testId="security-confirm-code"
              label={m.security_code()}
              hint={m.security_confirm_hint()}
              submit={action === 'disable' ? m.security_totp_disable() : m.security_new_codes()}
              onCode={async (code) => {
                if (action === 'disable') {
                  await disable.mutateAsync({ code });
                  setCodes(undefined);
                  toast.success(m.security_totp_disabled());
                } else {
                  setCodes((await newCodes.mutateAsync({ code })).recoveryCodes);
                }
                setAction(null);
                await refresh();
              }}
            />
          )}
        </section>
        <PasskeysSection />
      </>
    );
  }
  return (
    <>
      <PageHeader title={m.security_title()} subtitle={m.security_subtitle()} />
      {body}
    </>
  );
}
