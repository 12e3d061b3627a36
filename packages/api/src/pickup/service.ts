import { createHash } from 'node:crypto';
import { counterActions, orders, pickUpDays } from '@nursery/db';
import {
  type CheckInInput,
  type CounterAction,
  type CounterActionInput,
  type CounterAnswer,
  type CounterDay,
  type CounterOrder,
  type CounterOrderState,
  displayPickUpDay,
  formatMoney,
  PICK_UP_DAY_NOT_FOUND,
  type PickListInput,
  type RecordPaymentInput,
  recordedToken,
  seasonLabel,
  settleCounterAction,
  type UndoCounterInput,
} from '@nursery/domain';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import { ShopError } from '../errors.ts';
import type { AdminOrder } from '../orders/adminList.ts';
import { adminOrderDetails, orderNotFound } from '../orders/adminOrder.ts';
import { staffName } from '../orders/adminUpdate.ts';
import type { Shop } from '../shop.ts';
import { currentSeason } from '../stock/levels.ts';
import type { StaffIdentity } from '../trpc.ts';
import { queueOrderEvent } from '../webhooks/events.ts';

/**
 * Check-in at the counter. These writes touch only the order's pick-up and payment columns, which the order
 * editor never writes, so they leave the order's version alone: a colleague with the order open in the editor
 * can still save it, and nothing of the check-in is overwritten (docs/decisions.md).
 *
 * Every tap goes through `actAtCounter`: the counter's rule (settleCounterAction in @nursery/domain) decides
 * what it changes, and a tap sent with its action id is written to counter_actions in the same transaction, so
 * a phone that sends it again after a drop of the network gets the first answer and nothing twice.
 */

export const COUNTER_ACTION_REUSED =
  'This actionId was already used for a different action. Make a new id for each tap, and send the same id only with the same action again.';

const stateColumns = {
  deletedAt: orders.deletedAt,
  totalCents: orders.totalCents,
  pickedUpAt: orders.pickedUpAt,
  pickedUpBy: orders.pickedUpBy,
  pickedUpAction: orders.pickedUpAction,
  paidMethod: orders.paidMethod,
  paidCents: orders.paidCents,
  paidCheckNumber: orders.paidCheckNumber,
  paidAt: orders.paidAt,
  paidBy: orders.paidBy,
  paidAction: orders.paidAction,
};
type StateRow = NonNullable<ReturnType<typeof readState>>;

function readState(shop: Shop, orderId: number) {
  return shop.db.select(stateColumns).from(orders).where(eq(orders.orderId, orderId)).get();
}

/** The order's check-in and payment as the rule reads them; those made without an action id go by their time. */
function counterState(orderId: number, row: Omit<StateRow, 'deletedAt' | 'totalCents'>): CounterOrderState {
  return {
    orderId,
    checkIn:
      row.pickedUpAt === null
        ? null
        : {
            token: row.pickedUpAction ?? recordedToken(row.pickedUpAt),
            at: row.pickedUpAt,
            by: row.pickedUpBy,
          },
    payment:
      row.paidMethod === null || row.paidAt === null
        ? null
        : {
            token: row.paidAction ?? recordedToken(row.paidAt),
            method: row.paidMethod,
            cents: row.paidCents ?? 0,
            checkNumber: row.paidCheckNumber,
            at: row.paidAt,
            by: row.paidBy,
          },
  };
}

function fingerprintOf(action: CounterAction): string {
  return createHash('sha256').update(JSON.stringify(action)).digest('hex');
}

/**
 * The order's columns for the part of it an applied action changed. A tap without an action id leaves no
 * token: its check-in or payment goes by its time (recordedToken).
 */
function columnsOf(
  action: CounterAction,
  state: CounterOrderState,
  logged: boolean,
): Partial<typeof orders.$inferInsert> {
  const token = (t: string | undefined) => (logged && t === action.actionId ? t : null);
  if (action.kind === 'checkIn' || action.kind === 'undoCheckIn') {
    const { checkIn } = state;
    return {
      pickedUpAt: checkIn?.at ?? null,
      pickedUpBy: checkIn?.by ?? null,
      pickedUpAction: token(checkIn?.token),
    };
  }
  const { payment } = state;
  return {
    paidMethod: payment?.method ?? null,
    paidCents: payment?.cents ?? null,
    paidCheckNumber: payment?.checkNumber ?? null,
    paidAt: payment?.at ?? null,
    paidBy: payment?.by ?? null,
    paidAction: token(payment?.token),
  };
}

export interface CounterResult {
  order: AdminOrder;
  recorded: boolean;
  conflict: string | null;
}

/**
 * One tap at the counter, by the signed-in staff member, now. `logged` is false for a tap sent without an
 * action id (a REST call of a program that sends none): it is settled the same way but not kept.
 */
function act(
  shop: Shop,
  staff: StaffIdentity,
  action: CounterAction,
  logged: boolean,
  tappedBy: string | null = null,
): CounterResult {
  const { orderId } = action;
  const now = shop.now().getTime();
  const tz = shop.config.shop.timeZone;
  const fingerprint = fingerprintOf(action);
  let recorded = false;
  let conflict: string | null = null;
  let changed = false;
  shop.database.sqlite
    .transaction(() => {
      if (logged) {
        const kept = shop.db
          .select({
            fingerprint: counterActions.fingerprint,
            recorded: counterActions.recorded,
            conflict: counterActions.conflict,
          })
          .from(counterActions)
          .where(eq(counterActions.actionId, action.actionId))
          .get();
        if (kept) {
          if (kept.fingerprint !== fingerprint) {
            throw new ShopError({ kind: 'unprocessable', message: COUNTER_ACTION_REUSED });
          }
          recorded = kept.recorded;
          conflict = kept.conflict;
          return;
        }
      }
      const row = readState(shop, orderId);
      if (!row) throw orderNotFound(orderId);
      if (row.deletedAt !== null) {
        throw new ShopError({
          kind: 'bad_request',
          message: `Order ${orderId} is deleted. Restore it before checking it in or recording a payment.`,
        });
      }
      if (action.kind === 'recordPayment' && action.cents > row.totalCents) {
        const total = formatMoney(row.totalCents);
        throw new ShopError({
          kind: 'bad_request',
          message: `Order ${orderId} comes to ${total}: record at most ${total} as paid, and give anything over it back as change.`,
          problems: [{ path: ['amount'], message: `At most ${total}, the order's total.` }],
        });
      }
      const by = actorName(staff, tappedBy);
      const outcome = settleCounterAction(counterState(orderId, row), action, { by, at: now }, tz);
      if (outcome.applied) {
        shop.db
          .update(orders)
          .set(columnsOf(action, outcome.state, logged))
          .where(eq(orders.orderId, orderId))
          .run();
        recorded = true;
        changed = true;
        const event =
          action.kind === 'checkIn' || action.kind === 'undoCheckIn' ? 'order.pickedUp' : 'order.paid';
        queueOrderEvent(shop, event, orderId);
      } else {
        conflict = outcome.conflict;
        shop.log.info({ orderId, kind: action.kind, conflict }, 'counter action not recorded');
      }
      if (logged) {
        shop.db
          .insert(counterActions)
          .values({
            actionId: action.actionId,
            orderId,
            kind: action.kind,
            fingerprint,
            recorded,
            conflict,
            staff: by,
          })
          .run();
      }
    })
    .immediate();
  if (changed) shop.webhooks.flush();
  return { order: adminOrderDetails(shop, orderId), recorded, conflict };
}

/**
 * Who a tap is recorded as: the signed-in staff member, or the one who made it on the phone when that was
 * someone else (it waited through a sign-out and the next sign-in), sent by the one signed in. The cash a
 * colleague took is theirs, and who sent it stays on record.
 */
function actorName(staff: StaffIdentity, tappedBy: string | null): string {
  const sender = staffName(staff);
  return tappedBy && tappedBy !== sender ? `${tappedBy}, sent by ${sender}` : sender;
}

/** An action's id, or a fresh one for a tap that came without (it is settled, not kept). */
function withId(actionId: string | undefined): { actionId: string; logged: boolean } {
  return actionId === undefined
    ? { actionId: crypto.randomUUID(), logged: false }
    : { actionId, logged: true };
}

/** One tap a phone sent (pickup.act): recorded or not by the counter's rule, with the order as it is now. */
export function actAtCounter(shop: Shop, staff: StaffIdentity, input: CounterActionInput): CounterAnswer {
  const action: CounterAction =
    input.kind === 'recordPayment'
      ? {
          kind: 'recordPayment',
          orderId: input.orderId,
          actionId: input.actionId,
          method: input.method,
          cents: input.amount,
          checkNumber: input.checkNumber,
          replaces: input.replaces,
        }
      : input.kind === 'checkIn'
        ? { kind: 'checkIn', orderId: input.orderId, actionId: input.actionId }
        : { kind: input.kind, orderId: input.orderId, actionId: input.actionId, undoes: input.undoes };
  const result = act(shop, staff, action, true, input.tappedBy);
  return { ...counterOrder(shop, result.order), recorded: result.recorded, conflict: result.conflict };
}

/**
 * Marks an order picked up now, by the signed-in staff member. An order already picked up keeps its first
 * record: a second tap (or a colleague at the other till) must not rewrite who handed it over.
 */
export function checkIn(shop: Shop, staff: StaffIdentity, input: CheckInInput): AdminOrder {
  const { actionId, logged } = withId(input.actionId);
  return act(shop, staff, { kind: 'checkIn', orderId: input.orderId, actionId }, logged).order;
}

/** Undoes a mistaken check-in: the order is waiting again. A payment recorded stays (it may have come first). */
export function undoCheckIn(shop: Shop, staff: StaffIdentity, input: UndoCounterInput): AdminOrder {
  const { actionId, logged } = withId(input.actionId);
  return act(
    shop,
    staff,
    { kind: 'undoCheckIn', orderId: input.orderId, actionId, undoes: input.undoes },
    logged,
  ).order;
}

/**
 * Records what was paid at the counter for the order, replacing what was recorded before, with who took it and
 * when. What is recorded is what the order received, so it cannot be more than the order's total: a customer
 * who hands over more gets change, and $9,999 typed for a $68.58 order is a slip (docs/decisions.md).
 */
export function recordPayment(shop: Shop, staff: StaffIdentity, input: RecordPaymentInput): AdminOrder {
  const { actionId, logged } = withId(input.actionId);
  return act(
    shop,
    staff,
    {
      kind: 'recordPayment',
      orderId: input.orderId,
      actionId,
      method: input.method,
      cents: input.amount,
      checkNumber: input.checkNumber,
      replaces: input.replaces,
    },
    logged,
  ).order;
}

/** Takes back a payment recorded by mistake. */
export function clearPayment(shop: Shop, staff: StaffIdentity, input: UndoCounterInput): AdminOrder {
  const { actionId, logged } = withId(input.actionId);
  return act(
    shop,
    staff,
    { kind: 'clearPayment', orderId: input.orderId, actionId, undoes: input.undoes },
    logged,
  ).order;
}

/** An order with the tokens of its check-in and payment, as the counter keeps it. */
function counterOrder(shop: Shop, order: AdminOrder): CounterOrder {
  const row = readState(shop, order.orderId);
  const state = row ? counterState(order.orderId, row) : null;
  return { order, checkInToken: state?.checkIn?.token ?? null, paymentToken: state?.payment?.token ?? null };
}

/**
 * One order with the tokens of its check-in and payment: what a staff phone acts on from the order's own page
 * (opened from its QR code), so a payment or undo tapped there acts only on what that page shows.
 */
export function counterOrderById(shop: Shop, orderId: number): CounterOrder {
  return counterOrder(shop, adminOrderDetails(shop, orderId));
}

/**
 * A pick-up day's live orders with their lines, for the counter to keep on the phone: what it needs to find an
 * order, hand the plants over and check in while the network is down. 'none' is this season's orders without
 * a day, as the pick list reads it.
 */
export function counterDay(shop: Shop, input: PickListInput): CounterDay {
  let title: string;
  let where: SQL | undefined;
  if (input.pickUpDay === 'none') {
    const season = currentSeason(shop);
    title = `Orders without a pick-up day, ${seasonLabel(season)}`;
    where = and(isNull(orders.pickUpDayId), eq(orders.seasonPurchased, season));
  } else {
    const day = shop.db.select().from(pickUpDays).where(eq(pickUpDays.pickUpDayId, input.pickUpDay)).get();
    if (!day) throw new ShopError({ kind: 'not_found', message: PICK_UP_DAY_NOT_FOUND });
    title = displayPickUpDay(day);
    where = eq(orders.pickUpDayId, day.pickUpDayId);
  }
  const answeredAt = shop.now().toISOString();
  const ids = shop.db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(where, isNull(orders.deletedAt)))
    .orderBy(asc(orders.orderId))
    .all();
  return {
    pickUpDayId: input.pickUpDay === 'none' ? null : input.pickUpDay,
    title,
    answeredAt,
    orders: ids.map(({ orderId }) => counterOrder(shop, adminOrderDetails(shop, orderId))),
  };
}
