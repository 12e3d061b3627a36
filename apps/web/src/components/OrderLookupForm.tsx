import { LOOKUP_BLANK_ORDER_NUMBER } from '@nursery/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useRef, useState } from 'react';
import { publicQuery } from '../lib/publicApi';
import { useSingleFlight } from '../lib/singleFlight';
import { dismissToast, failureFacts, notify } from '../lib/toast';
import { useTypedBeforeAdoption } from '../lib/typedBeforeAdoption';
import { readOrderCopy } from '../routes/OrderView/orderCopy';
import { shopIsDown } from '../serviceWorker/cacheRules';
import { BusyLabel } from './BusyLabel';
import { bindText, Field } from './Field';

const LOOKUP_FAILURE_TOAST = 'order-lookup';

/**
 * Order number and phone number; the order is fetched first, so a wrong pair keeps the visitor
 * on the form with the server's message instead of opening an empty order page. When the shop cannot be
 * reached (the yard's signal), an order kept on this phone opens from its copy, as its own address does.
 */
export function OrderLookupForm({ initialOrderId = '' }: { initialOrderId?: string }) {
  const id = useId();
  const [orderId, setOrderId] = useState(initialOrderId);
  const [phoneNumber, setPhoneNumber] = useState('');
  const [validating, setValidating] = useState(false);
  const [blankMessage, setBlankMessage] = useState(false);
  const once = useSingleFlight();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const orderInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);

  useTypedBeforeAdoption(orderInput, orderId, setOrderId);
  useTypedBeforeAdoption(phoneInput, phoneNumber, setPhoneNumber);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    once(async () => {
      const trimmedId = orderId.trim();
      const phone = phoneNumber.trim();
      setBlankMessage(trimmedId === '');
      setValidating(true);
      try {
        const order = await queryClient.fetchQuery({
          ...publicQuery('orders.byId', { orderId: trimmedId, phoneNumber: phone }),
          staleTime: 0,
          retry: false,
        });
        // The earlier wrong number's error stays until closed; on the found order's page it is no longer true.
        dismissToast(LOOKUP_FAILURE_TOAST);
        await navigate({
          to: '/Order/$orderId/{-$phoneNumber}',
          params: { orderId: String(order.orderId), phoneNumber: phone },
        });
      } catch (error) {
        const { status, message } = failureFacts(error);
        const unanswered = status === 0 || (status !== null && shopIsDown(status));
        if (unanswered && /^\d+$/.test(trimmedId) && (await readOrderCopy(Number(trimmedId), phone))) {
          dismissToast(LOOKUP_FAILURE_TOAST);
          await navigate({
            to: '/Order/$orderId/{-$phoneNumber}',
            params: { orderId: trimmedId, phoneNumber: phone },
          });
          return;
        }
        if (!(trimmedId === '' && message === LOOKUP_BLANK_ORDER_NUMBER)) {
          notify.error(message || 'We could not look up that order. Please try again.', {
            id: LOOKUP_FAILURE_TOAST,
          });
        }
      } finally {
        setValidating(false);
      }
    });
  };

  return (
    // Sent by the browser itself before the app has taken the page over: /Order?id=..&phone=.. opens the order.
    <form
      className="order-lookup-form"
      action="/Order"
      method="get"
      onSubmit={onSubmit}
      noValidate
      aria-busy={validating}
    >
      <Field id={`${id}-order`} label="Order number">
        <input
          ref={orderInput}
          id={`${id}-order`}
          name="id"
          inputMode="numeric"
          autoComplete="off"
          {...bindText(orderId, setOrderId)}
          aria-invalid={blankMessage ? true : undefined}
          aria-describedby={blankMessage ? `${id}-blank` : undefined}
        />
        {blankMessage ? (
          <p className="form-error" id={`${id}-blank`} role="alert">
            {LOOKUP_BLANK_ORDER_NUMBER}
          </p>
        ) : null}
      </Field>
      <Field id={`${id}-phone`} label="Phone number used on the order">
        <input
          ref={phoneInput}
          id={`${id}-phone`}
          name="phone"
          type="tel"
          autoComplete="tel"
          {...bindText(phoneNumber, setPhoneNumber)}
        />
      </Field>
      <button type="submit" className="btn btn-primary" aria-disabled={validating ? true : undefined}>
        <BusyLabel busy={validating} busyText="Validating">
          Look Up Order
        </BusyLabel>
      </button>
    </form>
  );
}
