import {
  type CounterActionSent,
  type CounterAnswer,
  type CounterDay,
  counterActionText,
} from '@nursery/domain';
import { useSyncExternalStore } from 'react';
import { readStoredUser } from '../../../../auth/storedUser';
import { getAccessToken, onAccessTokenChange } from '../../../../auth/token';
import { queryClient, trpc, trpcClient } from '../../../../trpc';
import type { NotRecorded, QueuedTap } from './counterStore';
import * as store from './counterStore';
import { asCounterAction } from './counterView';

/**
 * The counter's queue: every tap (check-in, payment, undo) is written to the phone first, then sent in the
 * order it was made, with its action id, so a drop of the network, a reload or a sign-in that ends loses
 * nothing and a tap sent twice is recorded once. Sent at once when the network is there; otherwise when it
 * comes back, when a new sign-in arrives, and every few seconds while any wait.
 */

export type TapResult =
  | { state: 'recorded'; answer: CounterAnswer }
  /** `answer` is the order as it is now when the server answered (the counter's rule), null when it refused. */
  | { state: 'not-recorded'; why: string; answer: CounterAnswer | null }
  /** Kept on the phone: whenSent(actionId) says when it has gone out. */
  | { state: 'waiting'; actionId: string };

export interface CounterState {
  /** The queue and the list of taps not recorded have been read from the phone. */
  ready: boolean;
  queue: QueuedTap[];
  notRecorded: NotRecorded[];
  /** The last send failed for want of the network (or the server): the taps wait. */
  unreachable: boolean;
  /** The sign-in ended (or is not staff's): the taps wait for a new one. */
  needsSignIn: boolean;
}

const RETRY_MS = 5_000;

let state: CounterState = {
  ready: false,
  queue: [],
  notRecorded: [],
  unreachable: false,
  needsSignIn: false,
};
const listeners = new Set<() => void>();
const waiters = new Map<string, (result: TapResult) => void>();
/** What to do once a tap that was waiting has been answered, by its action id. */
const sentWatchers = new Map<string, () => void>();

/**
 * Calls `then` once the tap `actionId` has been answered by the server and left the phone's queue (at once
 * if it no longer waits): what said it waits, such as its notice, goes then.
 */
export function whenSent(actionId: string, then: () => void): void {
  if (state.queue.some((q) => q.action.actionId === actionId)) sentWatchers.set(actionId, then);
  else then();
}

function update(next: Partial<CounterState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  void start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The counter's queue as the screen shows it. */
export function useCounter(): CounterState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

let started: Promise<void> | null = null;

/** Reads what waits on the phone and starts listening for the network and a new sign-in; once. */
function start(): Promise<void> {
  started ??= (async () => {
    window.addEventListener('online', () => void flush());
    onAccessTokenChange(() => {
      if (getAccessToken()) void flush();
    });
    window.setInterval(() => {
      if (state.queue.length > 0) void flush();
    }, RETRY_MS);
    const [queue, notRecorded] = await Promise.all([store.readQueue(), store.readNotRecorded()]);
    update({ ready: true, queue, notRecorded: notRecorded.sort((a, b) => a.at - b.at) });
    void flush();
  })();
  return started;
}

/** Makes a tap: kept on the phone, then sent after those before it. Answers what became of it, or 'waiting'. */
export async function tap(action: CounterActionSent): Promise<TapResult> {
  await start();
  const user = readStoredUser();
  const queued = await store.enqueue({
    action,
    tappedAt: Date.now(),
    by: user?.name || user?.email || 'You',
    ...(user?.email ? { email: user.email } : {}),
  });
  update({ queue: [...state.queue, queued] });
  const result = new Promise<TapResult>((resolve) => waiters.set(action.actionId, resolve));
  void flush();
  return result;
}

/** A new id for a tap. */
export function newActionId(): string {
  return crypto.randomUUID();
}

export async function dismiss(actionId: string): Promise<void> {
  await store.dismissNotRecorded(actionId);
  update({ notRecorded: state.notRecorded.filter((n) => n.actionId !== actionId) });
}

let flushing: Promise<void> | null = null;

/** Sends what waits, one after another; one run at a time. */
export function flush(): Promise<void> {
  flushing ??= send().then((stopped) => {
    flushing = null;
    // A tap made while the last one was being answered goes out now, not at the next retry.
    if (!stopped && state.queue.length > 0) void flush();
  });
  return flushing;
}

function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/** Sends the queue in order; answers true when it stopped for want of the network or a sign-in. */
async function send(): Promise<boolean> {
  let stopped = false;
  for (let next = state.queue[0]; next; next = state.queue[0]) {
    // An expired sign-in would only earn a 401: the taps wait for the next one.
    if (!getAccessToken()) {
      update({ needsSignIn: true });
      stopped = true;
      break;
    }
    let answer: CounterAnswer;
    try {
      answer = await trpcClient.pickup.act.mutate(asSent(next));
    } catch (error) {
      const status = httpStatusOf(error);
      if (status === 401 || status === 403) {
        update({ needsSignIn: true });
        stopped = true;
        break;
      }
      // No answer at all (no network, the server down), or one to try again later.
      if (status === undefined || status >= 500 || status === 429 || status === 408 || status === 409) {
        update({ unreachable: true });
        stopped = true;
        break;
      }
      // Refused as it is (a deleted order, an amount above the total): it never will be recorded, so it
      // leaves the queue, and staff read why.
      const why = error instanceof Error ? error.message : String(error);
      await settled(next, null, why);
      continue;
    }
    update({ unreachable: false, needsSignIn: false });
    await settled(next, answer, answer.recorded ? null : (answer.conflict ?? 'Not recorded.'));
  }
  // What was not sent now stays waiting; its tap hears so.
  if (stopped) {
    for (const waiting of state.queue) {
      const resolve = waiters.get(waiting.action.actionId);
      waiters.delete(waiting.action.actionId);
      resolve?.({ state: 'waiting', actionId: waiting.action.actionId });
    }
  }
  return stopped;
}

/**
 * The tap as it goes to the server: a tap made by someone other than who is signed in now (it waited through a
 * sign-out and the next sign-in on this phone) names who made it, so their check-in or cash is recorded as
 * theirs, sent by the one signed in.
 */
function asSent(tapped: QueuedTap): CounterActionSent {
  const user = readStoredUser();
  const someoneElse = tapped.email
    ? tapped.email !== user?.email
    : tapped.by !== 'You' && tapped.by !== (user?.name || user?.email);
  return someoneElse && tapped.by !== 'You' ? { ...tapped.action, tappedBy: tapped.by } : tapped.action;
}

/** A tap answered: out of the queue, into the list of those not recorded if so, and into the screens' data. */
async function settled(tapped: QueuedTap, answer: CounterAnswer | null, why: string | null): Promise<void> {
  const { action } = tapped;
  const notRecorded: NotRecorded | null =
    why === null
      ? null
      : { actionId: action.actionId, orderId: action.orderId, what: describe(action), why, at: Date.now() };
  await store.settle(tapped.seq as number, notRecorded);
  update({
    queue: state.queue.filter((q) => q.seq !== tapped.seq),
    notRecorded: notRecorded ? [...state.notRecorded, notRecorded] : state.notRecorded,
  });
  if (answer) await remember(answer);
  sentWatchers.get(action.actionId)?.();
  sentWatchers.delete(action.actionId);
  const resolve = waiters.get(action.actionId);
  waiters.delete(action.actionId);
  resolve?.(
    why === null && answer
      ? { state: 'recorded', answer }
      : { state: 'not-recorded', why: why ?? '', answer },
  );
}

function describe(action: CounterActionSent): string {
  return counterActionText(asCounterAction(action));
}

/** The order as the server answered it, in the desk's days (on the phone too) and in the order's own queries. */
async function remember(answer: CounterAnswer): Promise<void> {
  const { order } = answer;
  const tokens = { checkInToken: answer.checkInToken, paymentToken: answer.paymentToken };
  queryClient.setQueryData(trpc.orders.detailsById.queryKey({ orderId: order.orderId }), order);
  queryClient.setQueryData(trpc.pickup.counterOrder.queryKey({ orderId: order.orderId }), {
    order,
    ...tokens,
  });
  void queryClient.invalidateQueries({ queryKey: trpc.orders.page.pathKey() });
  const changed: CounterDay[] = [];
  queryClient.setQueriesData<CounterDay>({ queryKey: trpc.pickup.counterDay.pathKey() }, (day) => {
    if (!day?.orders.some((o) => o.order.orderId === order.orderId)) return day;
    const next = {
      ...day,
      orders: day.orders.map((o) => (o.order.orderId === order.orderId ? { order, ...tokens } : o)),
    };
    changed.push(next);
    return next;
  });
  await Promise.all(changed.map((day) => store.saveDay(dayKey(day.pickUpDayId ?? 'none'), day)));
}

/** The key a pick-up day is kept under on the phone. */
export function dayKey(day: number | 'none'): string {
  return String(day);
}
