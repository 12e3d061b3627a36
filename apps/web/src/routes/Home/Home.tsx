import { Link } from '@tanstack/react-router';
import { Carousel } from '../../components/Carousel';
import { OrderLookupForm } from '../../components/OrderLookupForm';
import { useProducts, useSiteConfig, useStorefrontSettings } from '../../lib/site';
import { HOME_SLIDES } from './homeSlides';

export function Home() {
  const config = useSiteConfig();
  const { pdfLocation } = useStorefrontSettings();
  // The product list is fetched as soon as the shop opens, so the Products page shows at once.
  useProducts();
  const shopName = config.data?.shop.name ?? 'our nursery';

  return (
    <div className="home">
      <Carousel slides={HOME_SLIDES} />
      <div className="container">
        <section className="welcome" aria-labelledby="welcome-heading">
          <h1 id="welcome-heading">Welcome to {shopName}</h1>
          <p className="lead">
            We are a small family nursery growing bare-root trees and transplants, native shrubs and seed for
            landowners, conservation plantings, windbreaks and backyards. Browse the catalogue, fill your cart
            and send us your order: no payment is taken online, and we confirm every order by e-mail before
            pick-up in spring.
          </p>
          {pdfLocation ? (
            <p>
              <a className="btn btn-outline" href={pdfLocation} target="_blank" rel="noopener noreferrer">
                Download this season's flyer (PDF)
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
        </section>

        <div className="home-panels">
          <section className="panel home-panel" aria-labelledby="panel-products">
            <div className="panel-body">
              <h2 id="panel-products">Shop our plants</h2>
              <p>
                Deciduous and conifer seedlings, fruit trees, shrubs, native seed and tree tubes, with better
                prices the more you plant.
              </p>
              <Link to="/Products" className="btn btn-primary">
                Browse Products
              </Link>
            </div>
          </section>
          <section className="panel home-panel" aria-labelledby="panel-lookup">
            <div className="panel-body">
              <h2 id="panel-lookup">Check on your order</h2>
              <p>
                Enter your order number and the phone number you ordered with to see what you ordered and your
                totals.
              </p>
              {/* Both at once: asking for the number alone sprang the phone on a second page. */}
              <OrderLookupForm />
            </div>
          </section>
          <section className="panel home-panel" aria-labelledby="panel-contact">
            <div className="panel-body">
              <h2 id="panel-contact">Questions?</h2>
              <p>
                Not sure what will grow on your land, or how many trees you need? Send us a note or find
                directions to the nursery.
              </p>
              <Link to="/Contact" className="btn btn-info">
                Contact Us
              </Link>
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
