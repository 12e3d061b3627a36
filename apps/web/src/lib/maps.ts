/** OpenStreetMap needs no key: the embed and the directions page are plain URLs. */

export const MAP_ZOOM = 9;
const TILE_SIZE = 256;

/** The bounding box that shows `zoom` for a frame of the given pixel size centred on the point. */
export function mapBoundingBox(
  latitude: number,
  longitude: number,
  zoom: number = MAP_ZOOM,
  frame: { width: number; height: number } = { width: 640, height: 400 },
): [west: number, south: number, east: number, north: number] {
  const degreesPerPixel = 360 / (TILE_SIZE * 2 ** zoom);
  const halfLon = (degreesPerPixel * frame.width) / 2;
  const halfLat = ((degreesPerPixel * frame.height) / 2) * Math.cos((latitude * Math.PI) / 180);
  const round = (n: number) => Math.round(n * 10000) / 10000;
  return [
    round(longitude - halfLon),
    round(latitude - halfLat),
    round(longitude + halfLon),
    round(latitude + halfLat),
  ];
}

export function mapEmbedUrl(latitude: number, longitude: number, zoom: number = MAP_ZOOM): string {
  const bbox = mapBoundingBox(latitude, longitude, zoom).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${latitude},${longitude}`;
}

export function mapLinkUrl(latitude: number, longitude: number, zoom: number = MAP_ZOOM): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}

/** OpenStreetMap's route planner from the visitor's address (it looks the text up) to the nursery. */
export function directionsUrl(from: string, latitude: number, longitude: number): string {
  const params = new URLSearchParams({
    engine: 'fossgis_osrm_car',
    from: from.trim(),
    to: `${latitude},${longitude}`,
  });
  return `https://www.openstreetmap.org/directions?${params.toString()}`;
}
