import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

const QUESTIONS: readonly Question[] = [
  {
    id: 'when-to-order',
    question: 'When should I place my order?',
    answer: (
      <p>
        We take orders all year round. The best time to order is December to February: that is when the full
        selection is available, before popular trees sell out.
      </p>
    ),
  },
  {
    id: 'pick-up',
    question: 'When can I pick up my trees?',
    answer: (
      <p>
        Pick-up is usually the first week of April, when the trees are lifted while still dormant. The exact
        days depend on the weather; we confirm them with you by e-mail.
      </p>
    ),
  },
  {
    id: 'hold-order',
    question: 'How do I hold my order?',
    answer: (
      <p>
        A 25% down payment by mail holds your order. Send it with your order number so we can match it to your
        order.
      </p>
    ),
  },
  {
    id: 'special-orders',
    question: 'Can I special order something that is not listed?',
    answer: (
      <p>
        Often, yes: <Link to="/Contact">ask us</Link>. Special orders need 100% payment up front, since we buy
        or grow them just for you.
      </p>
    ),
  },
  {
    id: 'payment',
    question: 'How do I pay?',
    answer: (
      <p>
        Payment is by cash or check. No payment is taken on this website: placing an order online reserves the
        trees, and we settle the rest with you directly.
      </p>
    ),
  },
  {
    id: 'guarantee',
    question: 'Do you guarantee that the trees will survive?',
    answer: (
      <p>
        No. We sell healthy, well-rooted stock, but we cannot control the weather, the soil or the care trees
        get after they leave the nursery, so there are no survival guarantees. Our{' '}
        <Link to="/TreeCare">tree care advice</Link> gives them the best start.
      </p>
    ),
  },
  {
    id: 'planting-rate',
    question: 'How long does planting take?',
    answer: (
      <p>
        The average planting rate is about 20 trees per hour for one person with a spade. Plan your help and
        your days with that in mind, since trees should be planted within 72 hours of pick-up.
      </p>
    ),
  },
  {
    id: 'confirmation',
    question: 'How do I know you received my order?',
    answer: (
      <p>
        Right after you place it you see your order with its number. We also send you an e-mail within 24
        hours to confirm the order and arrange pick-up.
      </p>
    ),
  },
  {
    id: 'look-up',
    question: 'How can I see my order again later?',
    answer: (
      <p>
        Use the <Link to="/Order/Lookup/{-$orderId}">order lookup</Link> with your order number and the phone
        number you placed the order with.
      </p>
    ),
  },
  {
    id: 'price-breaks',
    question: 'Why does the price change with the quantity?',
    answer: (
      <p>
        Most trees are priced in quantity ranges: the more of one tree you order, the lower the price of each.
        The product list shows the ranges, and your cart uses the right one automatically.
      </p>
    ),
  },
];

/** How long an answer stays highlighted after its link is followed. */
const FLASH_MS = 1600;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

export function Faq() {
  const [flashing, setFlashing] = useState<string | null>(null);
  const timer = useRef<number | null>(null);
  const navigate = useNavigate();

  const goTo = (id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    const scroll: ScrollIntoViewOptions = {
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      block: 'start',
    };
    target.scrollIntoView(scroll);
    target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    // The address names the answer, through the router: it scrolls to a new hash itself once it has
    // rendered, and a plain history.replaceState made it do so at once (scrollIntoView(true)), cutting the
    // smooth scroll short into a jump. Told the same smooth options, its scroll carries on with this one.
    void navigate({ to: '.', hash: id, replace: true, resetScroll: false, hashScrollIntoView: scroll });
    setFlashing(null);
    // A fresh frame restarts the animation when the same answer is chosen twice.
    requestAnimationFrame(() => setFlashing(id));
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setFlashing(null), FLASH_MS);
  };

  // An address with #question opens at that answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the address the page opened with.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id && QUESTIONS.some((q) => q.id === id)) window.setTimeout(() => goTo(id), 50);
    return () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    };
  }, []);

  return (
    <div className="container narrow-page">
      <header className="page-header">
        <h1>Frequently asked questions</h1>
      </header>
      <nav className="panel faq-index" aria-label="Questions">
        <div className="panel-body">
          <ol>
            {QUESTIONS.map((q) => (
              <li key={q.id}>
                <a
                  href={`#${q.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    goTo(q.id);
                  }}
                >
                  {q.question}
                </a>
              </li>
            ))}
          </ol>
        </div>
      </nav>
      <div className="faq-answers">
        {QUESTIONS.map((q) => (
          <section
            key={q.id}
            id={q.id}
            className={`panel faq-answer${flashing === q.id ? ' is-flashing' : ''}`}
            aria-labelledby={`${q.id}-q`}
          >
            <div className="panel-body">
              <h2 id={`${q.id}-q`} tabIndex={-1}>
                {q.question}
              </h2>
              {q.answer}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
