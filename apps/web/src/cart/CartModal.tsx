import {
  checkoutGate,
  DEFAULT_TAX_RATE_BASIS_POINTS,
  formatMoney,
  isOrderableOnline,
  ORDERING_CLOSED_CHECKOUT,
  ORDERING_CLOSED_TITLE,
  orderTotals,
  priceLine,
  validateOrderDetails,
} from '@nursery/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { Modal } from '../components/Modal';
import { PriceTable } from '../components/PriceTable';
import { ProductImage } from '../components/ProductImage';
import { publicMutation, publicPathKey, publicQueryKey } from '../lib/publicApi';
import { useSingleFlight } from '../lib/singleFlight';
import { useProducts, useSiteConfig, useStorefrontSettings } from '../lib/site';
import { clearToasts, dismissToast, notify, PERSISTENT, showApiFailure } from '../lib/toast';
import type { StorefrontProduct } from '../storefront/types';
import {
  type CartEntry,
  cartLines,
  clearOrderDetails,
  goToStep,
  type OrderableCheck,
  type OrderDetailsDraft,
  orderLinesOf,
  orderPlaced,
  setOrderDetails,
  startSaving,
  stopSaving,
  totalQuantity,
} from './cartState';
import { getCartState, rememberOrderDetails, updateCart, useCartState } from './cartStore';
import { checkoutHistoryLeft } from './checkoutHistory';
import { QuantityInput } from './QuantityInput';
import { useCartActions } from './useCartActions';

const VALIDATION_TOAST_ID = 'order-validation';
const GATE_TOAST_ID = 'checkout-gate';

interface PricedCartLine {
  entry: CartEntry;
  product: StorefrontProduct | undefined;
  subtotalCents: number | null;
}

function priceCart(
  lines: readonly CartEntry[],
  byId: ReadonlyMap<number, StorefrontProduct>,
): PricedCartLine[] {
  return lines.map((entry) => {
    const product = byId.get(entry.productId);
    const priced = product && entry.cartQuantity > 0 ? priceLine(product.prices, entry.cartQuantity) : null;
    return { entry, product, subtotalCents: priced ? priced.subtotalCents : null };
  });
}

function orderInput(details: OrderDetailsDraft, cart: Record<string, CartEntry>, orderable: OrderableCheck) {
  const firstName = details.firstName.trim();
  const lastName = details.lastName.trim();
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`.trim(),
    email: details.email.trim(),
    confirmEmail: details.confirmEmail.trim(),
    phoneNumber: details.phoneNumber.trim(),
    workPhoneNumber: details.workPhoneNumber.trim() || null,
    comments: details.comments.trim() || null,
    orderProductXrefs: orderLinesOf(cart, orderable),
  };
}

/** The cart in three steps: products, order details, confirmation. */
export function CartModal() {
  const showingCart = useCartState((s) => s.showingCart);
  const featuredProductId = useCartState((s) => s.featuredProductId);
  const step = useCartState((s) => s.step);
  const saving = useCartState((s) => s.saving);
  const cart = useCartState((s) => s.cart);
  const details = useCartState((s) => s.orderDetails);
  const actions = useCartActions();
  const { ordersAreClosed } = useStorefrontSettings();
  const config = useSiteConfig();
  const products = useProducts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const submit = useMutation(publicMutation('orders.submit'));
  const once = useSingleFlight();
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<string>>(new Set());

  const taxRate = config.data?.taxRateBasisPoints ?? DEFAULT_TAX_RATE_BASIS_POINTS;
  const byId = useMemo(
    () => new Map((products.data ?? []).map((p) => [p.productId, p] as const)),
    [products.data],
  );
  const allLines = useMemo(() => priceCart(cartLines(cart), byId), [cart, byId]);
  const orderable = useCallback<OrderableCheck>(
    (productId) => {
      // Before the list has loaded nothing is known to be unavailable; the server still checks.
      if (!products.data) return true;
      const product = byId.get(productId);
      return product !== undefined && isOrderableOnline(product.productStatus);
    },
    [byId, products.data],
  );
  const orderedLines = allLines.filter((l) => l.entry.cartQuantity > 0 && orderable(l.entry.productId));
  const shownLines =
    featuredProductId !== null ? allLines.filter((l) => l.entry.productId === featuredProductId) : allLines;
  // Only what will be ordered counts: a sold-out line's price is not part of the total.
  const totals = orderTotals(
    orderedLines
      .filter((l) => l.subtotalCents !== null)
      .map((l) => ({ subtotalCents: l.subtotalCents ?? 0 })),
    taxRate,
    false,
  );
  const quantity = totalQuantity(cart, orderable);

  const title =
    step === 'details'
      ? 'Order Details'
      : step === 'confirm'
        ? 'Confirm Order'
        : featuredProductId !== null
          ? 'Adding Product to Cart'
          : 'Viewing Cart';

  const checkout = () => {
    const blocked = checkoutGate({ totalQuantity: quantity, ordersAreClosed });
    if (blocked === ORDERING_CLOSED_CHECKOUT) {
      notify.warning(blocked, { duration: PERSISTENT, id: GATE_TOAST_ID });
      return;
    }
    if (blocked) {
      notify.warning(blocked, { id: GATE_TOAST_ID });
      return;
    }
    dismissToast(GATE_TOAST_ID);
    updateCart((s) => goToStep(s, 'details'));
  };

  /** Every message at once in one notification; nothing advances while any remains. */
  const validate = (): boolean => {
    const current = getCartState();
    const input = orderInput(current.orderDetails, current.cart, orderable);
    const errors = validateOrderDetails(input);
    const fields = new Set<string>();
    if (!input.firstName) fields.add('firstName');
    if (!input.lastName) fields.add('lastName');
    if (!input.email) fields.add('email');
    if (!input.confirmEmail || input.email.toLowerCase() !== input.confirmEmail.toLowerCase()) {
      fields.add('confirmEmail');
    }
    if (!input.phoneNumber) fields.add('phoneNumber');
    setInvalidFields(errors.length > 0 ? fields : new Set());
    if (errors.length > 0) {
      notify.error(errors.join('\n'), { id: VALIDATION_TOAST_ID });
      return false;
    }
    dismissToast(VALIDATION_TOAST_ID);
    return true;
  };

  const toConfirmation = (event?: FormEvent) => {
    event?.preventDefault();
    if (validate()) updateCart((s) => goToStep(s, 'confirm'));
  };

  const placeOrder = () => {
    if (getCartState().saving) return;
    once(async () => {
      if (!validate()) return;
      updateCart(startSaving);
      const current = getCartState();
      const input = orderInput(current.orderDetails, current.cart, orderable);
      try {
        const answer = await submit.mutateAsync(input);
        rememberOrderDetails(getCartState());
        updateCart(orderPlaced);
        clearToasts();
        queryClient.setQueryData(
          // The same input the order view will ask with, so it opens from this answer without a request.
          publicQueryKey('orders.byId', { orderId: String(answer.orderId), phoneNumber: answer.phoneNumber }),
          answer.order,
        );
        // Stock and sold-out states may have changed with this order.
        void queryClient.invalidateQueries({ queryKey: publicPathKey('catalog.productsToShow') });
        // The checkout's history entries go first, so Back from the order page returns to the shop, not to a
        // confirmation of an order already placed.
        await checkoutHistoryLeft();
        await navigate({
          to: '/Order/$orderId/{-$phoneNumber}',
          params: { orderId: String(answer.orderId), phoneNumber: answer.phoneNumber },
        });
      } catch (error) {
        updateCart(stopSaving);
        showApiFailure(error);
        // A refusal often means a product sold out meanwhile: the fresh list marks that line in the cart.
        void queryClient.invalidateQueries({ queryKey: publicPathKey('catalog.productsToShow') });
      }
    });
  };

  const field = (name: keyof OrderDetailsDraft) => ({
    id: `order-${name}`,
    name,
    className: 'form-control',
    value: details[name],
    disabled: saving,
    'aria-invalid': invalidFields.has(name) ? true : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      updateCart((s) => setOrderDetails(s, { [name]: value }));
    },
  });

  let body: React.ReactNode;
  let footer: React.ReactNode;

  if (step === 'products') {
    body = (
      <>
        {ordersAreClosed && featuredProductId === null ? (
          <p className="alert alert-warning">
            Online ordering is closed right now. Your cart is kept on this device, so you can place the order
            when we reopen.
          </p>
        ) : null}
        {shownLines.length === 0 ? (
          <div className="cart-empty">
            <p>Your cart is empty.</p>
            <p className="text-muted">
              Browse our trees, shrubs and seeds and use <strong>Add to Cart</strong> on any product.
            </p>
          </div>
        ) : (
          <ul className="cart-lines" aria-label="Products in your cart">
            {shownLines.map((line, index) => (
              <CartLine
                key={line.entry.productId}
                line={line}
                saving={saving}
                autoFocus={featuredProductId !== null && index === 0}
                onQuantity={(q) => actions.setQuantity(line.entry.productId, q)}
                onStep={(d) => actions.step(line.entry.productId, d)}
                onRemove={() => actions.remove(line.entry.productId)}
              />
            ))}
          </ul>
        )}
        <CartTotals
          subtotalCents={totals.subtotalCents}
          taxCents={totals.taxCents}
          totalCents={totals.totalCents}
          taxRate={taxRate}
        />
      </>
    );
    footer =
      featuredProductId !== null ? (
        <>
          <button type="button" className="btn btn-info" onClick={actions.viewCart}>
            View Cart
          </button>
          <button type="button" className="btn btn-secondary" onClick={actions.hide}>
            Close
          </button>
        </>
      ) : (
        <>
          <button type="button" className="btn btn-secondary" onClick={actions.hide}>
            Close
          </button>
          <button
            type="button"
            className={`btn ${ordersAreClosed ? 'btn-warning' : 'btn-success'}`}
            onClick={checkout}
            title={ordersAreClosed ? ORDERING_CLOSED_TITLE : 'Enter your details to place the order'}
          >
            Checkout
          </button>
        </>
      );
  } else if (step === 'details') {
    body = (
      <form id="order-details-form" className="order-details-form" onSubmit={toConfirmation} noValidate>
        <p className="text-muted">
          No payment is taken online. We use these details to confirm your order and arrange pick-up.
        </p>
        <div className="form-row">
          <div className="form-group">
            <label className="form-label" htmlFor="order-firstName">
              First name
            </label>
            <input {...field('firstName')} autoComplete="given-name" data-autofocus />
          </div>
          <div className="form-group">
            <label className="form-label" htmlFor="order-lastName">
              Last name
            </label>
            <input {...field('lastName')} autoComplete="family-name" />
          </div>
        </div>
        <div className="form-row">
          <div className="form-group">
            <label className="form-label" htmlFor="order-email">
              Email
            </label>
            <input {...field('email')} type="email" autoComplete="email" />
          </div>
          <div className="form-group">
            <label className="form-label" htmlFor="order-confirmEmail">
              Confirm email
            </label>
            <input {...field('confirmEmail')} type="email" autoComplete="email" />
          </div>
        </div>
        <div className="form-row">
          <div className="form-group">
            <label className="form-label" htmlFor="order-phoneNumber">
              Phone number
            </label>
            <input {...field('phoneNumber')} type="tel" autoComplete="tel" />
          </div>
          <div className="form-group">
            <label className="form-label" htmlFor="order-workPhoneNumber">
              Work phone <span className="text-muted">(optional)</span>
            </label>
            <input {...field('workPhoneNumber')} type="tel" autoComplete="tel" />
          </div>
        </div>
        <div className="form-group">
          <label className="form-label" htmlFor="order-comments">
            Comments <span className="text-muted">(optional)</span>
          </label>
          <textarea {...field('comments')} rows={3} />
        </div>
      </form>
    );
    footer = (
      <>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => updateCart((s) => goToStep(s, 'products'))}
        >
          Go Back
        </button>
        <button
          type="button"
          className="btn btn-warning"
          onClick={() => {
            setInvalidFields(new Set());
            updateCart(clearOrderDetails);
          }}
        >
          Clear
        </button>
        <button type="submit" form="order-details-form" className="btn btn-primary">
          Continue
        </button>
      </>
    );
  } else {
    const input = orderInput(details, cart, orderable);
    body = (
      <div className="order-confirm">
        <div className="alert alert-info" role="note">
          By placing this order you are committing to purchase the items below. We will send you an e-mail
          within 24 hours to confirm your order and arrange pick-up. No payment is taken online.
        </div>
        <dl className="details-list">
          <dt>Name</dt>
          <dd>{input.name}</dd>
          <dt>Email</dt>
          <dd>{input.email}</dd>
          <dt>Phone</dt>
          <dd>{input.phoneNumber}</dd>
          {input.workPhoneNumber ? (
            <>
              <dt>Work phone</dt>
              <dd>{input.workPhoneNumber}</dd>
            </>
          ) : null}
          {input.comments ? (
            <>
              <dt>Comments</dt>
              <dd className="pre-line">{input.comments}</dd>
            </>
          ) : null}
        </dl>
        <div className="table-wrap">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="num">
                  Qty
                </th>
                <th scope="col" className="num">
                  Subtotal
                </th>
              </tr>
            </thead>
            <tbody>
              {orderedLines.map((l) => (
                <tr key={l.entry.productId}>
                  <td>
                    {l.product?.name ?? `Product ${l.entry.productId}`}
                    {l.product?.productSize ? (
                      <span className="text-muted"> · {l.product.productSize}</span>
                    ) : null}
                  </td>
                  <td className="num">{l.entry.cartQuantity}</td>
                  <td className="num">{l.subtotalCents === null ? '—' : formatMoney(l.subtotalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <CartTotals
          subtotalCents={totals.subtotalCents}
          taxCents={totals.taxCents}
          totalCents={totals.totalCents}
          taxRate={taxRate}
        />
      </div>
    );
    footer = (
      <>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={saving}
          onClick={() => updateCart((s) => goToStep(s, 'details'))}
        >
          Go Back
        </button>
        <button
          type="button"
          className="btn btn-success"
          onClick={placeOrder}
          aria-disabled={saving ? true : undefined}
          aria-live="polite"
          data-autofocus
        >
          {saving ? (
            <>
              <span className="spinner" aria-hidden="true" /> Submitting
            </>
          ) : (
            'Submit Order'
          )}
        </button>
      </>
    );
  }

  return (
    <Modal
      open={showingCart}
      onClose={actions.hide}
      canClose={!saving}
      title={title}
      footer={footer}
      size="lg"
      testId="cart-modal"
    >
      <ol className="checkout-steps" aria-label="Checkout steps">
        {(['products', 'details', 'confirm'] as const).map((s, i) => (
          <li
            key={s}
            className={s === step ? 'is-current' : undefined}
            aria-current={s === step ? 'step' : undefined}
          >
            <span className="checkout-step-number">{i + 1}</span>
            {s === 'products' ? 'Cart' : s === 'details' ? 'Details' : 'Confirm'}
          </li>
        ))}
      </ol>
      {body}
    </Modal>
  );
}

function CartLine({
  line,
  saving,
  autoFocus,
  onQuantity,
  onStep,
  onRemove,
}: {
  line: PricedCartLine;
  saving: boolean;
  autoFocus: boolean;
  onQuantity: (q: number) => void;
  onStep: (d: 1 | -1) => void;
  onRemove: () => void;
}) {
  const { entry, product } = line;
  if (!product) {
    return (
      <li className="cart-line cart-line-missing">
        <div className="cart-line-info">
          <strong>A product that is no longer offered</strong>
          <p className="text-muted mb-0">It will not be part of your order.</p>
        </div>
        <button type="button" className="btn btn-sm btn-danger" onClick={onRemove} disabled={saving}>
          Remove
        </button>
      </li>
    );
  }
  const orderable = isOrderableOnline(product.productStatus);
  return (
    <li className="cart-line" data-product-id={product.productId}>
      <ProductImage product={product} size={72} className="cart-line-image" eager />
      <div className="cart-line-info">
        <div className="cart-line-name">
          <strong>{product.name}</strong>
          {product.productSize ? <span className="text-muted"> · {product.productSize}</span> : null}
        </div>
        <div className="text-muted cart-line-type">{product.productType}</div>
        {!orderable ? (
          <p className="form-error mb-0">
            {product.displayProductStatus}: this product cannot be ordered online, so it is not part of your
            order.
          </p>
        ) : null}
        <PriceTable prices={product.prices} quantity={entry.cartQuantity} productName={product.name} />
      </div>
      <div className="cart-line-controls">
        <QuantityInput
          productName={product.name}
          quantity={entry.cartQuantity}
          onChange={onQuantity}
          onStep={onStep}
          withButtons
          disabled={saving}
          autoFocus={autoFocus}
        />
        <div className="cart-line-subtotal" aria-live="polite">
          {!orderable ? (
            <span className="text-muted">—</span>
          ) : line.subtotalCents === null ? (
            <span className="text-muted">{entry.cartQuantity > 0 ? 'No price for this quantity' : '—'}</span>
          ) : (
            formatMoney(line.subtotalCents)
          )}
        </div>
        <button
          type="button"
          className="btn btn-sm btn-link"
          onClick={onRemove}
          disabled={saving}
          aria-label={`Remove ${product.name} from cart`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

function CartTotals({
  subtotalCents,
  taxCents,
  totalCents,
  taxRate,
}: {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  taxRate: number;
}) {
  return (
    <dl className="cart-totals" aria-label="Order totals">
      <div>
        <dt>Subtotal</dt>
        <dd data-testid="cart-subtotal">{formatMoney(subtotalCents)}</dd>
      </div>
      <div>
        <dt>Tax ({(taxRate / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%)</dt>
        <dd data-testid="cart-tax">{formatMoney(taxCents)}</dd>
      </div>
      <div className="cart-total">
        <dt>Total</dt>
        <dd data-testid="cart-total">{formatMoney(totalCents)}</dd>
      </div>
    </dl>
  );
}
