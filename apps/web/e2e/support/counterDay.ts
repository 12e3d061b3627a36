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
