import { callForAvailabilityMessage, ProductStatus, productSlug } from '@nursery/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, memo, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useCartState } from '../cart/cartStore';
import { QuantityInput } from '../cart/QuantityInput';
import { useCartActions } from '../cart/useCartActions';
import { LONG_WARNING_DURATION_MS, notify } from '../lib/toast';
import type { StorefrontProduct } from '../storefront/types';
import type { ZoneNote } from '../storefront/zoneNote';
import { CartIcon } from './CartIcon';
import { PriceTable } from './PriceTable';
import { ProductImage } from './ProductImage';

// Only a customer who asks to hear when a product is back loads the form (the first-load budget holds).
const WaitlistDialog = lazy(() => import('./WaitlistDialog').then((m) => ({ default: m.WaitlistDialog })));

/** The spec's pause before a dropdown closes when focus leaves it, so moving between items does not close it. */
export const DROPDOWN_CLOSE_DEBOUNCE_MS = 30;

export interface ProductCardProps {
  product: StorefrontProduct;
  showQuantityInput: boolean;
  /** The shop's phone number, quoted in the call-for-availability message. */
  phone: string;
  eagerImage?: boolean;
  /** On the product's own page the name is the page's heading; on the list it links to that page. */
  onPage?: boolean;
  /** How the product's zones meet the customer's zone, once they have set one. */
  zoneNote?: ZoneNote | null;
  /**
   * When set, the list's placeholder for a card not drawn yet: a box of this height holding only the product's linked
   * name, so find-in-page, a screen reader's headings and the keyboard still reach every product. The same
   * elements stay when the card is drawn, so a link with focus keeps it.
   */
  placeholderHeight?: number | undefined;
}

export const ProductCard = memo(function ProductCard({
  product,
  showQuantityInput,
  phone,
  eagerImage = false,
  onPage = false,
  zoneNote,
  placeholderHeight,
}: ProductCardProps) {
  const headingId = useId();
  const quantity = useCartState((s) => s.cart[product.productId]?.cartQuantity ?? 0);
  const actions = useCartActions();
  const navigate = useNavigate();
  const [waitlist, setWaitlist] = useState<boolean | null>(null);

  let control: React.ReactNode;
  if (product.isSoldOut) {
    control = (
      <button type="button" className="btn btn-secondary btn-block" disabled aria-describedby={headingId}>
        Sold Out
      </button>
    );
  } else if (product.isCallForAvailability) {
    control = (
      <button
        type="button"
        className="btn btn-info btn-block"
        aria-describedby={headingId}
        onClick={() =>
          notify.warning(callForAvailabilityMessage(phone), {
            duration: LONG_WARNING_DURATION_MS,
            id: 'call-for-availability',
            onClick: () => void navigate({ to: '/Contact' }),
          })
        }
      >
        Call for Availability
      </button>
    );
  } else {
    control = (
      <div className="product-cart-controls">
        {showQuantityInput ? (
          <QuantityInput
            productName={product.name}
            quantity={quantity}
            onChange={(q) => actions.setQuantity(product.productId, q)}
            onStep={(d) => actions.step(product.productId, d)}
            className="product-quantity"
          />
        ) : null}
        <CartMenuButton
          productName={product.name}
          quantity={quantity}
          soldOut={product.productStatus === ProductStatus.SoldOut}
          onAdd={() => {
            // Add to Cart adds one: a cart opened on a line of 0 asked the customer to add it a second time.
            if (quantity === 0) actions.setQuantity(product.productId, 1);
            actions.show(product.productId);
          }}
          onRemove={() => actions.remove(product.productId)}
          onView={() => actions.show(null)}
        />
      </div>
    );
  }

  const statusLabel =
    product.productStatus === ProductStatus.Active ? null : (
      <span
        className={`label ${
          product.isSoldOut ? 'label-warning' : product.isCallForAvailability ? 'label-info' : 'label-success'
        }`}
      >
        {product.displayProductStatus}
      </span>
    );

  if (product.isSoldOut || product.isCallForAvailability) {
    control = (
      <>
        {control}
        <button
          type="button"
          className="btn btn-link btn-block"
          aria-describedby={headingId}
          onClick={() => setWaitlist(true)}
        >
          Tell me when it's back
        </button>
        {waitlist === null ? null : (
          <Suspense fallback={null}>
            <WaitlistDialog product={product} open={waitlist} onClose={() => setWaitlist(false)} />
          </Suspense>
        )}
      </>
    );
  }

  const name = onPage ? (
    <h1 className="product-name" id={headingId}>
      {product.name}
    </h1>
  ) : (
    <h2 className="product-name" id={headingId}>
      <Link
        to="/Products/$productId/{-$slug}"
        params={{ productId: String(product.productId), slug: productSlug(product.name) }}
      >
        {product.name}
      </Link>
    </h2>
  );

  // Every child keeps its place whether drawn or not (null holds it), so the name's elements are the same.
  if (placeholderHeight !== undefined) {
    return (
      <article
        className="product-placeholder"
        style={{ height: placeholderHeight }}
        aria-labelledby={headingId}
        data-product-id={product.productId}
      >
        {null}
        <div className="product-body">
          {null}
          {name}
        </div>
        {null}
      </article>
    );
  }

  return (
    <article className="product-card" aria-labelledby={headingId} data-product-id={product.productId}>
      <figure className="product-figure">
        <ProductImage product={product} size={320} eager={eagerImage} />
        {product.hasImage && product.photoOwner ? (
          <figcaption className="photo-credit">
            Photo:{' '}
            {product.photoPageUrl ? (
              <a href={product.photoPageUrl} target="_blank" rel="noopener noreferrer nofollow">
                {product.photoOwner}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              product.photoOwner
            )}
          </figcaption>
        ) : null}
      </figure>
      <div className="product-body">
        <div className="product-meta">
          <span className="product-type">{product.productType}</span>
          {statusLabel}
        </div>
        {name}
        {product.species ? <p className="product-species">{product.species}</p> : null}
        <dl className="product-facts">
          <Fact term="Size" value={product.productSize} />
          <Fact term="Zones" value={product.zones} />
        </dl>
        {zoneNote ? <p className={`zone-note zone-note-${zoneNote.fit}`}>{zoneNote.text}</p> : null}
        {product.description ? <p className="product-description">{product.description}</p> : null}
        <PriceTable prices={product.prices} quantity={quantity} productName={product.name} />
      </div>
      <div className="product-actions">{control}</div>
    </article>
  );
});

/** The cart button of a card: shows the quantity in the cart and opens a small menu. */
function CartMenuButton({
  productName,
  quantity,
  soldOut,
  onAdd,
  onRemove,
  onView,
}: {
  productName: string;
  quantity: number;
  soldOut: boolean;
  onAdd: () => void;
  onRemove: () => void;
  onView: () => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | null>(null);

  // Below the button, where it covers nothing the customer is choosing by (the price tiers are above it);
  // above only when the page ends too soon under the button for the menu to fit.
  const [opensUp, setOpensUp] = useState(false);
  useLayoutEffect(() => {
    if (!open) return;
    const menu = rootRef.current?.querySelector<HTMLElement>('[role="menu"]');
    const button = buttonRef.current;
    if (!menu || !button) return;
    const below =
      document.documentElement.scrollHeight - (button.getBoundingClientRect().bottom + window.scrollY);
    const up = below < menu.offsetHeight + 8;
    setOpensUp(up);
    if (!up) menu.scrollIntoView({ block: 'nearest' });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  useEffect(
    () => () => {
      if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
    },
    [],
  );

  const choose = (action: () => void) => {
    setOpen(false);
    // The menu item disappears; the cart button is where focus returns after the cart closes.
    buttonRef.current?.focus();
    action();
  };

  const items: { label: string; action: () => void }[] = [];
  if (!soldOut) items.push({ label: 'Add to Cart', action: onAdd });
  if (!soldOut && quantity > 0) items.push({ label: 'Remove from Cart', action: onRemove });
  items.push({ label: 'View Cart', action: onView });

  const label = quantity > 0 ? `${quantity} in cart` : 'Add to Cart';

  const moveFocus = (delta: number) => {
    const all = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLElement);
    all[(at + delta + all.length) % all.length]?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus events bubble here from the button and menu items, to close the menu when focus leaves both.
    <div
      ref={rootRef}
      className="cart-menu"
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (rootRef.current?.contains(next)) return;
        closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DEBOUNCE_MS);
      }}
      onFocus={() => {
        if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`btn btn-block ${quantity > 0 ? 'btn-success' : 'btn-primary'}`}
        aria-haspopup="menu"
        // The name starts with the words on the button, so speech control ("click Add to Cart") finds it.
        aria-label={`${label}, ${productName}`}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <CartIcon size={18} wheels={false} />
        <span>{label}</span>
        <span aria-hidden="true" className="caret">
          ▾
        </span>
      </button>
      {open ? (
        <div
          className={`dropdown-menu${opensUp ? ' opens-up' : ''}`}
          role="menu"
          id={menuId}
          aria-label={`Cart options for ${productName}`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              setOpen(false);
              buttonRef.current?.focus();
            } else if (event.key === 'ArrowDown') {
              event.preventDefault();
              moveFocus(1);
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              moveFocus(-1);
            } else if (event.key === 'Tab') {
              setOpen(false);
            }
          }}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => choose(item.action)}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** One fact of the product's, left out where the catalogue has none. */
function Fact({ term, value }: { term: string; value: string | null | undefined }) {
  return value ? (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  ) : null;
}
