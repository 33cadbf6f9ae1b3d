import { describe, expect, it } from 'vitest';
import { choosePlace, placeBox } from './toast-place';

describe('toast placement (issue 38 §4)', () => {
  const phone = { width: 375, height: 667 };
  const desk = { width: 1366, height: 768 };

  it('a phone takes the top unless a control is there, then the bottom', () => {
    expect(choosePlace(phone, 60, [])).toBe('top');
    const menuToggle = { left: 320, top: 8, right: 368, bottom: 52 };
    expect(choosePlace(phone, 60, [menuToggle])).toBe('bottom');
    // The menu weighs a tenth: over it rather than over the page's controls.
    expect(choosePlace(phone, 60, [{ left: 12, top: 600, right: 200, bottom: 655 }], [menuToggle])).toBe('top');
  });

  it('a desktop tries the corners, top right first, and skips the ones over controls', () => {
    expect(choosePlace(desk, 60, [])).toBe('top-right');
    const logout = { left: 1250, top: 10, right: 1350, bottom: 40 };
    const bulkButton = { left: 1150, top: 700, right: 1340, bottom: 740 };
    expect(choosePlace(desk, 60, [logout, bulkButton])).toBe('bottom-left');
  });

  it('when every place covers something, the one covering the least', () => {
    const everywhere = (['top-right', 'bottom-right', 'bottom-left', 'top-left'] as const).map((p) => placeBox(p, desk, 60));
    const small = { left: everywhere[2]!.left, top: everywhere[2]!.top, right: everywhere[2]!.left + 5, bottom: everywhere[2]!.top + 5 };
    expect(choosePlace(desk, 60, [...everywhere.filter((_, i) => i !== 2), small])).toBe('bottom-left');
  });

  it('boxes stay inside the viewport', () => {
    for (const place of ['top-right', 'bottom-right', 'bottom-left', 'top-left'] as const) {
      const b = placeBox(place, desk, 100);
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(desk.width);
      expect(b.bottom).toBeLessThanOrEqual(desk.height);
    }
  });
});
