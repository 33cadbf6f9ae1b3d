import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { Mode } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import type { TWorksheetFormSettings, TWorksheetGroup, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { confirm } from '../../components/confirm';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import type { CopyRequest } from './copy-dialog';
import { errorMessage } from '../../lib/errors';
import type { Selection } from './bulk-approve';
import { rememberPlace } from './return-place';
import { invalidateCounts } from './invalidate-counts';

export interface RowContext {
  mode: Mode;
  archive: boolean;
  settings: TWorksheetFormSettings | undefined;
  showUser: boolean;
  open: (kind: 'time' | 'history' | 'photos', record: TWorksheetRecord) => void;
  copy: (request: CopyRequest) => void;
  /** "Send back" with a reason (issue 40 §1) */
  sendBack: (record: TWorksheetRecord) => void;
  selection: Selection | undefined;
  /** the selectable rows in display order (Shift-click ranges) */
  order: number[];
  onApproveDay: ((group: TWorksheetGroup) => void) | undefined;
  highlight: ReadonlySet<number> | undefined;
  /** entries with a delete or an approval under way (their controls are disabled) */
  pending: ReadonlySet<number>;
  remove: (record: TWorksheetRecord) => void;
  toggleApproval: (record: TWorksheetRecord) => void;
  /** the edit page, as a link does (and its intent preload) */
  edit: (record: TWorksheetRecord) => void;
  preloadEdit: (record: TWorksheetRecord) => void;
}

export const rowClass = (base: string, r: TWorksheetRecord, ctx: RowContext) =>
  [base, r.approvedBy ? 'is-approved' : '', r.returnedBy ? 'is-returned' : '', ctx.highlight?.has(r.id) ? 'is-highlighted' : '', ctx.selection?.has(r.id) ? 'is-selected' : '']
    .filter(Boolean)
    .join(' ');

export const editHref = (record: TWorksheetRecord) => `/worksheet/edit/${record.id}`;

/** The rows' delete, approval and edit link, once per list (RowContext). */
export function useRowActions(): Pick<RowContext, 'pending' | 'remove' | 'toggleApproval' | 'edit' | 'preloadEdit'> {
  const router = useRouter();
  const utils = trpc.useUtils();
  const del = trpc.worksheet.delete.useMutation();
  const approve = trpc.worksheet.approve.useMutation();
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());
  const mark = (id: number, on: boolean) =>
    setPending((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const remove = async (record: TWorksheetRecord) => {
    const ok = await confirm({ title: m.ws_delete_title(), message: m.ws_delete_confirm({ description: record.description }), confirmLabel: m.ws_delete(), danger: true });
    if (!ok) return;
    mark(record.id, true);
    try {
      await del.mutateAsync({ id: record.id });
      toast.success(m.ws_toast_deleted());
      await invalidateCounts(utils);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      mark(record.id, false);
    }
  };
  const toggleApproval = async (record: TWorksheetRecord) => {
    const approved = record.approvedBy !== null;
    const ok = await confirm({
      title: approved ? m.ws_unapprove_title() : m.ws_approve_title(),
      message: approved ? m.ws_unapprove_confirm({ description: record.description }) : m.ws_approve_confirm({ description: record.description }),
      confirmLabel: approved ? m.ws_unapprove() : m.ws_approve(),
    });
    if (!ok) return;
    mark(record.id, true);
    try {
      await approve.mutateAsync({ id: record.id, isApproved: !approved });
      toast.success(m.ws_toast_approval());
      await invalidateCounts(utils);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      mark(record.id, false);
    }
  };
  const target = (record: TWorksheetRecord) => ({ to: '/worksheet/edit/$id', params: { id: String(record.id) } }) as const;
  return {
    pending,
    remove: (record) => void remove(record),
    toggleApproval: (record) => void toggleApproval(record),
    edit: (record) => {
      rememberPlace();
      void router.navigate(target(record));
    },
    preloadEdit: (record) => void router.preloadRoute(target(record)).catch(() => undefined),
  };
}
