import { z } from 'zod';
import { ERR } from '../../../shared/errors';
import { requiredText } from '../../../shared/fields';
import { RETURN_REASON_MAX } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import type { TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { Button } from '../../components/button';
import { FieldFrame } from '../../components/field';
import { Modal } from '../../components/modal';
import { toast } from '../../lib/toast';
import { errorMessage, translateText } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import { invalidateCounts } from './invalidate-counts';

/** The dialog's one field, checked as the server checks it (ZReturnWorksheetInput's reason). */
const ZReasonForm = z.object({ reason: requiredText(RETURN_REASON_MAX) });
/** An empty reason says what to write, not only that the field is required. */
const translate = (message: string) => (message === ERR.required ? m.ws_return_reason_required() : translateText(message));

/**
 * "Send back" (issue 40 §1): a team leader or admin returns entries to their owners with a
 * required reason (at most RETURN_REASON_MAX characters), which the worker sees on the entry.
 */
export function ReturnDialog({ records, onClose }: { records: readonly TWorksheetRecord[]; onClose: (returned: number[]) => void }) {
  const utils = trpc.useUtils();
  const send = trpc.worksheet.return.useMutation();
  const form = useZodForm(ZReasonForm, { reason: '' }, { translate });
  const reasonField = form.text('reason');
  const one = records.length === 1 ? records[0] : undefined;
  const users = [...new Set(records.map((r) => r.username))].join(', ');
  const submit = async (formElement: HTMLElement | null) => {
    const out = form.validate(formElement);
    if (!out) return;
    try {
      const res = await send.mutateAsync({ ids: records.map((r) => r.id), reason: out.reason });
      toast.success(m.ws_toast_returned({ count: formatNumber(res.returned.length) }));
      await invalidateCounts(utils);
      onClose(res.returned);
    } catch (e) {
      if (!form.setServerErrors(e)) toast.error(errorMessage(e));
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
          void submit(e.currentTarget);
        }}
      >
        <p>{one ? m.ws_return_intro_one({ description: one.description, date: one.date }) : m.ws_return_intro_many({ count: formatNumber(records.length) })}</p>
        <FieldFrame label={m.ws_return_reason()} error={form.errors.reason} hint={m.ws_return_hint({ max: formatNumber(RETURN_REASON_MAX) })}>
          {(control) => (
            <textarea
              {...control}
              name={reasonField.name}
              value={reasonField.value}
              onChange={reasonField.onChange}
              className="input ws-return__reason"
              rows={3}
              maxLength={RETURN_REASON_MAX}
              data-autofocus
              required
            />
          )}
        </FieldFrame>
      </form>
    </Modal>
  );
}
