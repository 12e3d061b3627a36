import {
  formatDateTime,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_MEANINGS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { useShopTimeZone } from '../../../lib/site';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { SecretShownOnce } from './SecretShownOnce';
import { DELIVERY_STATUS_TEXT, removeEndpointQuestion, WEBHOOK_SECRET_SHOWN_ONCE } from './webhookTexts';
import './integrations.css';
import { CardTable } from '../../../components/CardTable';
import { Loaded } from '../../../components/Loaded';
import { SmallButton } from '../../../components/SmallButton';
import { AddField, AddForm, useAddWithSecret } from './AddForm';

const ADD = ['Add Endpoint', 'Adding...'] as const;

/**
 * Settings → Integrations → Webhooks: addresses that hear of the shop's events as they happen
 * (docs/integrations.md). Staff add one and see its signing secret once, see each delivery with its outcome,
 * redeliver one, send a test event, pause or turn an endpoint back on, and remove it.
 */
export function WebhooksSection() {
  const queryClient = useQueryClient();
  const timeZone = useShopTimeZone();
  const endpoints = useQuery(trpc.webhooks.endpoints.queryOptions());
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const { add, created, done } = useAddWithSecret(trpc.webhooks.add.mutationOptions(), () => {
    setUrl('');
    setDescription('');
    void refresh();
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
        <AddForm className="webhook-add" mutation={add} input={{ url, description, events }} action={ADD}>
          <div className="integration-add">
            <AddField
              id="webhook-url"
              label="Endpoint address"
              type="url"
              state={[url, setUrl]}
              maxLength={WEBHOOK_URL_MAX_LENGTH}
              placeholder="https://books.example.com/hooks/nursery"
            />
            <AddField
              id="webhook-description"
              label="Endpoint description"
              state={[description, setDescription]}
              maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
              placeholder="Bookkeeping"
            />
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
        </AddForm>

        {created ? (
          <SecretShownOnce
            id="webhook"
            title={`Signing secret of ${created.endpoint.url}`}
            warning={WEBHOOK_SECRET_SHOWN_ONCE}
            label="Signing secret"
            secret={created.secret}
            onDone={done}
          />
        ) : null}

        <Loaded query={endpoints} what="The webhook endpoints" empty="No webhook endpoints yet.">
          {(list) =>
            list.map((endpoint) => (
              <EndpointCard
                key={endpoint.endpointId}
                endpoint={endpoint}
                timeZone={timeZone}
                onChange={refresh}
              />
            ))
          }
        </Loaded>
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
        <SmallButton
          tone="secondary"
          disabled={sendTest.isPending}
          onClick={() => sendTest.mutate({ endpointId: endpoint.endpointId })}
        >
          {sendTest.isPending ? 'Sending...' : 'Send test event'}
        </SmallButton>
        <SmallButton tone="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide deliveries' : 'Show deliveries'}
        </SmallButton>
        <SmallButton
          tone="secondary"
          disabled={setEnabled.isPending}
          onClick={() => setEnabled.mutate({ endpointId: endpoint.endpointId, enabled: off })}
        >
          {off ? 'Turn on' : 'Pause'}
        </SmallButton>
        <ConfirmButton
          disabled={remove.isPending}
          question={removeEndpointQuestion(endpoint.url)}
          title="Remove webhook endpoint"
          confirmText="Remove"
          onConfirm={() => remove.mutate({ endpointId: endpoint.endpointId })}
        >
          Remove
        </ConfirmButton>
      </div>
      {open ? (
        <Loaded query={deliveries} what="The deliveries" empty="No deliveries yet.">
          {(list) => (
            <CardTable
              testId="webhook-deliveries"
              caption={`Deliveries to ${endpoint.url}`}
              columns={[
                'Event',
                'Time',
                'Status',
                'Answer code',
                'Attempts',
                'Answer',
                { label: <span className="visually-hidden">Actions</span> },
              ]}
            >
              {list.map((d) => (
                <DeliveryRow key={d.deliveryId} delivery={d} timeZone={timeZone} redeliver={redeliver} />
              ))}
            </CardTable>
          )}
        </Loaded>
      ) : null}
    </article>
  );
}

function DeliveryRow(props: {
  delivery: WebhookDelivery;
  timeZone: string;
  redeliver: { mutate: (input: { deliveryId: number }) => void; isPending: boolean };
}) {
  const { delivery: d, timeZone, redeliver } = props;
  return (
    <tr>
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
        <SmallButton
          tone="secondary"
          aria-label={`Redeliver ${d.eventType} ${d.deliveryId}`}
          disabled={redeliver.isPending}
          onClick={() => redeliver.mutate({ deliveryId: d.deliveryId })}
        >
          Redeliver
        </SmallButton>
      </td>
    </tr>
  );
}
