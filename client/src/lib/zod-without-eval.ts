/**
 * zod compiles fast object parsers with `new Function` unless configured jitless; the page's Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval': server/src/http/security-headers.ts) refuses that, and even zod's probe
 * for it is reported as a violation. Schemas read the switch when they are built, so it must be set before any
 * module builds one: main.tsx imports this first.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` and adopts an object already there (zod/v4/core,
 * `globalConfig`), so the switch is set without importing zod: the first screen (/login) loads no zod at all, the
 * screens that parse load it later in their own chunk. zod-without-eval.test.ts checks that zod honours it.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Into the object zod holds when it has already loaded (tests), else one it will adopt.
(scope.__zod_globalConfig ??= {}).jitless = true;
