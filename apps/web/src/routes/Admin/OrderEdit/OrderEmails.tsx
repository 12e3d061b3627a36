import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { CustomerEmailState, notifyRetried } from '../shared/CustomerEmailState';

/**
 * The order's "E-mails": what the shop wrote to the customer (receipt, change notices, reminder), when, and
 * whether it went out, with Retry for one that failed. `version` moves on with every save, which may have
 * written a change notice, so the list is read again then.
 */
export function OrderEmails({ orderId, version }: { orderId: number; version: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const options = trpc.customerEmails.forOrder.queryOptions({ orderId });
  const emails = useQuery(options);
  const { refetch } = emails;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version is the reason to read again.
  useEffect(() => {
    void refetch();
  }, [version]);
  const retry = useMutation(
    trpc.customerEmails.retry.mutationOptions({
      onSuccess: (list, { emailId }) => {
        queryClient.setQueryData(options.queryKey, list);
        notifyRetried(list.find((e) => e.emailId === emailId));
      },
      onError: showApiFailure,
    }),
  );

  return (
    <section className="order-emails" aria-labelledby={`${id}-title`} style={{ marginTop: '1.5rem' }}>
      <h2 id={`${id}-title`} style={{ fontSize: '1.15rem' }}>
        E-mails
      </h2>
      {emails.isLoading ? <p>Loading...</p> : null}
      {emails.isError ? (
        <p className="text-danger" role="alert">
          The order's e-mails could not be loaded.
        </p>
      ) : null}
      {emails.data?.length === 0 ? (
        <p className="text-muted">No e-mail to the customer in the last 30 days.</p>
      ) : null}
      {emails.data && emails.data.length > 0 ? (
        <ul className="list-unstyled" style={{ display: 'grid', gap: '0.5rem', padding: 0 }}>
          {emails.data.map((e) => (
            <li key={e.emailId} data-testid="order-email" style={{ overflowWrap: 'anywhere' }}>
              <strong>{e.label}</strong> to {e.to}, {e.displayCreatedTimestamp}:{' '}
              <CustomerEmailState
                email={e}
                retrying={retry.isPending}
                onRetry={(emailId) => retry.mutate({ emailId })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
