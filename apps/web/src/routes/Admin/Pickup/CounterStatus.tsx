import type { CounterDay } from '@nursery/domain';
import { useSiteConfig } from '../../../lib/site';
import { SIGN_IN_AGAIN_PATH } from '../AdminLayout';
import { dismiss, useCounter } from '../shared/pickup/counterQueue';

/**
 * The counter's state in a few lines: offline (and since when the day is kept), taps waiting to be sent, a
 * sign-in needed to send them, and every tap the server did not record, with why, until staff dismiss it.
 */
export function CounterStatus({ offline, day }: { offline: boolean; day: CounterDay | null }) {
  const counter = useCounter();
  const site = useSiteConfig();
  const waiting = counter.queue.length;
  const keptAt = day ? new Date(day.answeredAt) : null;
  return (
    <div className="counter-status" data-testid="counter-status">
      {offline ? (
        <p className="alert alert-warning mb-1" role="status">
          <strong>No connection.</strong> The orders shown are those kept on this phone
          {keptAt && site.data ? ` at ${formatTime(keptAt, site.data.shop.timeZone)}` : ''}; check-ins and
          payments are kept here and sent when the network is back.
        </p>
      ) : null}
      {waiting > 0 ? (
        <p className="alert alert-info mb-1" role="status" data-testid="counter-waiting">
          {waiting === 1 ? '1 change waits' : `${waiting} changes wait`} on this phone to be sent.
          {counter.needsSignIn ? (
            <>
              {' '}
              Your sign-in has ended: they are sent once you sign in again.{' '}
              <a className="btn btn-sm btn-warning" href={SIGN_IN_AGAIN_PATH} target="_blank" rel="noopener">
                Sign in again
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {counter.notRecorded.length > 0 ? (
        <section className="alert alert-danger mb-1" aria-label="Not recorded">
          <h2 className="h6">Not recorded</h2>
          <ul className="mb-0">
            {counter.notRecorded.map((n) => (
              <li key={n.actionId} data-testid="not-recorded">
                <strong>{n.what}:</strong> {n.why}{' '}
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  onClick={() => void dismiss(n.actionId)}
                >
                  Seen
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function formatTime(at: Date, timeZone: string): string {
  return at.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
}
