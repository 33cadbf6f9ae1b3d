import { useState } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import { WEBHOOK_EVENTS, ZCreateWebhookInput, type TWebhookDelivery, type TWebhookEndpoint, type WebhookEvent } from '../../../../shared/schemas/webhooks';
import { Button } from '../../../components/button';
import { confirm } from '../../../components/confirm';
import { Checkbox, TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../lib/toast';
import { formatDateTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/errors';
import { useZodForm } from '../../../lib/use-zod-form';
import { AdminSection } from '../common/form-parts';
import { useSaveAction } from '../common/use-record-actions';
import '../common/admin-common.css';
import './webhooks.css';

const EVENT_LABEL: Record<WebhookEvent, () => string> = {
  'worksheet.created': m.wh_event_worksheet_created,
  'worksheet.updated': m.wh_event_worksheet_updated,
  'worksheet.deleted': m.wh_event_worksheet_deleted,
  'worksheet.approved': m.wh_event_worksheet_approved,
  'worksheet.unapproved': m.wh_event_worksheet_unapproved,
  'worksheet.returned': m.wh_event_worksheet_returned,
  'worksheet.submitted': m.wh_event_worksheet_submitted,
  'worksheet.exported': m.wh_event_worksheet_exported,
};
const eventLabel = (e: string) => (EVENT_LABEL[e as WebhookEvent] ?? (() => e))();
const STATUS_LABEL = { pending: m.wh_status_pending, succeeded: m.wh_status_succeeded, failed: m.wh_status_failed } as const;

/**
 * /admin/webhooks (issue 13 point 6): endpoints (add, edit, enable/disable, delete, new secret,
 * test event) and the latest deliveries with resend. The secret is shown once, after add/rotate.
 */
export function WebhooksPage() {
  const endpoints = trpc.webhooks.list.useQuery();
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  return (
    <>
      <PageHeader title={m.wh_title()} subtitle={m.wh_subtitle()} />
      {secret && <SecretPanel url={secret.url} secret={secret.secret} onDone={() => setSecret(null)} />}
      <AdminSection title={m.wh_add_title()} text={m.wh_add_text()}>
        <EndpointForm onSaved={(s) => s && setSecret(s)} />
      </AdminSection>
      <AdminSection title={m.wh_endpoints_title()}>
        {endpoints.isPending ? (
          <Spinner label={m.app_loading()} />
        ) : endpoints.isError ? (
          <p className="form-error">{errorMessage(endpoints.error)}</p>
        ) : endpoints.data.length === 0 ? (
          <p>{m.wh_none()}</p>
        ) : (
          <ul className="wh-endpoints">
            {endpoints.data.map((e) => (
              <EndpointCard key={e.id} endpoint={e} onSecret={(s) => setSecret({ url: e.url, secret: s })} />
            ))}
          </ul>
        )}
      </AdminSection>
      <Deliveries />
    </>
  );
}

function SecretPanel({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(m.wh_secret_copied());
    } catch {
      toast.error(m.acct_key_copy_failed());
    }
  }
  return (
    <section className="wh-secret" role="status" aria-label={m.wh_secret_title()}>
      <h2 className="admin-section__title">{m.wh_secret_title()}</h2>
      <p>{m.wh_secret_text()}</p>
      <p className="wh-url">{url}</p>
      <code className="wh-secret__value" data-testid="webhook-secret">
        {secret}
      </code>
      <div className="acct-actions">
        <Button variant="primary" onClick={() => void copy()}>
          {m.wh_secret_copy()}
        </Button>
        <Button onClick={onDone}>{m.wh_secret_hide()}</Button>
      </div>
    </section>
  );
}

/** The form's values; a new endpoint listens to every event until the admin unticks some. */
const endpointValues = (endpoint?: TWebhookEndpoint) => ({
  url: endpoint?.url ?? '',
  description: endpoint?.description ?? '',
  events: endpoint ? WEBHOOK_EVENTS.filter((e) => endpoint.events.includes(e)) : [...WEBHOOK_EVENTS],
});

/** Ticks or unticks an event, keeping the catalogue's order (a pure transition). */
export const eventToggled = (events: readonly WebhookEvent[], event: WebhookEvent, on: boolean): WebhookEvent[] =>
  WEBHOOK_EVENTS.filter((e) => (e === event ? on : events.includes(e)));

/** Add (no endpoint) or edit, on the one form mechanism with the server's schema. */
function EndpointForm({ endpoint, onSaved, onCancel }: { endpoint?: TWebhookEndpoint; onSaved: (secret?: { url: string; secret: string }) => void; onCancel?: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation();
  const update = trpc.webhooks.update.useMutation();
  const form = useZodForm(ZCreateWebhookInput, endpointValues(endpoint));
  const events = form.values.events;
  const { onSubmit, formError } = useSaveAction(form, {
    save: async (values): Promise<{ url: string; secret?: string }> =>
      endpoint ? update.mutateAsync({ id: endpoint.id, url: values.url, description: values.description, events: values.events }) : create.mutateAsync(values),
    reset: (saved) => (endpoint ? { url: saved.url, description: form.values.description, events } : endpointValues()),
    success: endpoint ? m.wh_saved : m.wh_created,
    then: async (saved) => {
      onSaved(saved.secret ? { url: saved.url, secret: saved.secret } : undefined);
      await utils.webhooks.list.invalidate();
    },
  });

  return (
    <form className="wh-form" onSubmit={onSubmit} noValidate>
      <TextField label={m.wh_url()} type="url" inputMode="url" placeholder="https://" required {...form.text('url')} />
      <TextField label={m.wh_description()} maxLength={100} {...form.text('description')} />
      <fieldset className="wh-events">
        <legend>{m.wh_events()}</legend>
        {WEBHOOK_EVENTS.map((e) => (
          <Checkbox
            key={e}
            label={EVENT_LABEL[e]()}
            name="events"
            value={e}
            checked={events.includes(e)}
            onChange={(x) => form.set('events', eventToggled(events, e, x.target.checked))}
          />
        ))}
        {form.errors.events && <p className="form-error">{form.errors.events}</p>}
      </fieldset>
      {formError && <p className="form-error">{formError}</p>}
      <div className="acct-actions">
        <Button type="submit" variant="primary" loading={create.isPending || update.isPending}>
          {endpoint ? m.wh_save() : m.wh_add()}
        </Button>
        {onCancel && <Button onClick={onCancel}>{m.wh_cancel()}</Button>}
      </div>
    </form>
  );
}

function EndpointCard({ endpoint: e, onSecret }: { endpoint: TWebhookEndpoint; onSecret: (secret: string) => void }) {
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const update = trpc.webhooks.update.useMutation();
  const remove = trpc.webhooks.delete.useMutation();
  const rotate = trpc.webhooks.rotateSecret.useMutation();
  const test = trpc.webhooks.test.useMutation();
  const refresh = () => Promise.all([utils.webhooks.list.invalidate(), utils.webhooks.deliveries.invalidate()]);
  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toast.success(success);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  if (editing) {
    return (
      <li className="wh-endpoint">
        <EndpointForm endpoint={e} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="wh-endpoint">
      <div className="wh-endpoint__head">
        <span className="wh-url">{e.url}</span>
        <span className={`badge ${e.enabled ? 'badge--active' : 'badge--inactive'}`}>{e.enabled ? m.wh_enabled() : m.wh_disabled()}</span>
      </div>
      {e.description && <p className="wh-endpoint__desc">{e.description}</p>}
      {!e.enabled && e.disabledReason && <p className="form-error">{m.wh_disabled_reason({ reason: e.disabledReason })}</p>}
      <p className="wh-endpoint__events">{e.events.map(eventLabel).join(' · ')}</p>
      <div className="acct-actions wh-endpoint__actions">
        <Button onClick={() => setEditing(true)}>{m.wh_edit()}</Button>
        <Button loading={test.isPending} disabled={!e.enabled} onClick={() => void run(() => test.mutateAsync({ id: e.id }), m.wh_test_sent())}>
          {m.wh_test()}
        </Button>
        <Button onClick={() => void run(() => update.mutateAsync({ id: e.id, enabled: !e.enabled }), m.wh_saved())}>{e.enabled ? m.wh_disable() : m.wh_enable()}</Button>
        <Button
          loading={rotate.isPending}
          onClick={() =>
            void (async () => {
              if (!(await confirm({ title: m.wh_rotate_confirm_title(), message: m.wh_rotate_confirm_text(), confirmLabel: m.wh_rotate(), danger: true }))) return;
              await run(async () => onSecret((await rotate.mutateAsync({ id: e.id })).secret), m.wh_saved());
            })()
          }
        >
          {m.wh_rotate()}
        </Button>
        <Button
          variant="danger"
          onClick={() =>
            void (async () => {
              if (!(await confirm({ title: m.wh_delete_confirm_title(), message: m.wh_delete_confirm_text({ url: e.url }), confirmLabel: m.wh_delete(), danger: true }))) return;
              await run(() => remove.mutateAsync({ id: e.id }), m.wh_deleted());
            })()
          }
        >
          {m.wh_delete()}
        </Button>
      </div>
    </li>
  );
}

function Deliveries() {
  const deliveries = trpc.webhooks.deliveries.useQuery({}, { refetchInterval: 5000 });
  const resend = trpc.webhooks.resend.useMutation();
  const utils = trpc.useUtils();
  const onResend = async (d: TWebhookDelivery) => {
    try {
      await resend.mutateAsync({ id: d.id });
      toast.success(m.wh_resent());
      await utils.webhooks.deliveries.invalidate();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <AdminSection title={m.wh_deliveries_title()}>
      {deliveries.isPending ? (
        <Spinner label={m.app_loading()} />
      ) : deliveries.isError ? (
        <p className="form-error">{errorMessage(deliveries.error)}</p>
      ) : deliveries.data.rows.length === 0 ? (
        <p>{m.wh_deliveries_none()}</p>
      ) : (
        <ul className="wh-deliveries">
          {deliveries.data.rows.map((d) => (
            <li key={d.id} className={`wh-delivery wh-delivery--${d.status}`}>
              <span className="wh-delivery__event">{d.eventType === 'webhook.test' ? m.wh_test() : eventLabel(d.eventType)}</span>
              <span className="wh-delivery__time">{formatDateTime(d.updatedAt)}</span>
              <span className={`badge wh-badge--${d.status}`}>{STATUS_LABEL[d.status]()}</span>
              <span className="wh-delivery__meta">
                {m.wh_col_attempts()}: {d.attempts} · {m.wh_col_response()}: {d.lastStatus ?? '–'}
              </span>
              <Button variant="ghost" className="wh-delivery__resend" onClick={() => void onResend(d)}>
                {m.wh_resend()}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
