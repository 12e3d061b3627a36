import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What the web build lists for each route: its chunks and first images (route-preloads.json). */
export type RoutePreloads = Record<string, { modules: string[]; images: string[] }>;

/**
 * A web build of the least the server needs to write each page's index.html, in a new temp folder: an index.html
 * with `head` (a description, say) before its title, and route-preloads.json unless `routePreloads` is null (a
 * build without it). Answers the folder, for startTestServer's webRoot; the test removes it afterwards.
 */
export function writeWebRoot(routePreloads: RoutePreloads | null, head = ''): string {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'nursery-web-'));
  const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    ${head ? `${head}\n    ` : ''}<title>Shop</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
  writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
  if (routePreloads) writeFileSync(path.join(webRoot, 'route-preloads.json'), JSON.stringify(routePreloads));
  return webRoot;
}
