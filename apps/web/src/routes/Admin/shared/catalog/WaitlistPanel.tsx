import { type StockedProduct, type WaitlistEntry, waitlistRestockHint } from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { hidden, TableHead } from '../../../../components/CardTable';
import { confirm } from '../../../../components/ConfirmDialog';
import { notify, showApiFailure } from '../../../../lib/toast';
import { trpc } from '../../../../trpc';
import { CustomerEmailState, notifyRetried } from '../CustomerEmailState';

/** Where staff restock: the hint that a Sold Out product's waitlist hears of it only once it is Active. */
export function WaitlistRestockHint({
  product,
  change,
  waiting,
}: {
  product: StockedProduct;
  change: number;
  waiting: number;
}) {
  const hint = waitlistRestockHint(product, change, waiting);
  return hint ? (
    <p className="alert alert-info waitlist-restock-hint" role="note">
      {hint}
    </p>
  ) : null;
}

/**
 * A product's waitlist in the product modal: how many were not told yet, and each entry in the order they
 * joined with its back-in-stock e-mail's state (as the order page shows an order's e-mails, Retry included);
 * staff can remove an entry. Told means the e-mail went out, not that it was written.
 */
export function WaitlistPanel({ product }: { product: StockedProduct & { productId: number } }) {
  const { productId } = product;
  const id = useId();
  const queryClient = useQueryClient();
  const options = trpc.waitlist.forProduct.queryOptions({ productId });
  const waitlist = useQuery(options);
  const remove = useMutation(
    trpc.waitlist.remove.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(options.queryKey, answer);
        notify.success('Removed from the waitlist.');
      },
      onError: showApiFailure,
    }),
  );
  const retry = useMutation(
    trpc.waitlist.retryNotice.mutationOptions({
      onSuccess: (answer, { emailId }) => {
        queryClient.setQueryData(options.queryKey, answer);
        notifyRetried(answer.entries.find((e) => e.notice?.emailId === emailId)?.notice);
      },
      onError: showApiFailure,
    }),
  );
  const entries = waitlist.data?.entries ?? [];
  // Still to be told: no back-in-stock e-mail written for them yet (the server's waitlist.waiting counts the same).
  const unwritten = entries.filter((e) => e.notice === null && e.toldTimestamp === null).length;
  return (
    <section aria-labelledby={`${id}-title`} className="product-waitlist" data-testid="product-waitlist">
      <h3 id={`${id}-title`} style={{ fontSize: '1rem' }}>
        Waitlist{waitlist.data ? `: ${waitlist.data.waiting} waiting` : ''}
      </h3>
      <WaitlistRestockHint product={product} change={0} waiting={unwritten} />
      {waitlist.isLoading ? <p>Loading...</p> : null}
      {waitlist.isError ? (
        <p className="text-danger" role="alert">
          The waitlist could not be loaded.
        </p>
      ) : null}
      {waitlist.data && entries.length === 0 ? (
        <p className="text-muted">Nobody has asked to hear when this product is back.</p>
      ) : null}
      {entries.length > 0 ? (
        <div className="table-wrap">
          <table className="table table-sm">
            <TableHead columns={['Email', 'Qty.', 'Joined', 'Back-in-stock e-mail', hidden('Remove')]} />
            <tbody>
              {entries.map((e) => (
                <WaitlistRow key={e.waitlistEntryId} entry={e} remove={remove} retry={retry} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** One who waits: their address, how many they asked for, when they joined, and their e-mail's state. */
function WaitlistRow({
  entry: e,
  remove,
  retry,
}: {
  entry: WaitlistEntry;
  remove: { mutate: (input: { waitlistEntryId: number }) => void; isPending: boolean };
  retry: { mutate: (input: { emailId: number }) => void; isPending: boolean };
}) {
  return (
    <tr>
      <td style={{ overflowWrap: 'anywhere' }}>{e.email}</td>
      <td>{e.quantity}</td>
      <td>{e.displayJoinedTimestamp}</td>
      <td data-testid="waitlist-notice">
        {e.notice ? (
          <CustomerEmailState
            email={e.notice}
            retrying={retry.isPending}
            onRetry={(emailId) => retry.mutate({ emailId })}
          />
        ) : e.displayToldTimestamp ? (
          `Told ${e.displayToldTimestamp}`
        ) : (
          'Not written yet: waiting for the product to be back'
        )}
      </td>
      <td>
        <button
          type="button"
          className="btn btn-sm btn-default"
          aria-label={`Remove ${e.email} from the waitlist`}
          disabled={remove.isPending}
          onClick={async () => {
            if (await confirm(`Remove ${e.email} from the waitlist?`, { tone: 'danger' })) {
              remove.mutate({ waitlistEntryId: e.waitlistEntryId });
            }
          }}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}
