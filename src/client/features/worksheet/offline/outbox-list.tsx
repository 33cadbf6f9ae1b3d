import { useEffect, useState } from 'react';
import { loadErrorMessages, useErrorMessages } from '../../../lib/errors';
import { formatLocaleNumber } from '../../../../shared/locale-number';
import { m } from '../../../../shared/paraglide/messages.js';
import { getLocale } from '../../../../shared/paraglide/runtime.js';
import type { TWorksheetFormSettings } from '../../../../shared/schemas/worksheet';
import { Button } from '../../../components/button';
import { formatDate } from '../../../lib/format';
import { confirm } from '../../../components/confirm';
import { Modal } from '../../../components/modal';
import { toast } from '../../../lib/toast';
import type { UnitType } from '../../../../shared/limits';
import type { OutboxDraft } from '../use-worksheet-form';
import { WorksheetForm } from '../worksheet-form';
import { useOnline } from '../../../offline/online';
import { discardOutboxItem, OutboxBusyError, problemFieldMessages, problemMessage, sendNow } from './outbox';
import { useOutboxFailing, useOutboxItems } from './outbox-state';
import { filesOf, opOf, type OutboxItem } from './outbox-core';
import './outbox.css';

/** The form's values of a queued entry (the stored quantity is plain "1234.5"; the form shows it in the locale). */
function draftOf(item: OutboxItem): OutboxDraft {
  const f = item.fields;
  const quantity = f.quantity !== '' && Number.isFinite(Number(f.quantity)) ? formatLocaleNumber(Number(f.quantity), getLocale()) : f.quantity;
  return { id: item.id, values: { ...f, unitType: f.unitType as UnitType | '', quantity, descriptionEdited: true }, files: filesOf(item) };
}

function summary(item: OutboxItem): string {
  const f = item.fields;
  const qty = f.quantity !== '' && Number.isFinite(Number(f.quantity)) ? formatLocaleNumber(Number(f.quantity), getLocale()) : f.quantity;
  return [f.jobCode, f.unitNo, `${qty} ${f.unitOfMeasureCode}`.trim()].filter(Boolean).join(' · ');
}

const stateLabel = { waiting: m.outbox_state_waiting, sending: m.outbox_state_sending, refused: m.outbox_state_refused } as const;

/**
 * The entries of this user waiting on this device (Yours tab): each marked, with its refusal if
 * the server gave one; edit (the entry form in a dialog, prefilled) and delete; "Send now".
 */
export function OutboxList({ settings }: { settings: TWorksheetFormSettings | undefined }) {
  const items = useOutboxItems();
  const online = useOnline();
  // The last round got no answer from the server: it is tried again by itself; "Retry" asks now.
  const failing = useOutboxFailing() && online;
  const [editing, setEditing] = useState<OutboxItem | null>(null);
  const [sending, setSending] = useState(false);
  // Refusals show by their code: the texts come with the list (and it renders again when they are here).
  useErrorMessages();
  useEffect(() => void loadErrorMessages(), []);
  if (items.length === 0 && editing === null) return null;

  const onSendNow = async () => {
    setSending(true);
    try {
      await sendNow();
    } finally {
      setSending(false);
    }
  };

  const onDelete = async (item: OutboxItem) => {
    if (!(await confirm({ title: m.outbox_delete_title(), message: m.outbox_delete_confirm(), confirmLabel: m.outbox_delete(), danger: true }))) return;
    try {
      await discardOutboxItem(item.id);
    } catch (error) {
      toast.error(error instanceof OutboxBusyError ? m.outbox_busy() : String(error));
    }
  };

  return (
    <section id="outbox" className="card outbox" aria-labelledby="outbox-title">
      <div className="outbox__head">
        <h2 id="outbox-title" className="outbox__title">
          {m.outbox_title()} ({items.length})
        </h2>
        <Button variant="secondary" onClick={() => void onSendNow()} disabled={!online || sending} loading={sending}>
          {failing ? m.outbox_retry() : m.outbox_send_now()}
        </Button>
      </div>
      {!online && <p className="outbox__hint">{m.outbox_offline_hint()}</p>}
      {failing && (
        <p className="outbox__hint" role="status">
          {m.outbox_failing()}
        </p>
      )}
      <ul className="outbox__list">
        {items.map((item) => (
          <li key={item.id} className={`outbox-item outbox-item--${item.state}`} data-testid="outbox-item">
            <div className="outbox-item__top">
              <span className="outbox-item__state">
                {stateLabel[item.state]()}
                {opOf(item) !== 'create' && ` · ${opOf(item) === 'update' ? m.outbox_op_update() : m.outbox_op_delete()}`}
              </span>
              <span className="outbox-item__date">{item.fields.date ? formatDate(item.fields.date) : ''}</span>
            </div>
            <p className="outbox-item__description">{item.fields.description}</p>
            <p className="outbox-item__meta">
              {summary(item)}
              {item.photos.length > 0 && ` · ${m.outbox_photos({ count: String(item.photos.length) })}`}
            </p>
            {item.problem && (
              <div className="outbox-item__problem" role="alert">
                <p>{problemMessage(item.problem)}</p>
                {problemFieldMessages(item.problem).map((text) => (
                  <p key={text}>{text}</p>
                ))}
              </div>
            )}
            <div className="outbox-item__actions">
              {/* A queued change or removal of a stored entry is made again in the week (decision 0471): only discarded here. */}
              {opOf(item) === 'create' && (
                // The form needs the account's form settings: until they are here (server out of reach and no
                // device copy yet), the entry is listed and can be deleted, not edited.
                <Button variant="secondary" onClick={() => setEditing(item)} disabled={item.state === 'sending' || settings === undefined}>
                  {item.state === 'refused' ? m.outbox_fix() : m.outbox_edit()}
                </Button>
              )}
              <Button variant="ghost" onClick={() => void onDelete(item)} disabled={item.state === 'sending'}>
                {m.outbox_delete()}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Modal open={editing !== null} title={m.outbox_edit_title()} onClose={() => setEditing(null)} size="large">
        {editing?.problem && (
          <p className="form-error" role="alert">
            {problemMessage(editing.problem)}
          </p>
        )}
        {editing && settings && (
          <WorksheetForm key={editing.id} settings={settings} queued={draftOf(editing)} layout="page" onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
        )}
      </Modal>
    </section>
  );
}
