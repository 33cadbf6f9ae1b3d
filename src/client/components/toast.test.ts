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
});
