import { phoneDigits, phoneOpensOrder } from '@nursery/domain';
import type { PlacedOrder } from '../../storefront/types';

/**
 * The customer's own copy of their order, kept in this browser's IndexedDB (never in the service worker's
 * caches): the order page opens from it in the yard without a network. It opens only with the phone the order
 * was placed with, as the server's lookup does, and "Forget this order on this phone" deletes it
 * (docs/decisions.md, Offline).
 */
export interface OrderCopy {
  order: PlacedOrder;
  /** When the shop last answered with this order (ISO). */
  savedAt: string;
}

const DATABASE = 'nursery-order-copies';
const STORE = 'orders';

function openCopies(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
}

async function inStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openCopies();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export async function keepOrderCopy(order: PlacedOrder, savedAt: Date): Promise<void> {
  const copy: OrderCopy = { order, savedAt: savedAt.toISOString() };
  await inStore('readwrite', (store) => store.put(copy, order.orderId));
}

/** The kept copy of this order, when the phone typed opens it; null otherwise (or when storage is refused). */
export async function readOrderCopy(orderId: number, typedPhone: string): Promise<OrderCopy | null> {
  try {
    const copy = (await inStore('readonly', (store) => store.get(orderId))) as OrderCopy | undefined;
    if (!copy) return null;
    const { phoneNumber } = copy.order;
    return phoneOpensOrder({ phoneNumber, phoneDigits: phoneDigits(phoneNumber) }, typedPhone) ? copy : null;
  } catch {
    return null;
  }
}

export async function forgetOrderCopy(orderId: number): Promise<void> {
  await inStore('readwrite', (store) => store.delete(orderId));
}
