import { useId, useState } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import { Button } from '../../../components/button';
import { confirm } from '../../../components/confirm';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/errors';
import { AdminSection } from '../common/form-parts';

/** Enough of the key to tell two keys apart, never enough to use it. */
export function maskKey(key: string): string {
  return `${key.slice(0, 3)}${'•'.repeat(24)}${key.slice(-4)}`;
}

/**
 * Spec §2 Account screen: the API key — view (masked until revealed), copy to the clipboard, and
 * generate a new one after confirmation (the old one stops working at once, spec §4).
 */
export function ApiKeyPanel() {
  const utils = trpc.useUtils();
  // The key is secret: never kept in the cache after the page is left.
  const apiKey = trpc.account.apiKey.useQuery(undefined, { gcTime: 0, staleTime: Infinity });
  const generate = trpc.account.generateApiKey.useMutation();
  const [revealed, setRevealed] = useState(false);
  const headId = useId();
  const key = apiKey.data?.apiKey ?? null;

  async function copy() {
    if (!key) return;
    try {
      await navigator.clipboard.writeText(key);
      toast.success(m.acct_key_copied());
    } catch {
      toast.error(m.acct_key_copy_failed());
    }
  }

  async function regenerate() {
    if (key) {
      const ok = await confirm({
        title: m.acct_key_generate_confirm_title(),
        message: m.acct_key_generate_confirm_text(),
        confirmLabel: m.acct_key_generate_confirm_ok(),
        danger: true,
      });
      if (!ok) return;
    }
    try {
      const result = await generate.mutateAsync();
      utils.account.apiKey.setData(undefined, result);
      setRevealed(false);
      toast.success(m.acct_key_generated());
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <AdminSection title={m.acct_key_title()} text={m.acct_key_text()}>
      {apiKey.isPending ? (
        <Spinner label={m.app_loading()} />
      ) : apiKey.isError ? (
        <p className="form-error">{errorMessage(apiKey.error)}</p>
      ) : key ? (
        <div className="field">
          <label className="field__label" htmlFor={`${headId}-key`}>
            {m.acct_key_label()}
          </label>
          <div className="field__control">
            <input
              id={`${headId}-key`}
              className="input acct-key"
              readOnly
              value={revealed ? key : maskKey(key)}
              spellCheck={false}
              autoComplete="off"
              data-testid="api-key"
              onFocus={(event) => revealed && event.currentTarget.select()}
            />
            <button
              type="button"
              className="field__addon"
              aria-pressed={revealed}
              aria-label={revealed ? m.acct_key_hide() : m.acct_key_show()}
              title={revealed ? m.acct_key_hide() : m.acct_key_show()}
              onClick={() => setRevealed((r) => !r)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
                <circle cx="12" cy="12" r="3" />
                {revealed && <path d="M4 4l16 16" />}
              </svg>
            </button>
          </div>
        </div>
      ) : (
        <p className="acct-key-empty">{m.acct_key_none()}</p>
      )}

      <p className="acct-hint">{m.acct_key_usage()}</p>

      <div className="acct-actions">
        {key && (
          <Button variant="secondary" onClick={() => void copy()}>
            <svg className="acct-icon" viewBox="0 0 24 24" aria-hidden="true">
              <rect x="9" y="9" width="12" height="12" rx="2" />
              <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
            </svg>
            {m.acct_key_copy()}
          </Button>
        )}
        <Button variant={key ? 'secondary' : 'primary'} loading={generate.isPending} disabled={apiKey.isPending} onClick={() => void regenerate()}>
          {key ? m.acct_key_generate_new() : m.acct_key_generate_first()}
        </Button>
      </div>
    </AdminSection>
  );
}
