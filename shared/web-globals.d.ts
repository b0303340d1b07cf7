/**
 * The web-platform globals shared/ may use: WHATWG APIs that browsers, Bun and Node all provide. shared/tsconfig.json
 * has no DOM, Bun or Node types, so anything not declared here fails `bun run typecheck` (docs/linting.md).
 * Checked only by shared/tsconfig.json: the root config gets the full declarations from its DOM lib.
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}

declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
}
