import { readHardinessZone, readZones, type ZoneFit, zoneFit, zoneFitText } from '@nursery/domain';

/** What the storefront says beside a product about the customer's zone, in words (never colour alone). */
export interface ZoneNote {
  fit: ZoneFit;
  text: string;
}

/** The note for a product's zones text and the customer's remembered zone; null while no zone is set. */
export function zoneNote(zones: string, zoneLabel: string | null): ZoneNote | null {
  const zone = zoneLabel === null ? null : readHardinessZone(zoneLabel);
  if (!zone) return null;
  const reading = readZones(zones);
  const fit = zoneFit(reading, zone.span);
  return { fit, text: zoneFitText(fit, reading, zone.label) };
}

/**
 * The cart's warning about plants not rated for the customer's zone: one plant is "it", several are
 * "they", so the sentence reads right whichever the cart holds.
 */
export function cartZoneWarning(names: readonly string[], zone: string): string {
  if (names.length === 1) {
    return `${names[0]} is not rated for your hardiness zone (${zone}). It may not survive where you plant it; you can still order it.`;
  }
  return `${names.length} plants in your cart are not rated for your hardiness zone (${zone}): ${names.join(', ')}. They may not survive where you plant them; you can still order them.`;
}
