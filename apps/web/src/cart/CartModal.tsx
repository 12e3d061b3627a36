import { DEFAULT_TAX_RATE_BASIS_POINTS, isOrderableOnline } from '@nursery/domain';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Modal } from '../components/Modal';
import { useProducts, useSiteConfig, useStorefrontSettings } from '../lib/site';
import { ConfirmStep, ConfirmStepFooter } from './ConfirmStep';
import type { OrderableCheck } from './cartState';
import { useCartState } from './cartStore';
import { cartSummary, orderInput } from './checkout';
import { DetailsStep, DetailsStepFooter } from './DetailsStep';
import { ProductsStep, ProductsStepFooter } from './ProductsStep';
import { useCartActions } from './useCartActions';
import { useCheckout } from './useCheckout';
import { useOpenPickUpDays } from './usePickUpDays';

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
  const pickUpDays = useOpenPickUpDays(showingCart);

  const taxRate = config.data?.taxRateBasisPoints ?? DEFAULT_TAX_RATE_BASIS_POINTS;
  const byId = useMemo(
    () => new Map((products.data ?? []).map((p) => [p.productId, p] as const)),
    [products.data],
  );
  const orderable = useCallback<OrderableCheck>(
    (productId) => {
      // Before the list has loaded nothing is known to be unavailable; the server still checks.
      if (!products.data) return true;
      const product = byId.get(productId);
      return product !== undefined && isOrderableOnline(product.productStatus);
    },
    [byId, products.data],
  );
  const { allLines, orderedLines, totals, quantity } = cartSummary(cart, byId, orderable, taxRate);
  const shownLines =
    featuredProductId !== null ? allLines.filter((l) => l.entry.productId === featuredProductId) : allLines;
  const flow = useCheckout({
    quantity,
    ordersAreClosed,
    orderable,
    pickUpDays: pickUpDays.data,
    refreshPickUpDays: () => void pickUpDays.refetch(),
  });

  // Each step gives the keyboard a place to start: the details their first field, the cart and the confirmation
  // their heading. Without it the focus stayed on a button of the step before (Clear took the Checkout button's
  // place, so a second Enter wiped the details) or fell out of the dialog.
  const stepsRef = useRef<HTMLOListElement>(null);
  const focusedStep = useRef(step);
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    const dialog = stepsRef.current?.closest<HTMLElement>('[role="dialog"]');
    if (!showingCart || !dialog) return;
    // Back from Confirm because the chosen day was refused: the day list is what needs the customer.
    const toDays = step === 'details' && flow.focusDayList.current;
    flow.focusDayList.current = false;
    const target = toDays
      ? dialog.querySelector<HTMLElement>('#pick-up-choice')
      : step === 'details'
        ? dialog.querySelector<HTMLElement>('#order-firstName')
        : dialog.querySelector<HTMLElement>('.modal-title');
    target?.focus();
  }, [step, showingCart, flow.focusDayList]);

  const title =
    step === 'details'
      ? 'Order Details'
      : step === 'confirm'
        ? 'Confirm Order'
        : featuredProductId !== null
          ? 'Adding Product to Cart'
          : 'Viewing Cart';

  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (step === 'products') {
    body = (
      <ProductsStep
        shownLines={shownLines}
        featuredProductId={featuredProductId}
        ordersAreClosed={ordersAreClosed}
        saving={saving}
        totals={totals}
        taxRate={taxRate}
        actions={actions}
      />
    );
    footer = (
      <ProductsStepFooter
        featuredProductId={featuredProductId}
        ordersAreClosed={ordersAreClosed}
        actions={actions}
        checkout={flow.checkout}
      />
    );
  } else if (step === 'details') {
    body = (
      <DetailsStep
        saving={saving}
        invalidFields={flow.invalidFields}
        errors={flow.detailsErrors}
        pickUpDays={pickUpDays.data ?? []}
        dayRefusal={flow.dayRefusal}
        onDayChosen={flow.clearDayRefusal}
        onSubmit={flow.toConfirmation}
      />
    );
    footer = <DetailsStepFooter clearInvalidFields={flow.clearInvalidFields} />;
  } else {
    body = (
      <ConfirmStep
        input={orderInput(details, cart, orderable)}
        orderedLines={orderedLines}
        totals={totals}
        taxRate={taxRate}
        pickUpDay={pickUpDays.data?.find((d) => String(d.pickUpDayId) === details.pickUpDayId)}
      />
    );
    footer = <ConfirmStepFooter saving={saving} placeOrder={flow.placeOrder} />;
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
      <ol className="checkout-steps" aria-label="Checkout steps" ref={stepsRef}>
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
