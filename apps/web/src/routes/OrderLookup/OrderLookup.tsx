import { getRouteApi } from '@tanstack/react-router';
import { OrderLookupForm } from '../../components/OrderLookupForm';

const routeApi = getRouteApi('/Order/Lookup/{-$orderId}');

export function OrderLookup() {
  const { orderId } = routeApi.useParams();
  return (
    <div className="container narrow-page">
      <header className="page-header">
        <h1>Look up your order</h1>
        <p className="lead">
          Enter your order number and the phone number you placed the order with. Any way of writing the phone
          number works.
        </p>
      </header>
      <section className="panel lookup-panel">
        <div className="panel-body">
          <OrderLookupForm key={orderId ?? ''} initialOrderId={orderId ?? ''} />
        </div>
      </section>
    </div>
  );
}
