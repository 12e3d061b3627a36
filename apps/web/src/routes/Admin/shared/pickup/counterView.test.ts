import type { AdminOrder, CounterOrder } from '@nursery/domain';
import { describe, expect, it } from 'vitest';
import { deskList, deskMatches, scannedOrderId, withWaitingTaps } from './counterView';

const TZ = 'America/Chicago';

function kept(
  orderId: number,
  name: string,
  phoneNumber: string,
  pickedUp: string | null = null,
): CounterOrder {
  const order = {
    orderId,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    phoneNumber,
    pickedUpTimestamp: pickedUp,
    displayPickedUpTimestamp: null,
    pickedUpUsername: pickedUp ? 'Ada' : null,
    paidMethod: null,
    paid: null,
    displayPaid: null,
    paidTimestamp: null,
    displayPaidTimestamp: null,
    paidUsername: null,
    paidCheckNumber: null,
  } as unknown as AdminOrder;
  return { order, checkInToken: pickedUp ? 'phone-a-0001' : null, paymentToken: null };
}

const day = [
  kept(57, 'Rowan Birch', '(555) 010-2233'),
  kept(58, 'Ada Quill', '555 010 9999', '2026-04-11T15:00:00.000Z'),
  kept(60, 'bo aster', '(555) 777-1234'),
];

describe('the desk on the phone', () => {
  it('finds an order by number, name, phone digits or a scanned code, as the server does', () => {
    const found = (text: string) => day.filter((o) => deskMatches(o.order, text)).map((o) => o.order.orderId);
    expect(found('57')).toEqual([57]);
    expect(found('birch ROWAN')).toEqual([57]);
    expect(found('0102233')).toEqual([57]);
    expect(found('555-777')).toEqual([60]);
    expect(found('https://shop.example/Order/58/5550109999')).toEqual([58]);
    expect(scannedOrderId('http://localhost:8080/Order/60')).toBe(60);
    expect(scannedOrderId('Order 60')).toBeNull();
  });

  it('plays the waiting taps over the kept orders by the counter rule, and lists by tab', () => {
    const shown = withWaitingTaps(
      day,
      [
        {
          action: { kind: 'checkIn', orderId: 57, actionId: 'phone-b-0001' },
          tappedAt: Date.UTC(2026, 3, 11, 16),
          by: 'Bo',
        },
        // Ada's check-in stands on 58: this phone's tap there changes nothing it shows.
        {
          action: { kind: 'checkIn', orderId: 58, actionId: 'phone-b-0002' },
          tappedAt: Date.UTC(2026, 3, 11, 16),
          by: 'Bo',
        },
        {
          action: {
            kind: 'recordPayment',
            orderId: 60,
            actionId: 'phone-b-0003',
            method: 'cash',
            amount: 12.5,
            replaces: null,
          },
          tappedAt: Date.UTC(2026, 3, 11, 16),
          by: 'Bo',
        },
      ],
      TZ,
    );
    expect(shown.map((o) => [o.order.orderId, o.order.pickedUpUsername, o.waiting])).toEqual([
      [57, 'Bo', 1],
      [58, 'Ada', 1],
      [60, null, 1],
    ]);
    expect(shown[0]?.checkInToken).toBe('phone-b-0001');
    expect(shown[2]?.order).toMatchObject({ paidMethod: 'cash', paid: 12.5, displayPaid: '$12.50' });
    expect(deskList(shown, 'waiting', '').map((o) => o.order.orderId)).toEqual([60]);
    expect(deskList(shown, 'pickedUp', '').map((o) => o.order.orderId)).toEqual([57, 58]);
  });
});
