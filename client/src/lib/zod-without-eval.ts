/**
 * zod compiles fast object parsers with `new Function` unless configured jitless; the page's Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval': server/src/http/security-headers.ts) refuses that, and even zod's probe
 * for it is reported as a violation. Schemas read the switch when they are built, so it must run before any module
 * builds one: main.tsx imports it first, and the build puts it in zod's own chunk (client/vite.config.ts).
 */
import { z } from 'zod';

z.config({ jitless: true });
