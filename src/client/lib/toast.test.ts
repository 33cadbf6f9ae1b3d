import { describe, expect, it } from 'vitest';
import { withToast, type ToastItem } from './toast';

const t = (id: number, kind: ToastItem['kind']): ToastItem => ({ id, kind, message: `${kind} ${id}` });

describe('withToast', () => {
  it('a success removes the earlier error toasts', () => {
    expect(withToast([t(1, 'error'), t(2, 'error')], t(3, 'success')).map((i) => i.id)).toEqual([3]);
  });

  it('keeps warnings, info and earlier successes beside a new success', () => {
    expect(withToast([t(1, 'warning'), t(2, 'info'), t(3, 'success'), t(4, 'error')], t(5, 'success')).map((i) => i.id)).toEqual([1, 2, 3, 5]);
  });

  it('an error after a success keeps both', () => {
    expect(withToast([t(1, 'success')], t(2, 'error')).map((i) => i.id)).toEqual([1, 2]);
  });

  it('the same message again replaces the earlier toast; another message stacks', () => {
    const queued = (id: number): ToastItem => ({ id, kind: 'info', message: 'Saved on this device' });
    expect(withToast([queued(1), t(2, 'info')], queued(3)).map((i) => i.id)).toEqual([2, 3]);
    expect(withToast([{ id: 1, kind: 'error', message: 'Saved on this device' }], queued(2)).map((i) => i.id)).toEqual([1, 2]);
  });
});
