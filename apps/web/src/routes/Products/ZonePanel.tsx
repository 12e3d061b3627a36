import { HARDINESS_ZONE_PROBLEM, readHardinessZone } from '@nursery/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { rememberZone, showOnlyMyZone, useRememberedZone } from '../../storefront/hardinessZone';
import type { StorefrontProduct } from '../../storefront/types';
import { type ZoneNote, zoneNote } from '../../storefront/zoneNote';

/** What the list needs from the zone panel: each product's note, and whether the filter hides it. */
export interface ZoneView {
  note(productId: number): ZoneNote | undefined;
  hides(productId: number): boolean;
  /** "Only plants for my zone" is on: the list's Clear Filters counts it as a filter. */
  filtering: boolean;
  /** Clear Filters turns the zone filter off too, and keeps the zone (and its marks on the cards). */
  stopFiltering(): void;
}

/**
 * "Will it grow here?": the customer's USDA hardiness zone, remembered on this device, and the switch that
 * shows only plants for it. Loaded only when asked for (or when a zone is remembered), so the list's first
 * load carries none of it. A product whose zones are missing or unreadable is never hidden: the filter
 * drops only those rated for other zones (packages/domain/src/zones.ts).
 */
export function ZonePanel({
  products,
  onView,
  autoFocus,
  compact,
}: {
  products: readonly StorefrontProduct[];
  onView: (view: ZoneView | null) => void;
  autoFocus: boolean;
  /** Above the list (a phone): a remembered zone shows as one line until the customer asks to change it. */
  compact: boolean;
}) {
  const { zone, onlyMine } = useRememberedZone();
  // Opened by the customer (the "Set your zone" button or "Change zone"): the whole panel, field focused.
  const [expanded, setExpanded] = useState(autoFocus);
  const id = useId();

  const notes = useMemo(() => {
    const byId = new Map<number, ZoneNote>();
    for (const product of products) {
      const note = zoneNote(product.zones, zone);
      if (note) byId.set(product.productId, note);
    }
    return byId;
  }, [products, zone]);

  useEffect(() => {
    onView(
      zone === null
        ? null
        : {
            note: (productId) => notes.get(productId),
            hides: (productId) => onlyMine && notes.get(productId)?.fit === 'outside',
            filtering: onlyMine,
            stopFiltering: () => showOnlyMyZone(false),
          },
    );
  }, [zone, onlyMine, notes, onView]);

  const counts = { fits: 0, outside: 0, unknown: 0 };
  for (const note of notes.values()) {
    if (note.fit === 'outside') counts.outside++;
    else if (note.fit === 'unknown') counts.unknown++;
    else counts.fits++;
  }

  // On a phone the whole panel for a zone already known pushed the first product most of the way down the
  // screen; one line says the zone and whether the list is narrowed to it, and the button opens the rest.
  if (compact && zone !== null && !expanded) {
    return (
      <div className="zone-panel zone-compact panel">
        <p className="zone-compact-line">
          Your zone: <strong>{zone}</strong>
          {onlyMine ? ', only plants for it' : ''}
        </p>
        <button type="button" className="btn btn-sm btn-link" onClick={() => setExpanded(true)}>
          Change zone
        </button>
      </div>
    );
  }

  return (
    <section className="zone-panel panel" aria-labelledby={`${id}-heading`}>
      <div className="panel-body">
        <h2 className="sidebar-heading" id={`${id}-heading`}>
          Will it grow here?
        </h2>
        <ZoneEntry autoFocus={expanded} />
        {zone !== null ? (
          <>
            <p className="zone-summary" aria-live="polite">
              Zone {zone}: {counts.fits} {counts.fits === 1 ? 'plant grows' : 'plants grow'} here,{' '}
              {counts.outside} not rated for it, {counts.unknown} without a zone we can check.
            </p>
            <div className="zone-filter">
              <input
                id={`${id}-only`}
                type="checkbox"
                checked={onlyMine}
                onChange={(event) => showOnlyMyZone(event.target.checked)}
              />
              <label htmlFor={`${id}-only`}>Only plants for my zone</label>
            </div>
            <button type="button" className="btn btn-sm btn-link" onClick={() => rememberZone(null)}>
              Forget my zone
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The zone field and its Set zone button, with the rule's message when the text is no zone: the list's panel
 * and a product's own page (where a customer arriving on a shared link sets it) both use it.
 */
export function ZoneEntry({ autoFocus, onSet }: { autoFocus: boolean; onSet?: () => void }) {
  const { zone } = useRememberedZone();
  const [text, setText] = useState(zone ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  // Forgotten elsewhere (the panel's Forget my zone, another tab): the field follows.
  useEffect(() => {
    if (zone === null) setText('');
  }, [zone]);
  return (
    <form
      className="zone-entry"
      onSubmit={(event) => {
        event.preventDefault();
        const read = readHardinessZone(text);
        if (!read) {
          setProblem(HARDINESS_ZONE_PROBLEM);
          return;
        }
        setProblem(null);
        setText(read.label);
        rememberZone(read.label);
        onSet?.();
      }}
    >
      <label htmlFor={`${id}-zone`}>Your USDA hardiness zone</label>
      <div className="zone-input">
        <input
          id={`${id}-zone`}
          className="form-control"
          value={text}
          placeholder="e.g. 6a"
          autoComplete="off"
          maxLength={20}
          // biome-ignore lint/a11y/noAutofocus: opened by the customer's own click ("Will it grow here?" or "Change zone"), so the field they asked for takes the keyboard.
          autoFocus={autoFocus}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-help`}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-sm btn-primary">
          Set zone
        </button>
      </div>
      <p
        id={`${id}-help`}
        className={problem ? 'form-error' : 'zone-help'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? 'A number from 1 to 13, with a or b if you know it.'}
      </p>
    </form>
  );
}
