// Private networks: whether a server's address or a URL's host lies where the public Internet
// cannot reach (this machine, the local network, link-local, carrier NAT, reserved space). Pure:
// the background compares where a robots.txt fetch started with where a redirect leads, and
// refuses a redirect from a public address to a private one (issue 15, item 9), since following
// it would be a blind request into the user's own network on a site's behalf.
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * The IPv4 ranges a public server may have: ordinary unicast, and the special-purpose blocks the
 * IANA registry (RFC 6890) marks "globally reachable": AS112 (RFC 7534, 7535) and AMT (RFC 7450).
 * Every other range ipaddr.js names (loopback, private, linkLocal, unspecified, carrierGradeNat,
 * broadcast, multicast, reserved, which includes documentation and benchmarking) is private, and
 * so would be a range a later ipaddr.js adds: an allow-list, not a deny-list.
 */
const PUBLIC_IPV4_RANGES: ReadonlySet<string> = new Set(['unicast', 'as112', 'amt']);

/**
 * The IPv6 special-purpose blocks marked "globally reachable" in the IANA registry (RFC 6890):
 * AMT (RFC 7450), AS112 (RFC 7535), ORCHIDv2 (RFC 7343), drone remote ID tags (RFC 9374).
 * Plain 'unicast' is public only inside 2000::/3 (below); blocks that embed an IPv4 address are
 * judged by it.
 */
const PUBLIC_IPV6_RANGES: ReadonlySet<string> = new Set([
  'amt',
  'as112v6',
  'orchid2',
  'droneRemoteIdProtocolEntityTags',
]);

/** RFC 4291 §2.4: global unicast is 2000::/3; the rest of the space is unassigned or special. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** RFC 6052 §2.1: the well-known NAT64 prefix, the IPv4 address in the last 32 bits. */
const WELL_KNOWN_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * Whether an IP address is private: anything but a globally routable unicast address. `ip` is an
 * address as the browser's webRequest reports it (`details.ip`): IPv4 dotted, or IPv6, with or
 * without brackets and a `%zone`. An IPv6 address that carries an IPv4 one (mapped, compatible,
 * translated, NAT64, 6to4, Teredo) is judged by that IPv4 address, since that is where the packets
 * end up: `::ffff:127.0.0.1` is this machine.
 *
 * A string that is not an IP address is NOT private (false): only what is known to be private is
 * refused, and an unknown address is no reason to refuse a fetch.
 */
export function isPrivateAddress(ip: string): boolean {
  const address = parseAddress(ip);
  return address !== undefined && isPrivate(address);
}

/**
 * Where a host is: 'private' or 'public' for an IP address (by isPrivateAddress) and for names
 * that can only be local; 'name' for any other name, whose address is known only once connected.
 */
export type HostScope = 'private' | 'public' | 'name';

/**
 * Names that resolve only on this machine or the local network, each with its subdomains:
 * localhost (RFC 6761 §6.3), local (mDNS, RFC 6762), home.arpa (RFC 8375), internal (reserved
 * by ICANN for private use, 2024).
 */
const LOCAL_DOMAINS: readonly string[] = ['localhost', 'local', 'home.arpa', 'internal'];

/**
 * The scope of a WHATWG `URL#hostname`, which the URL parser has already normalised: IPv4 in
 * dotted decimal whatever its spelling (`0x7f.1`, `2130706433`), IPv6 in brackets, lower case,
 * maybe a trailing dot. A name of a single label (`router`, `localhost.`) is 'private': the
 * resolver completes it with the local search domains, an intranet's. An empty host is 'name':
 * nothing is known of it. Never throws.
 */
export function hostScope(hostname: string): HostScope {
  const address = parseAddress(hostname);
  if (address !== undefined) return isPrivate(address) ? 'private' : 'public';
  const host = (hostname.endsWith('.') ? hostname.slice(0, -1) : hostname).toLowerCase();
  if (host === '') return 'name';
  if (!host.includes('.')) return 'private';
  const isLocal = LOCAL_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
  return isLocal ? 'private' : 'name';
}

/**
 * The address in `text`, brackets and zone removed; undefined if it is none. Lenient as
 * ipaddr.js is: IPv4 in the spellings the URL parser also accepts (`0x7f.1`, `0177.0.0.1`).
 */
function parseAddress(text: string): Address | undefined {
  let bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = bare.indexOf('%');
  if (zone !== -1) bare = bare.slice(0, zone);
  try {
    return ipaddr.isValid(bare) ? ipaddr.parse(bare) : undefined;
  } catch {
    // isValid and parse agree today; a disagreement must still not throw out of here.
    return undefined;
  }
}

function isPrivate(address: Address): boolean {
  return address instanceof ipaddr.IPv4 ? isPrivateIPv4(address) : isPrivateIPv6(address);
}

function isPrivateIPv4(address: ipaddr.IPv4): boolean {
  return !PUBLIC_IPV4_RANGES.has(address.range());
}

function isPrivateIPv6(address: ipaddr.IPv6): boolean {
  const [p0, p1, p2, p3, p4, p5, p6, p7] = address.parts as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // ::/96, IPv4-compatible (RFC 4291 §2.5.5.1, deprecated): `::127.0.0.1`. Also holds `::`
  // (embedding 0.0.0.0) and `::1` (0.0.0.1), both in 0.0.0.0/8 and so private, as they should be.
  // (ipaddr.js reads the dotted spelling `::127.0.0.1` as mapped, `::ffff:127.0.0.1`: same verdict.
  // The URL parser writes it in hex, `[::7f00:1]`, which comes here.)
  if (p0 === 0 && p1 === 0 && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0)
    return isPrivateIPv4(ipv4Of(p6, p7));
  const range = address.range();
  switch (range) {
    // ::ffff:0:0/96, IPv4-mapped (RFC 4291 §2.5.5.2), and ::ffff:0:0:0/96, IPv4-translated
    // (RFC 6145, now 7915): the IPv4 address in the last 32 bits.
    case 'ipv4Mapped':
    case 'rfc6145':
      return isPrivateIPv4(ipv4Of(p6, p7));
    // 64:ff9b::/96 carries the IPv4 address in its last 32 bits (RFC 6052 §2.2); the other block
    // of this range, 64:ff9b:1::/48, is for local use (RFC 8215) and not globally reachable.
    case 'rfc6052':
      return address.match(WELL_KNOWN_NAT64) ? isPrivateIPv4(ipv4Of(p6, p7)) : true;
    // 2002::/16, 6to4 (RFC 3056 §2): the IPv4 address in bits 16 to 47.
    case '6to4':
      return isPrivateIPv4(ipv4Of(p1, p2));
    // 2001::/32, Teredo (RFC 4380 §4): the client's IPv4 address, inverted, in the last 32 bits.
    case 'teredo':
      return isPrivateIPv4(ipv4Of(p6 ^ 0xffff, p7 ^ 0xffff));
    case 'unicast':
      return !address.match(GLOBAL_UNICAST);
    default:
      return !PUBLIC_IPV6_RANGES.has(range);
  }
}

/** The IPv4 address in two 16-bit IPv6 parts. */
function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
