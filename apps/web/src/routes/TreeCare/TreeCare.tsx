import { Link } from '@tanstack/react-router';

/** The first days after pick-up, in the order they come. */
const CARE_STEPS = [
  {
    title: 'Plant within 72 hours',
    text: 'Plan your planting day before you pick up your order, and get the trees into the ground within 72 hours. The sooner they are planted, the better they take hold.',
  },
  {
    title: 'Keep the roots damp and the tops dry',
    text: 'Roots that dry out even once can die. Keep them moist, out of the sun and out of the wind, but keep the tops dry so they do not mould or start to grow too soon.',
  },
  {
    title: 'Cover the roots until you plant',
    text: 'If you cannot plant right away, cover the roots with dirt, sawdust or mulch and keep the bundle in a cool, shaded place. Check that the covering stays damp.',
  },
];

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
        {CARE_STEPS.map((step, index) => (
          <section key={step.title} className="panel care-step">
            <div className="panel-body">
              <span className="care-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h2>{step.title}</h2>
              <p>{step.text}</p>
            </div>
          </section>
        ))}
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
