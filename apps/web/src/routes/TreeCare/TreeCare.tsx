import { Link } from '@tanstack/react-router';

export function TreeCare() {
  return (
    <div className="container narrow-page">
      <header className="page-header">
        <h1>Caring for your trees</h1>
        <p className="lead">
          Bare-root trees are alive but dormant when you pick them up. A little care in the first days decides
          how well they start.
        </p>
      </header>

      <div className="care-steps">
        <section className="panel care-step">
          <div className="panel-body">
            <span className="care-step-number" aria-hidden="true">
              1
            </span>
            <h2>Plant within 72 hours</h2>
            <p>
              Plan your planting day before you pick up your order, and get the trees into the ground within
              72 hours. The sooner they are planted, the better they take hold.
            </p>
          </div>
        </section>
        <section className="panel care-step">
          <div className="panel-body">
            <span className="care-step-number" aria-hidden="true">
              2
            </span>
            <h2>Keep the roots damp and the tops dry</h2>
            <p>
              Roots that dry out even once can die. Keep them moist, out of the sun and out of the wind, but
              keep the tops dry so they do not mould or start to grow too soon.
            </p>
          </div>
        </section>
        <section className="panel care-step">
          <div className="panel-body">
            <span className="care-step-number" aria-hidden="true">
              3
            </span>
            <h2>Cover the roots until you plant</h2>
            <p>
              If you cannot plant right away, cover the roots with dirt, sawdust or mulch and keep the bundle
              in a cool, shaded place. Check that the covering stays damp.
            </p>
          </div>
        </section>
      </div>

      <section className="panel">
        <div className="panel-body">
          <h2>On planting day</h2>
          <ul className="tick-list">
            <li>Carry the trees in a bucket of water or wet burlap, and take out one at a time.</li>
            <li>Dig a hole deep and wide enough for the roots to hang straight down without bending.</li>
            <li>
              Set the tree at the depth it grew at the nursery, then firm the soil to remove air pockets.
            </li>
            <li>Water well, and keep weeds and grass back from young trees for the first few years.</li>
          </ul>
          <p className="mb-0">
            Questions about your site or your order? <Link to="/FAQ">Read the FAQ</Link> or{' '}
            <Link to="/Contact">get in touch</Link>.
          </p>
        </div>
      </section>
    </div>
  );
}
