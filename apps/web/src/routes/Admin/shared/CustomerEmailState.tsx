import type { OrderEmail } from '@nursery/domain';
import { notify } from '../../../lib/toast';

const STATUS_CLASS: Record<OrderEmail['status'], string> = {
  sent: 'label-success',
  waiting: 'label-info',
  retrying: 'label-warning',
  failed: 'label-danger',
  'not-sent': 'label-default',
};

/**
 * What became of one customer e-mail (sent, waiting to send, failed, not sent: no mail server), with the mail
 * server's reason and Retry for one that failed: on the order page for its e-mails, and beside each waitlist
 * entry for its back-in-stock notice.
 */
export function CustomerEmailState({
  email,
  retrying,
  onRetry,
}: {
  email: OrderEmail;
  retrying: boolean;
  onRetry: (emailId: number) => void;
}) {
  return (
    <>
      <span className={`label ${STATUS_CLASS[email.status]}`}>{email.displayStatus}</span>
      {email.lastError && email.status !== 'sent' ? (
        <span className="text-muted"> ({email.lastError})</span>
      ) : null}
      {email.canRetry ? (
        <>
          {' '}
          <button
            type="button"
            className="btn btn-sm btn-default"
            disabled={retrying}
            onClick={() => onRetry(email.emailId)}
            aria-label={`Retry the ${email.label.toLowerCase()} to ${email.to} of ${email.displayCreatedTimestamp}`}
          >
            Retry
          </button>
        </>
      ) : null}
    </>
  );
}

/** Says how a Retry went, from the e-mail as it stands after it. */
export function notifyRetried(after: OrderEmail | undefined | null): void {
  if (after?.status === 'sent') notify.success('The e-mail was sent.');
  else notify.error(`The e-mail could not be sent: ${after?.lastError ?? 'unknown reason'}`);
}
