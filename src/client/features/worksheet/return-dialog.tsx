import { useRef, useState } from 'react';
import { RETURN_REASON_MAX } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import type { TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { Button } from '../../components/button';
import { FieldFrame } from '../../components/field';
import { Modal } from '../../components/modal';
import { toast } from '../../lib/toast';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { invalidateCounts } from './invalidate-counts';

/**
 * "Send back" (issue 40 §1): a team leader or admin returns entries to their owners with a
 * required reason (at most RETURN_REASON_MAX characters), which the worker sees on the entry.
 */
export function ReturnDialog({ records, onClose }: { records: readonly TWorksheetRecord[]; onClose: (returned: number[]) => void }) {
  const utils = trpc.useUtils();
  const send = trpc.worksheet.return.useMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  const refuse = (text: string) => {
    setError(text);
    field.current?.focus();
  };
  const one = records.length === 1 ? records[0] : undefined;
  const users = [...new Set(records.map((r) => r.username))].join(', ');
  const submit = async () => {
    const text = reason.trim();
    if (text === '') return refuse(m.ws_return_reason_required());
    try {
      const res = await send.mutateAsync({ ids: records.map((r) => r.id), reason: text });
      toast.success(m.ws_toast_returned({ count: formatNumber(res.returned.length) }));
      await invalidateCounts(utils);
      onClose(res.returned);
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields.reason) refuse(fields.reason);
      else toast.error(errorMessage(e));
    }
  };
  return (
    <Modal
      open
      title={m.ws_return_title({ user: users })}
      onClose={() => onClose([])}
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={() => onClose([])}>
            {m.action_cancel()}
          </Button>
          <Button variant="primary" type="submit" form="ws-return-form" loading={send.isPending}>
            {m.ws_return_send()}
          </Button>
        </>
      }
    >
      <form
        id="ws-return-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p>{one ? m.ws_return_intro_one({ description: one.description, date: one.date }) : m.ws_return_intro_many({ count: formatNumber(records.length) })}</p>
        <FieldFrame label={m.ws_return_reason()} error={error} hint={m.ws_return_hint({ max: formatNumber(RETURN_REASON_MAX) })}>
          {(control) => (
            <textarea
              {...control}
              ref={field}
              name="reason"
              className="input ws-return__reason"
              rows={3}
              maxLength={RETURN_REASON_MAX}
              value={reason}
              data-autofocus
              required
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
            />
          )}
        </FieldFrame>
      </form>
    </Modal>
  );
}
