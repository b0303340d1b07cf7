/**
 * The outbound-address (SSRF) guard of every call the server makes to an address a user gave: a flow's http_request
 * (docs/decisions.md#d-flow-engine), a web-push endpoint (docs/decisions.md#web-push). Such an address is written by
 * a user but reached from our server, so by default it may not be loopback, private, link-local or otherwise
 * internal. The name is resolved once and every address it resolves to is checked (one public and one private
 * address is refused); the caller then connects to the checked address itself, so a second resolution (DNS
 * rebinding) cannot swap it.
 * Addresses are compared as numbers, never as text: `::ffff:7f00:1`, `::ffff:127.0.0.1`, `::127.0.0.1` and
 * `64:ff9b::7f00:1` are all 127.0.0.1. IPv4 shorthands (2130706433, 0x7f.1, 0177.0.0.1) arrive here already
 * normalised to dotted quads by the URL parser.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export type CheckedTarget = { address: string } | { refused: string };

/** Resolves the URL's hostname once; throws when the name does not resolve. */
export async function checkTarget(hostname: string): Promise<CheckedTarget> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isReservedInvalid(host)) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  const refused = addresses.find(isInternal);
  if (refused !== undefined) return { refused };
  const [address] = addresses;
  if (address === undefined) throw new Error('no address');
  return { address };
}

/**
 * `.invalid` never resolves (RFC 6761 §6.4): answered negatively at once, without asking a resolver that may be slow,
 * down, or a sinkhole answering every name with some address.
 */
const isReservedInvalid = (host: string) => /(^|\.)invalid\.?$/i.test(host);

/** True for any address that is not plainly public unicast; unparseable text counts as internal. */
export function isInternal(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return isInternalV4(parseV4(address));
  if (version !== 6) return true;
  const words = parseV6(address);
  if (!words) return true;
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0, w5 = 0, w6 = 0, w7 = 0] = words;
  const v4 = [w6 >> 8, w6 & 0xff, w7 >> 8, w7 & 0xff];
  const zeroUpTo = (end: number) => words.slice(0, end).every((word) => word === 0);
  if (zeroUpTo(6)) return true; // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d: never a public target.
  if (zeroUpTo(5) && w5 === 0xffff) return isInternalV4(v4); // IPv4-mapped ::ffff:a.b.c.d
  if (zeroUpTo(4) && w4 === 0xffff && w5 === 0) return isInternalV4(v4); // IPv4-translated ::ffff:0:a.b.c.d
  if (w0 === 0x64 && w1 === 0xff9b) return (w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0) ? isInternalV4(v4) : true; // NAT64, and local-use 64:ff9b:1::/48
  if (w0 === 0x2002) return isInternalV4([w1 >> 8, w1 & 0xff, w2 >> 8, w2 & 0xff]); // 6to4 carries an IPv4 address
  if (w0 === 0x100 && w1 === 0 && w2 === 0 && w3 === 0) return true; // discard-only 100::/64
  if (w0 === 0x2001 && w1 === 0xdb8) return true; // documentation
  return (
    (w0 & 0xfe00) === 0xfc00 || // unique-local fc00::/7
    (w0 & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (w0 & 0xffc0) === 0xfec0 || // deprecated site-local fec0::/10
    (w0 & 0xff00) === 0xff00 // multicast
  );
}

function isInternalV4([a = 0, b = 0, c = 0]: number[]): boolean {
  return (
    a === 0 || a === 10 || a === 127 || a >= 224 || // this network, private, loopback, multicast, reserved, broadcast
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local (cloud metadata)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) // benchmarking
  );
}

const parseV4 = (address: string) => address.split('.').map(Number);

/** Eight 16-bit words, or undefined when the text is not an IPv6 address. */
function parseV6(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = parseV4(dotted);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (half: string | undefined) => (half ? half.split(':').map((word) => Number.parseInt(word, 16)) : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const gap = 8 - head.length - tail.length;
  if (halves.length === 1 ? gap !== 0 : gap < 1) return undefined;
  const words = [...head, ...Array<number>(halves.length === 1 ? 0 : gap).fill(0), ...tail];
  return words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff) ? words : undefined;
}
