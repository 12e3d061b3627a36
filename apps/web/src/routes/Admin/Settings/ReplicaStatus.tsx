import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../trpc';

/** How often the owner's open Settings page asks again: the copy's state changes by the second. */
const REFRESH_MS = 15_000;

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'nothing yet';
}

/**
 * The continuous copy (REPLICA_URL), under Backup: where it goes (no credentials), when the last change got
 * there, and a warning when copying has failed for more than a few minutes. Nothing when it is off.
 */
export function ReplicaStatus() {
  const status = useQuery({ ...trpc.backup.replica.queryOptions(), refetchInterval: REFRESH_MS });
  const replica = status.data;
  if (!replica) return null;
  return (
    <div className="settings-replica" style={{ marginTop: '1rem' }}>
      <h3 style={{ fontSize: '1rem' }}>Continuous copy</h3>
      {replica.warning ? (
        <div className="alert alert-danger" role="alert">
          {replica.warning}
        </div>
      ) : null}
      <p className="text-muted">
        Every change is copied within {replica.syncSeconds} s, photos and the flyer as they are saved; a week
        of history is kept.
        {replica.mediaWaiting > 0 ? ` ${replica.mediaWaiting} media file(s) waiting to be copied.` : ''}
      </p>
      <ul>
        {replica.replicas.map((r) => (
          <li key={r.name}>
            <code>{r.address}</code>: last change copied {when(r.lastCopiedAt)}
            {r.failingSince
              ? ` (failing since ${when(r.failingSince)}: ${r.lastError ?? 'unknown error'})`
              : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
