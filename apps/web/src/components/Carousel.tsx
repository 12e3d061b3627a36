import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';

export interface Slide {
  image: string;
  alt: string;
  heading: string;
  text: string;
}

/** The spec's carousel rhythm. */
export const CAROUSEL_INTERVAL_MS = 5000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function onReducedMotionChange(listener: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/** The system's reduced-motion wish; none on the server, whose page the app adopts before reading it. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    onReducedMotionChange,
    () => window.matchMedia?.(REDUCED_MOTION).matches === true,
    () => false,
  );
}

/**
 * Slides that turn every 5 s, pausing while the pointer or keyboard focus is on them, and not
 * turning by themselves for visitors who asked their system for reduced motion.
 */
export function Carousel({ slides }: { slides: readonly Slide[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Until the visitor starts or stops the show, it follows the system's wish for reduced motion.
  const [stoppedByVisitor, setStoppedByVisitor] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const stopped = stoppedByVisitor ?? reducedMotion;
  const regionId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const paused = hovered || focused || stopped;
  const count = slides.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new slide starts a fresh 5 s wait, also after a manual change.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [paused, index, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  return (
    <section
      ref={rootRef}
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Around the nursery"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel-track" id={regionId} aria-live={paused ? 'polite' : 'off'}>
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the carousel pattern of WAI-ARIA makes each slide a labelled group.
          <div
            key={slide.image}
            className={`carousel-slide${i === index ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${slide.heading}`}
            aria-hidden={i !== index}
          >
            <img
              src={slide.image}
              alt={slide.alt}
              width={1600}
              height={700}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
              fetchPriority={i === 0 ? 'high' : 'low'}
            />
            <div className="carousel-caption">
              <p className="carousel-heading">{slide.heading}</p>
              <p className="carousel-text">{slide.text}</p>
            </div>
          </div>
        ))}
      </div>
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-button"
          aria-controls={regionId}
          aria-label="Previous slide"
          onClick={() => go(index - 1)}
        >
          ‹
        </button>
        <div className="carousel-dots">
          {slides.map((slide, i) => (
            <button
              key={slide.image}
              type="button"
              className={`carousel-dot${i === index ? ' is-active' : ''}`}
              aria-label={`Show slide ${i + 1}: ${slide.heading}`}
              aria-current={i === index ? 'true' : undefined}
              aria-controls={regionId}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <button
          type="button"
          className="carousel-button"
          aria-controls={regionId}
          aria-label="Next slide"
          onClick={() => go(index + 1)}
        >
          ›
        </button>
        <button
          type="button"
          className="carousel-button carousel-play"
          aria-label={stopped ? 'Start the slide show' : 'Stop the slide show'}
          onClick={() => setStoppedByVisitor(!stopped)}
        >
          {stopped ? '▶' : '❚❚'}
        </button>
      </div>
    </section>
  );
}
