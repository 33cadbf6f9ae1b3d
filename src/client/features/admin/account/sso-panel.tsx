import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import type { TSsoSettings } from '../../../../shared/schemas/sso';
import { Button, buttonClass } from '../../../components/button';
import { confirm } from '../../../components/confirm';
import { Checkbox, FieldFrame } from '../../../components/field';
import { toast } from '../../../lib/toast';
import { errorMessage, serverFieldErrors, translateCode, useErrorMessages } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { AdminSection, ReadOnlyField } from '../common/form-parts';

function Field({ label, hint, error, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; hint?: string; error?: string | undefined }) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <input {...input} {...control} className="input" />}
    </FieldFrame>
  );
}

interface Draft {
  enabled: boolean;
  providerName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string;
  tenantId: string;
  jitCreate: boolean;
  ssoRequired: boolean;
  breakGlassUsername: string;
}

const draftOf = (s: TSsoSettings | null): Draft => ({
  // Off until the Admin turns it on: an account without a provider has no single sign-on (issue 41 gap).
  enabled: s?.enabled ?? false,
  providerName: s?.providerName ?? '',
  issuer: s?.issuer ?? '',
  clientId: s?.clientId ?? '',
  clientSecret: '',
  allowedDomains: s?.allowedDomains.join(' ') ?? '',
  tenantId: s?.tenantId ?? '',
  jitCreate: s?.jitCreate ?? false,
  ssoRequired: s?.ssoRequired ?? false,
  breakGlassUsername: s?.breakGlassUsername ?? '',
});

/** The test sign-in's answer (?sso_test=… after the provider) or its refusal (?sso_error=…). */
function TestResult() {
  useErrorMessages();
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const id = params.get('sso_test');
  const refused = params.get('sso_error');
  const result = trpc.sso.testResult.useQuery({ state: id ?? '' }, { enabled: id !== null, gcTime: 0 });
  if (refused) {
    return (
      <p className="form-error" role="alert" data-testid="sso-test-result">
        {m.sso_test_failed({ error: translateCode(refused, {}, refused) })}
      </p>
    );
  }
  if (!id || !result.data) return null;
  const r = result.data;
  return (
    <div data-testid="sso-test-result">
      {r.ok ? (
        <p className="notice notice--info">{m.sso_test_ok()}</p>
      ) : (
        <p className="form-error">{m.sso_test_failed({ error: translateCode(r.error ?? undefined, {}, r.error ?? '') })}</p>
      )}
      <pre className="sso-claims">{JSON.stringify(r.claims, null, 2)}</pre>
    </div>
  );
}

/** Issue 41 §1–§2: the account's OpenID Connect provider, a test sign-in, and who must use it. */
export function SsoPanel() {
  const utils = trpc.useUtils();
  const current = trpc.sso.get.useQuery();
  const save = trpc.sso.set.useMutation();
  const remove = trpc.sso.remove.useMutation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const settings = current.data?.settings ?? null;
  useEffect(() => {
    if (current.data) setDraft(draftOf(current.data.settings));
  }, [current.data]);
  const text = (key: keyof Draft) => ({
    value: draft[key] as string,
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
    error: errors[key],
  });
  const flag = (key: keyof Draft) => ({ checked: draft[key] as boolean, onChange: (e: { target: { checked: boolean } }) => setDraft((d) => ({ ...d, [key]: e.target.checked })) });

  const onSave = async () => {
    setErrors({});
    try {
      const answer = await save.mutateAsync({
        enabled: draft.enabled,
        providerName: draft.providerName,
        issuer: draft.issuer.trim(),
        clientId: draft.clientId.trim(),
        ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
        allowedDomains: draft.allowedDomains.split(/[\s,]+/).filter((d) => d !== ''),
        tenantId: draft.tenantId,
        jitCreate: draft.jitCreate,
        ssoRequired: draft.ssoRequired,
        breakGlassUsername: draft.breakGlassUsername,
      });
      utils.sso.get.setData(undefined, answer);
      toast.success(m.sso_saved());
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toast.error(errorMessage(error));
    }
  };
  const onRemove = async () => {
    if (!(await confirm({ title: m.sso_remove(), message: m.sso_remove_confirm(), confirmLabel: m.sso_remove(), danger: true }))) return;
    try {
      await remove.mutateAsync({ confirm: true });
      await utils.sso.get.invalidate();
      toast.success(m.sso_removed());
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <AdminSection title={m.sso_title()} text={m.sso_text()}>
      <div className="sso-form" data-testid="sso-panel">
        {settings?.source === 'env' && <p className="notice notice--info">{m.sso_from_env()}</p>}
        <TestResult />
        <Checkbox label={m.sso_enabled()} {...flag('enabled')} />
        <Field label={m.sso_provider_name()} hint={m.sso_provider_name_hint()} maxLength={60} {...text('providerName')} />
        <Field label={m.sso_issuer()} hint={m.sso_issuer_hint()} type="url" inputMode="url" autoCapitalize="none" spellCheck={false} {...text('issuer')} />
        <Field label={m.sso_client_id()} autoCapitalize="none" spellCheck={false} {...text('clientId')} />
        <Field
          label={m.sso_client_secret()}
          hint={settings?.hasClientSecret ? m.sso_client_secret_kept() : undefined}
          type="password"
          autoComplete="new-password"
          {...text('clientSecret')}
        />
        <Field label={m.sso_domains()} hint={m.sso_domains_hint()} autoCapitalize="none" spellCheck={false} {...text('allowedDomains')} />
        <Field label={m.sso_tenant()} hint={m.sso_tenant_hint()} autoCapitalize="none" spellCheck={false} {...text('tenantId')} />
        <Checkbox label={m.sso_jit()} {...flag('jitCreate')} />
        <Checkbox label={m.sso_required()} {...flag('ssoRequired')} />
        {draft.ssoRequired && <Field label={m.sso_break_glass()} autoCapitalize="none" spellCheck={false} {...text('breakGlassUsername')} />}
        {current.data && <ReadOnlyField label={m.sso_redirect_uri()} value={current.data.redirectUri} />}
        <div className="sso-actions">
          <Button variant="primary" loading={save.isPending} onClick={() => void onSave()} data-testid="sso-save">
            {m.sso_save()}
          </Button>
          {settings && (
            <a className={buttonClass('secondary')} href="/api/auth/sso/start?test=1" title={m.sso_test_hint()} data-testid="sso-test">
              {m.sso_test()}
            </a>
          )}
          {settings?.source === 'account' && (
            <Button variant="danger" loading={remove.isPending} onClick={() => void onRemove()}>
              {m.sso_remove()}
            </Button>
          )}
        </div>
      </div>
    </AdminSection>
  );
}
