import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed';

/**
 * A list read from the server, in its three states before it can be shown: still loading, not given (with a
 * Try again), or empty (with what the screen says then). Only a list with something in it reaches `children`.
 */
export function Loaded<T, E = unknown>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<T[], E>;
  /** What could not be loaded, as LoadFailed says it: "The deliveries". */
  what: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <p>Loading...</p>;
  if (query.isError) return <LoadFailed what={what} retry={() => query.refetch()} />;
  if (query.data.length === 0)
    return typeof empty === 'string' ? <p className="text-muted">{empty}</p> : empty;
  return children(query.data);
}
