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
