import type { CounterDay } from '@nursery/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { trpc } from '../../../trpc';
import { dayKey } from '../shared/pickup/counterQueue';
import { readDay, saveDay } from '../shared/pickup/counterStore';

/**
 * The day kept on the phone: the server's answer when there is one (kept for the next drop of the network),
 * else the copy last kept. `failed` says the server could not be asked.
 */
export function useKeptDay(
  day: number | 'none' | null,
  ready: boolean,
): { day: CounterDay | null; failed: boolean } {
  const query = useQuery({
    ...trpc.pickup.counterDay.queryOptions({ pickUpDay: day ?? 'none' }),
    enabled: day !== null && ready,
    staleTime: 0,
    // Another phone's check-ins show within half a minute; the phone's own show at once.
    refetchInterval: 30_000,
    retry: 1,
  });
  const [stored, setStored] = useState<{ key: string; day: CounterDay | null } | null>(null);
  const key = day === null ? null : dayKey(day);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    void readDay(key).then((found) => {
      if (current) setStored({ key, day: found });
    });
    return () => {
      current = false;
    };
  }, [key]);
  useEffect(() => {
    if (key !== null && query.data) void saveDay(key, query.data);
  }, [key, query.data]);
  const keptCopy = stored?.key === key ? stored.day : null;
  return { day: query.data ?? keptCopy, failed: query.isError || (query.isPaused && !query.data) };
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
