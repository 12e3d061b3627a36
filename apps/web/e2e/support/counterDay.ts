import { rest, type TestServer } from '@nursery/server/testing';

/**
 * A pick-up day for the counter's tests and a product to order on it: a day saved by staff (SavePickUpDay,
 * 20 places, 9 to 4) and the first product on sale that is priced for one plant.
 */
export async function counterDay(
  server: TestServer,
  token: string,
  date: string,
): Promise<{ dayId: number; productId: number }> {
  const saved = await rest<{ pickUpDayId: number; date: string }[]>(
    server.url,
    'POST',
    '/api/v1/PickUpDays/SavePickUpDay',
    { token, body: { date, startTime: '09:00', endTime: '16:00', capacity: 20 } },
  );
  const day = saved.body.data.find((d) => d.date === date);
  if (!day) throw new Error(`The pick-up day ${date} was not saved: ${JSON.stringify(saved.body)}`);
  const { productId } = server.shop.database.sqlite
    .prepare(
      `select p.product_id as productId from products p where p.product_status = 2 and p.deleted_at is null
       and exists (select 1 from product_prices t where t.product_id = p.product_id and t.start_quantity = 1)
       order by p.product_id limit 1`,
    )
    .get() as { productId: number };
  return { dayId: day.pickUpDayId, productId };
}

/** An order placed by staff for a pick-up day: one line of the product, for the customer named. */
export async function placeCounterOrder(
  server: TestServer,
  token: string,
  order: { name: string; phoneNumber: string; dayId: number; productId: number; quantity?: number },
): Promise<{ orderId: number; total: number }> {
  const placed = await rest<{ orderId: number; total: number }>(server.url, 'PUT', '/api/v1/Orders/Update', {
    token,
    body: {
      name: order.name,
      phoneNumber: order.phoneNumber,
      pickUpDayId: order.dayId,
      products: [{ productId: order.productId, quantity: order.quantity ?? 1 }],
    },
  });
  if (placed.status !== 200) throw new Error(`The order was not placed: ${JSON.stringify(placed.body)}`);
  return placed.body.data;
}
