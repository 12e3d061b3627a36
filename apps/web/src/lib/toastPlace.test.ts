import { describe, expect, it } from 'vitest';
import { toasterPlaceBeside } from './toastPlace';

// The three screens the shop is checked on, with the confirm question (400 px wide) and the product editor.
const laptop = { width: 1366, height: 768 };
const tablet = { width: 820, height: 1180 };
const phone = { width: 390, height: 844 };

describe('where toasts go while a dialog is open', () => {
  it('beside a small dialog on a laptop, below it on a tablet and a phone', () => {
    expect(toasterPlaceBeside(laptop, { top: 38, left: 483, width: 400, height: 220 }, null, null)).toEqual({
      position: 'top-right',
      style: { top: 38, left: 891, right: 8, bottom: 8 },
    });
    expect(toasterPlaceBeside(tablet, { top: 59, left: 210, width: 400, height: 220 }, null, null)).toEqual({
      position: 'top-right',
      style: { top: 287, left: 8, right: 8, bottom: 8 },
    });
    expect(
      toasterPlaceBeside(phone, { top: 16, left: 8, width: 374, height: 260 }, null, null).style.top,
    ).toBe(284);
  });

  it('above a dialog that ends near the foot of the screen', () => {
    expect(toasterPlaceBeside(phone, { top: 300, left: 8, width: 374, height: 520 }, null, null)).toEqual({
      position: 'bottom-right',
      style: { top: 8, left: 8, right: 8, bottom: 552 },
    });
  });

  it('over the body of a dialog that fills the screen, between its title and its buttons', () => {
    const place = toasterPlaceBeside(
      phone,
      { top: 16, left: 8, width: 374, height: 812 },
      { top: 16, left: 8, width: 374, height: 70 },
      { top: 760, left: 8, width: 374, height: 68 },
    );
    expect(place).toEqual({
      position: 'bottom-right',
      style: { top: 94, bottom: 92, left: 16, right: 16, overflow: 'hidden' },
    });
  });
});
