import type { ShopLogger } from '../logger.ts';
import { REPLICA_SYNC_SECONDS, type ReplicaTarget, targetName } from './targets.ts';

/** Copying that has failed this long is a warning in Settings, /health and the log, not a passing hiccup. */
export const REPLICA_FAILING_WARN_MS = 3 * 60_000;

export interface ReplicaTargetStatus {
  name: string;
  /** Where the copy goes, without credentials. */
  address: string;
  /** When Litestream last wrote a change of the database there (ISO), null before the first. */
  lastCopiedAt: string | null;
  /** Since when copying there has been failing (ISO), null while it works. */
  failingSince: string | null;
  lastError: string | null;
}

export interface ReplicaStatus {
  syncSeconds: number;
  replicas: ReplicaTargetStatus[];
  /** Media files (photos, the flyer) not yet copied to every replica. */
  mediaWaiting: number;
  /** Set when copying has failed for more than a few minutes: what the owner should do. */
  warning: string | null;
}

interface TargetState {
  name: string;
  address: string;
  lastCopiedAt: Date | null;
  failingSince: Date | null;
  lastError: string | null;
}

/**
 * What the owner sees of the continuous copy: fed by Litestream's log (the server runs it) and by the media
 * copy, read by Settings and /health. A failure that lasts past REPLICA_FAILING_WARN_MS is logged once as an
 * error, and its end once as info.
 */
export class ReplicaMonitor {
  private readonly targets: TargetState[];
  private media = { waiting: 0, failingSince: null as Date | null, lastError: null as string | null };
  private warned = false;
  private readonly now: () => Date;
  private readonly log: ShopLogger;

  constructor(targets: readonly ReplicaTarget[], now: () => Date, log: ShopLogger) {
    this.now = now;
    this.log = log;
    this.targets = targets.map((t, i) => ({
      name: targetName(targets, i),
      address: t.address,
      lastCopiedAt: null,
      failingSince: null,
      lastError: null,
    }));
  }

  /** A change (or a snapshot) of the database reached replica `name`. */
  copied(name: string, at = this.now()): void {
    const target = this.targets.find((t) => t.name === name);
    if (!target) return;
    target.lastCopiedAt = at;
    target.failingSince = null;
    target.lastError = null;
    this.check();
  }

  /** Copying to replica `name` (every replica when undefined: Litestream itself stopped) failed. */
  failed(name: string | undefined, message: string, at = this.now()): void {
    for (const target of this.targets) {
      if (name !== undefined && target.name !== name) continue;
      target.failingSince ??= at;
      target.lastError = message;
    }
    this.check();
  }

  mediaProgress(waiting: number, error: string | null, at = this.now()): void {
    this.media.waiting = waiting;
    if (error === null) {
      this.media.failingSince = null;
      this.media.lastError = null;
    } else {
      this.media.failingSince ??= at;
      this.media.lastError = error;
    }
    this.check();
  }

  private warning(now: Date): string | null {
    const late = (since: Date | null) =>
      since !== null && now.getTime() - since.getTime() > REPLICA_FAILING_WARN_MS;
    const failing = this.targets.filter((t) => late(t.failingSince));
    const parts = failing.map(
      (t) =>
        `copying the database to ${t.address} has failed since ${t.failingSince?.toISOString()} (${t.lastError})`,
    );
    if (late(this.media.failingSince)) {
      parts.push(
        `${this.media.waiting} photo or flyer file(s) could not be copied since ${this.media.failingSince?.toISOString()} (${this.media.lastError})`,
      );
    }
    if (parts.length === 0) return null;
    return `The continuous copy is not working: ${parts.join('; ')}. Orders taken since then would be lost with this server's disk. Check the replica's address and credentials (REPLICA_URL, LITESTREAM_ACCESS_KEY_ID) and that the storage is reachable; take a backup now (Download Backup).`;
  }

  private check(): void {
    const warning = this.warning(this.now());
    if (warning && !this.warned) this.log.error({}, warning);
    if (!warning && this.warned) this.log.info({}, 'the continuous copy works again');
    this.warned = warning !== null;
  }

  status(): ReplicaStatus {
    this.check();
    return {
      syncSeconds: REPLICA_SYNC_SECONDS,
      replicas: this.targets.map((t) => ({
        name: t.name,
        address: t.address,
        lastCopiedAt: t.lastCopiedAt?.toISOString() ?? null,
        failingSince: t.failingSince?.toISOString() ?? null,
        lastError: t.lastError,
      })),
      mediaWaiting: this.media.waiting,
      warning: this.warning(this.now()),
    };
  }
}
