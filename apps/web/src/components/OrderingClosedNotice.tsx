import { ORDERING_CLOSED_NOTICE, ORDERING_CLOSED_TITLE } from '@nursery/domain';
import { Link } from '@tanstack/react-router';
import { useStorefrontSettings } from '../lib/site';

/**
 * On every storefront page while online ordering is closed: said before the customer fills a cart, not only
 * when Checkout refuses. Not while the settings are loading or could not be read.
 */
export function OrderingClosedNotice() {
  const { ordersAreClosed } = useStorefrontSettings();
  if (!ordersAreClosed) return null;
  return (
    <div className="ordering-closed-notice" data-testid="ordering-closed">
      <div className="container">
        <p className="mb-0">
          <strong>{ORDERING_CLOSED_TITLE}.</strong> {ORDERING_CLOSED_NOTICE}{' '}
          <Link to="/Contact">Contact us</Link>
        </p>
      </div>
    </div>
  );
}
