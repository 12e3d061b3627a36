import type { CounterActionSent, CounterDay } from '@nursery/domain';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

// What the counter keeps on a staff phone, in IndexedDB: the pick-up days it opened (their orders with lines),
// the taps waiting to be sent, in order, and the taps the server did not record, until staff have read them.
// Only the counter's screens open it, and only for someone signed in: a customer's phone never has it.

/** A tap waiting on this phone: `seq` keeps the order they were made in. */
export interface QueuedTap {
  seq?: number;
  action: CounterActionSent;
  /** When it was tapped (ms), and by whom as far as this phone knows: what the card shows until it is sent. */
  tappedAt: number;
  by: string;
  /** The e-mail of who was signed in when it was tapped: sent by someone else, it is recorded as theirs. */
  email?: string;
}

/** A tap the server did not record (the counter's rule, or a refusal), kept until staff dismiss it. */
export interface NotRecorded {
  actionId: string;
  orderId: number;
  what: string;
  why: string;
  at: number;
}

interface CounterDb extends DBSchema {
  days: { key: string; value: { key: string; day: CounterDay } };
  queue: { key: number; value: QueuedTap };
  notRecorded: { key: string; value: NotRecorded };
}

const DB_NAME = 'nursery-counter';
let opened: Promise<IDBPDatabase<CounterDb>> | null = null;

function db(): Promise<IDBPDatabase<CounterDb>> {
  opened ??= openDB<CounterDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('days', { keyPath: 'key' });
      database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      database.createObjectStore('notRecorded', { keyPath: 'actionId' });
    },
  });
  return opened;
}

/** Whether this phone ever opened the counter (asking opens no database on a phone that never did). */
async function counterOpenedHere(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((found) => found.name === DB_NAME);
}

/**
 * The pick-up day kept on this phone that holds the order (its id, or 'none' for the orders without a day), or
 * null: what a staff phone that scanned a customer's code with no network opens instead of the order's page.
 */
export async function keptDayOf(orderId: number): Promise<number | 'none' | null> {
  if (!(await counterOpenedHere())) return null;
  for (const { day } of await (await db()).getAll('days')) {
    if (day.orders.some((o) => o.order.orderId === orderId)) return day.pickUpDayId ?? 'none';
  }
  return null;
}

export async function saveDay(key: string, day: CounterDay): Promise<void> {
  await (await db()).put('days', { key, day });
}

export async function readDay(key: string): Promise<CounterDay | null> {
  return (await (await db()).get('days', key))?.day ?? null;
}

export async function enqueue(tap: QueuedTap): Promise<QueuedTap> {
  const seq = await (await db()).add('queue', tap);
  return { ...tap, seq };
}

export async function readQueue(): Promise<QueuedTap[]> {
  return (await db()).getAll('queue');
}

/** A tap the server answered leaves the queue; one it did not record is kept to be shown, in one transaction. */
export async function settle(seq: number, notRecorded: NotRecorded | null): Promise<void> {
  const tx = (await db()).transaction(['queue', 'notRecorded'], 'readwrite');
  await Promise.all([
    tx.objectStore('queue').delete(seq),
    notRecorded ? tx.objectStore('notRecorded').put(notRecorded) : Promise.resolve(),
    tx.done,
  ]);
}

export async function readNotRecorded(): Promise<NotRecorded[]> {
  return (await db()).getAll('notRecorded');
}

export async function dismissNotRecorded(actionId: string): Promise<void> {
  await (await db()).delete('notRecorded', actionId);
}

/**
 * Signing out of a phone that may be shared: the pick-up days kept on it (every order of the day, with names
 * and phone numbers) are deleted, unless taps still wait to be sent. Those are kept with the days they were
 * made on, to be sent after the next sign-in and shown on the desk until then (a sign-out while the network is
 * down must not lose a payment). The taps not recorded stay until staff tap Seen: they are a conflict staff
 * must read, never dropped silently. A phone that never opened the counter is left without its database.
 */
export async function forgetKeptDaysUnlessWaiting(): Promise<'forgotten' | 'kept' | 'none'> {
  if (!(await counterOpenedHere())) return 'none';
  const tx = (await db()).transaction(['days', 'queue'], 'readwrite');
  const waiting = await tx.objectStore('queue').count();
  if (waiting === 0) await tx.objectStore('days').clear();
  await tx.done;
  return waiting === 0 ? 'forgotten' : 'kept';
}
