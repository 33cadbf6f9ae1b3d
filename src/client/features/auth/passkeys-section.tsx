import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { m } from '../../../shared/paraglide/messages.js';
import { ERR } from '../../../shared/errors';
import { PASSKEY_NAME_MAX, type TPasskey } from '../../../shared/schemas/passkeys';
import { Button } from '../../components/button';
import { confirm } from '../../components/confirm';
import { TextField } from '../../components/field';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';

/*
 * Issue 41 §3 (decision 0400): the user's passkeys on the security page — add one (the browser
 * asks the device), name it, rename it, remove it. The browser's part is loaded on use.
 */

const ZName = z.object({ name: z.string().trim().min(1, ERR.required).max(PASSKEY_NAME_MAX) });

/** A name and a submit button; `onName` throws the server's refusal. */
function NameForm({
  initial,
  submit,
  onName,
  onCancel,
  testId,
}: {
  initial: string;
  submit: string;
  onName: (name: string) => Promise<void>;
  onCancel?: () => void;
  testId: string;
}) {
  const form = useZodForm(ZName, { name: initial });
  const field = form.text('name');
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    const values = form.validate(event.currentTarget);
    if (!values) return;
    setBusy(true);
    try {
      await onName(values.name);
      form.reset({ name: '' });
    } catch (e) {
      if (!form.setServerErrors(e)) setRefusal(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate data-testid={testId}>
      <TextField
        label={m.security_passkey_name()}
        autoComplete="off"
        maxLength={PASSKEY_NAME_MAX}
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        error={field.error ?? refusal}
      />
      <div className="security-actions">
        <Button type="submit" variant="primary" loading={busy}>
          {submit}
        </Button>
        {onCancel && <Button onClick={onCancel}>{m.action_cancel()}</Button>}
      </div>
    </form>
  );
}

function PasskeyRow({ passkey, onChanged }: { passkey: TPasskey; onChanged: () => Promise<void> }) {
  const rename = trpc.passkeys.rename.useMutation();
  const remove = trpc.passkeys.remove.useMutation();
  const [editing, setEditing] = useState(false);
  const onRemove = async () => {
    if (
      !(await confirm({
        title: m.security_passkey_remove_title(),
        message: m.security_passkey_remove_message({ name: passkey.name }),
        confirmLabel: m.security_passkey_remove(),
        danger: true,
      }))
    )
      return;
    try {
      await remove.mutateAsync({ id: passkey.id });
      toast.success(m.security_passkey_removed());
      await onChanged();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <li className="passkey" data-testid="passkey">
      {editing ? (
        <NameForm
          testId="passkey-rename"
          initial={passkey.name}
          submit={m.security_passkey_save()}
          onCancel={() => setEditing(false)}
          onName={async (name) => {
            await rename.mutateAsync({ id: passkey.id, name });
            setEditing(false);
            await onChanged();
          }}
        />
      ) : (
        <>
          <div className="passkey__text">
            <strong className="passkey__name">{passkey.name}</strong>
            <span className="muted">
              {m.security_passkey_created({ date: formatDate(passkey.createdAt) })}
              {' · '}
              {passkey.lastUsedAt ? m.security_passkey_used({ date: formatDateTime(passkey.lastUsedAt) }) : m.security_passkey_never_used()}
            </span>
          </div>
          <div className="security-actions">
            <Button onClick={() => setEditing(true)} aria-label={m.security_passkey_rename_label({ name: passkey.name })}>
              {m.security_passkey_rename()}
            </Button>
            <Button variant="danger" onClick={() => void onRemove()} aria-label={m.security_passkey_remove_label({ name: passkey.name })}>
              {m.security_passkey_remove()}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

export function PasskeysSection() {
  const utils = trpc.useUtils();
  const list = trpc.passkeys.list.useQuery();
  const options = trpc.passkeys.registerOptions.useMutation();
  const register = trpc.passkeys.register.useMutation();
  const [adding, setAdding] = useState(false);
  const refresh = async () => {
    await Promise.all([utils.passkeys.list.invalidate(), utils.security.get.invalidate()]);
  };
  const supported = typeof window.PublicKeyCredential === 'function';
  return (
    <section className="card security-section" aria-labelledby="security-passkeys" data-testid="passkeys">
      <h2 id="security-passkeys">{m.security_passkeys_title()}</h2>
      <p>{m.security_passkeys_intro()}</p>
      {list.data && list.data.passkeys.length === 0 && <p className="muted">{m.security_passkeys_none()}</p>}
      {list.isError && <p className="form-error">{errorMessage(list.error)}</p>}
      {list.data && list.data.passkeys.length > 0 && (
        <ul className="passkeys">
          {list.data.passkeys.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onChanged={refresh} />
          ))}
        </ul>
      )}
      {!supported && <p className="notice notice--info">{m.security_passkeys_unsupported()}</p>}
      {supported && !adding && (
        <div className="security-actions">
          <Button variant="primary" onClick={() => setAdding(true)} data-testid="passkey-add">
            {m.security_passkey_add()}
          </Button>
        </div>
      )}
      {supported && adding && (
        <NameForm
          testId="passkey-new"
          initial={m.security_passkey_default_name()}
          submit={m.security_passkey_create()}
          onCancel={() => setAdding(false)}
          onName={async (name) => {
            const { createPasskey } = await import('./passkey-browser');
            const response = await createPasskey(await options.mutateAsync());
            await register.mutateAsync({ name, response });
            setAdding(false);
            toast.success(m.security_passkey_added());
            await refresh();
          }}
        />
      )}
    </section>
  );
}
