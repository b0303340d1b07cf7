/**
 * The reference page at /api/docs: Scalar's standalone API reference (@scalar/api-reference, its browser bundle)
 * served by this server, so the page runs under the product's document CSP (script-src 'self', no third party).
 * The options turn off what would reach another site: the default fonts (fonts.scalar.com), telemetry, and the
 * request proxy (proxy.scalar.com): "try it" calls go straight to this origin.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const DIST = path.dirname(Bun.resolveSync('@scalar/api-reference', import.meta.dir));
const BUNDLE = path.join(DIST, 'browser', 'standalone.js');
const SCALAR_VERSION = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(path.join(DIST, '..', 'package.json'), 'utf8'))).version;

export const REFERENCE_FILES = { script: 'scalar.js', init: 'init.js' } as const;

/** The bundle changes only with Scalar's version: a browser revalidates it by this tag. */
export const SCALAR_ETAG = `"scalar-${SCALAR_VERSION}"`;

export const REFERENCE_HTML = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Canalize API · Referência</title>
</head>
<body>
<div id="referencia"></div>
<script src="/api/docs/${REFERENCE_FILES.init}"></script>
<script src="/api/docs/${REFERENCE_FILES.script}"></script>
</body>
</html>
`;

/**
 * Scalar's light theme draws the method badges (POST, DELETE, PATCH…) and the search placeholder below the WCAG AA
 * contrast of 4.5:1 on its sidebar: the same hues, darker.
 */
const CONTRAST_CSS = `.light-mode {
  --scalar-color-green: #0a6b34; --scalar-color-blue: #0b5cad; --scalar-color-orange: #8a4500; --scalar-color-yellow: #7a5a00;
  --scalar-color-red: #b0261c; --scalar-color-purple: #6a3d9a; --scalar-color-3: #5c5c5c;
}`;

/**
 * Runs before the bundle: zod inside it probes whether it may compile validators with `Function` (an eval, which
 * the CSP refuses and reports) unless told it runs jitless; the reference is created once the bundle has loaded.
 */
export const REFERENCE_INIT = `globalThis.__zod_globalConfig = { jitless: true };
addEventListener('DOMContentLoaded', () => Scalar.createApiReference('#referencia', ${JSON.stringify({
  url: '/api/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: false,
  proxyUrl: '',
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  metaData: { title: 'Canalize API · Referência' },
  customCss: CONTRAST_CSS,
})}));\n`;

let bundle: Promise<{ plain: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> }> | undefined;

/** The bundle (4.8 MB of text), read and gzipped once, on the first request. */
export const referenceBundle = () => (bundle ??= Bun.file(BUNDLE).bytes().then((plain) => ({ plain, gzip: Bun.gzipSync(plain) })));
