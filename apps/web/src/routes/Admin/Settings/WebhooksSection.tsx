import {
  formatDateTime,
  type NewWebhookEndpoint,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_MEANINGS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../../components/ConfirmDialog';
import { useSingleFlight } from '../../../lib/singleFlight';
import { useSiteConfig } from '../../../lib/site';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { SecretShownOnce } from './SecretShownOnce';
import { DELIVERY_STATUS_TEXT, removeEndpointQuestion, WEBHOOK_SECRET_SHOWN_ONCE } from './webhookTexts';
import './integrations.css';
import { LoadFailed } from '../../../components/LoadFailed';

/**
 * Settings → Integrations → Webhooks: addresses that hear of the shop's events as they happen
 * (docs/integrations.md). Staff add one and see its signing secret once, see each delivery with its outcome,
 * redeliver one, send a test event, pause or turn an endpoint back on, and remove it.
 */
export function WebhooksSection() {
  const queryClient = useQueryClient();
  const timeZone = useSiteConfig().data?.shop.timeZone ?? 'UTC';
  const endpoints = useQuery(trpc.webhooks.endpoints.queryOptions());
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  // The new endpoint's secret lives here only, until Done or leaving the screen: never in a query's cache.
  const [created, setCreated] = useState<NewWebhookEndpoint | null>(null);
  const once = useSingleFlight();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });

  const add = useMutation({
    ...trpc.webhooks.add.mutationOptions({
      onSuccess: (answer) => {
        setCreated(answer);
        setUrl('');
        setDescription('');
        void refresh();
      },
      onError: showApiFailure,
    }),
    // The answer holds the secret: it is not kept in the mutation cache once this screen lets it go.
    gcTime: 0,
  });

  return (
    <section className="card settings-integrations" aria-labelledby="settings-webhooks-title">
      <div className="card-body">
        <h2 id="settings-webhooks-title">Webhooks</h2>
        <p className="text-muted">
          Addresses that hear of orders, stock, products and messages as they happen, instead of asking every
          minute. Each delivery is signed (Standard Webhooks) and retried for about three days until the
          receiver answers.
        </p>
        <form
          className="webhook-add"
          onSubmit={(e) => {
            e.preventDefault();
            once(() => add.mutateAsync({ url, description, events }));
          }}
        >
          <div className="integration-add">
            <div className="integration-field">
              <label className="form-label" htmlFor="webhook-url">
                Endpoint address
              </label>
              <input
                id="webhook-url"
                className="form-control"
                type="url"
                value={url}
                maxLength={WEBHOOK_URL_MAX_LENGTH}
                onChange={(e) => setUrl(e.target.value)}
                placeholder="https://books.example.com/hooks/nursery"
                autoComplete="off"
              />
            </div>
            <div className="integration-field">
              <label className="form-label" htmlFor="webhook-description">
                Endpoint description
              </label>
              <input
                id="webhook-description"
                className="form-control"
                value={description}
                maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
                onChange={(e) => setDescription(e.target.value)}
                placeholder="Bookkeeping"
                autoComplete="off"
              />
            </div>
          </div>
          <fieldset className="webhook-events">
            <legend className="form-label">Events it receives</legend>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="webhook-event" title={WEBHOOK_EVENT_MEANINGS[type]}>
                <input
                  type="checkbox"
                  checked={events.includes(type)}
                  onChange={(e) =>
                    setEvents((now) =>
                      e.target.checked
                        ? WEBHOOK_EVENT_TYPES.filter((t) => t === type || now.includes(t))
                        : now.filter((t) => t !== type),
                    )
                  }
                />{' '}
                <code>{type}</code>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Endpoint'}
          </button>
        </form>

        {created ? (
          <SecretShownOnce
            id="webhook"
            title={`Signing secret of ${created.endpoint.url}`}
            warning={WEBHOOK_SECRET_SHOWN_ONCE}
            label="Signing secret"
            secret={created.secret}
            onDone={() => {
              setCreated(null);
              add.reset();
            }}
          />
        ) : null}

        {endpoints.isPending ? (
          <p>Loading...</p>
        ) : endpoints.isError ? (
          <LoadFailed what="The webhook endpoints" retry={() => endpoints.refetch()} />
        ) : endpoints.data.length === 0 ? (
          <p className="text-muted">No webhook endpoints yet.</p>
        ) : (
          endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.endpointId}
              endpoint={endpoint}
              timeZone={timeZone}
              onChange={refresh}
            />
          ))
        )}
      </div>
    </section>
  );
}

function endpointState(endpoint: WebhookEndpoint, timeZone: string): string {
  if (endpoint.disabledAt !== null) {
    return `Off since ${formatDateTime(endpoint.disabledAt, timeZone)}: ${endpoint.disabledReason ?? ''}`;
  }
  if (endpoint.failingSince !== null) {
    return `Receiving, but failing since ${formatDateTime(endpoint.failingSince, timeZone)}`;
  }
  return 'Receiving';
}

function EndpointCard(props: { endpoint: WebhookEndpoint; timeZone: string; onChange: () => Promise<void> }) {
  const { endpoint, timeZone, onChange } = props;
  const [open, setOpen] = useState(false);
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ endpointId: endpoint.endpointId, limit: 50 }),
    enabled: open,
    // While it is open the list follows the retries; opening it again reads it afresh.
    refetchInterval: open ? 15_000 : false,
    staleTime: 0,
  });
  const changed = () => void onChange();
  const sendTest = useMutation(
    trpc.webhooks.sendTest.mutationOptions({
      onSuccess: (delivery) => {
        if (delivery.status === 'delivered')
          notify.success(`The test event was delivered (${delivery.lastStatusCode}).`);
        else
          notify.warning(
            `The test event was not accepted: ${delivery.lastAnswer ?? delivery.lastStatusCode}.`,
          );
        setOpen(true);
        changed();
      },
      onError: showApiFailure,
    }),
  );
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: (delivery) => {
        if (delivery.status === 'delivered') notify.success(`Delivery ${delivery.deliveryId} was delivered.`);
        else notify.warning(`Delivery ${delivery.deliveryId} was not accepted; it will be retried.`);
        changed();
      },
      onError: showApiFailure,
    }),
  );
  const setEnabled = useMutation(
    trpc.webhooks.setEnabled.mutationOptions({ onSuccess: changed, onError: showApiFailure }),
  );
  const remove = useMutation(
    trpc.webhooks.remove.mutationOptions({
      onSuccess: (removed) => {
        notify.success(`${removed.url} is removed.`);
        changed();
      },
      onError: showApiFailure,
    }),
  );
  const off = endpoint.disabledAt !== null;
  const label = endpoint.description || endpoint.url;

  return (
    <article className="webhook-endpoint" aria-label={`Endpoint ${label}`} data-testid="webhook-endpoint">
      <h3>
        <code>{endpoint.url}</code>
        {endpoint.description ? <span className="text-muted"> ({endpoint.description})</span> : null}
      </h3>
      <p
        className={
          off ? 'alert alert-danger' : endpoint.failingSince !== null ? 'text-warning' : 'text-muted'
        }
      >
        {endpointState(endpoint, timeZone)}. {endpoint.pendingDeliveries} waiting. Events:{' '}
        {endpoint.events.join(', ')}.
      </p>
      <div className="webhook-actions">
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          disabled={sendTest.isPending}
          onClick={() => sendTest.mutate({ endpointId: endpoint.endpointId })}
        >
          {sendTest.isPending ? 'Sending...' : 'Send test event'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide deliveries' : 'Show deliveries'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          disabled={setEnabled.isPending}
          onClick={() => setEnabled.mutate({ endpointId: endpoint.endpointId, enabled: off })}
        >
          {off ? 'Turn on' : 'Pause'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-danger"
          disabled={remove.isPending}
          onClick={async () => {
            const yes = await confirm(removeEndpointQuestion(endpoint.url), {
              title: 'Remove webhook endpoint',
              confirmText: 'Remove',
              tone: 'danger',
            });
            if (yes) remove.mutate({ endpointId: endpoint.endpointId });
          }}
        >
          Remove
        </button>
      </div>
      {!open ? null : deliveries.isPending ? (
        <p>Loading...</p>
      ) : deliveries.isError ? (
        <LoadFailed what="The deliveries" retry={() => deliveries.refetch()} />
      ) : deliveries.data.length === 0 ? (
        <p className="text-muted">No deliveries yet.</p>
      ) : (
        <div className="table-cards">
          <div className="table-wrap">
            <table className="table" data-testid="webhook-deliveries">
              <caption className="visually-hidden">Deliveries to {endpoint.url}</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Time</th>
                  <th scope="col">Status</th>
                  <th scope="col">Answer code</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Answer</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.map((d) => (
                  <tr key={d.deliveryId}>
                    <td data-label="Event">
                      <code>{d.eventType}</code>
                      {d.orderId !== null ? ` (order ${d.orderId})` : ''}
                    </td>
                    <td data-label="Time">{formatDateTime(d.createdAt, timeZone)}</td>
                    <td data-label="Status">
                      {DELIVERY_STATUS_TEXT[d.status]}
                      {d.status === 'pending' && d.nextAttemptAt !== null && d.attempts > 0
                        ? `, next try ${formatDateTime(d.nextAttemptAt, timeZone)}`
                        : ''}
                    </td>
                    <td data-label="Answer code">{d.lastStatusCode ?? '-'}</td>
                    <td data-label="Attempts">{d.attempts}</td>
                    <td data-label="Answer" className="webhook-answer">
                      {d.lastAnswer ? <code>{d.lastAnswer.slice(0, 120)}</code> : '-'}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-sm btn-secondary"
                        aria-label={`Redeliver ${d.eventType} ${d.deliveryId}`}
                        disabled={redeliver.isPending}
                        onClick={() => redeliver.mutate({ deliveryId: d.deliveryId })}
                      >
                        Redeliver
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </article>
  );
}
