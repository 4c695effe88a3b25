import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type HostScope, hostScope, isPrivateAddress } from '../src/addresses.ts';

// [address, private?, source]
const IPV4: [string, boolean, string][] = [
  ['127.0.0.1', true, 'RFC 6890 special-purpose registry: loopback 127.0.0.0/8'],
  ['127.255.255.254', true, 'RFC 6890 special-purpose registry: loopback 127.0.0.0/8'],
  ['10.0.0.1', true, 'RFC 1918: 10.0.0.0/8'],
  ['172.16.0.1', true, 'RFC 1918: 172.16.0.0/12'],
  ['172.31.255.255', true, 'RFC 1918: 172.16.0.0/12, last address'],
  ['172.32.0.1', false, 'RFC 1918: just past 172.16.0.0/12'],
  ['192.168.1.1', true, 'RFC 1918: 192.168.0.0/16'],
  ['169.254.169.254', true, 'RFC 3927 link-local 169.254.0.0/16 (cloud metadata service)'],
  ['0.0.0.0', true, '"0.0.0.0 day" (Oligo, 2024): 0.0.0.0 reaches the local machine'],
  ['0.1.2.3', true, 'RFC 6890 special-purpose registry: "this network" 0.0.0.0/8'],
  ['100.64.0.1', true, 'RFC 6598 carrier-grade NAT 100.64.0.0/10'],
  ['100.127.255.255', true, 'RFC 6598 carrier-grade NAT 100.64.0.0/10, last address'],
  ['100.128.0.1', false, 'RFC 6598: just past 100.64.0.0/10'],
  ['255.255.255.255', true, 'RFC 6890 special-purpose registry: limited broadcast'],
  ['224.0.0.251', true, 'RFC 5771 multicast 224.0.0.0/4'],
  ['240.0.0.1', true, 'RFC 6890 special-purpose registry: reserved 240.0.0.0/4'],
  ['192.0.0.8', true, 'RFC 6890 special-purpose registry: IETF protocol assignments 192.0.0.0/24'],
  ['192.0.2.1', true, 'RFC 5737 documentation TEST-NET-1'],
  ['198.51.100.1', true, 'RFC 5737 documentation TEST-NET-2'],
  ['203.0.113.1', true, 'RFC 5737 documentation TEST-NET-3'],
  ['198.18.0.1', true, 'RFC 2544 benchmarking 198.18.0.0/15'],
  ['8.8.8.8', false, 'public unicast'],
  ['1.1.1.1', false, 'public unicast'],
  [
    '192.175.48.1',
    false,
    'RFC 6890 special-purpose registry: AS112 (RFC 7534), globally reachable',
  ],
  ['192.52.193.1', false, 'RFC 6890 special-purpose registry: AMT (RFC 7450), globally reachable'],
];

const IPV6: [string, boolean, string][] = [
  ['::1', true, 'RFC 4291 §2.5.3 loopback'],
  ['[::1]', true, 'RFC 4291 §2.5.3 loopback, in brackets'],
  ['::', true, 'RFC 4291 §2.5.2 unspecified'],
  ['fe80::1', true, 'RFC 4291 §2.5.6 link-local fe80::/10'],
  ['fe80::1%eth0', true, 'RFC 4291 §2.5.6 link-local, with a zone (RFC 6874)'],
  ['[fe80::1%25en0]', true, 'RFC 4291 §2.5.6 link-local, bracketed, with an escaped zone'],
  ['febf::1', true, 'RFC 4291 §2.5.6 link-local fe80::/10, last block'],
  ['fc00::1', true, 'RFC 4193 unique local fc00::/7'],
  ['fd12:3456:789a::1', true, 'RFC 4193 unique local fd00::/8'],
  ['ff02::1', true, 'RFC 4291 §2.7 multicast'],
  ['fec0::1', true, 'RFC 3879 deprecated site-local fec0::/10'],
  ['2001:db8::1', true, 'RFC 3849 documentation 2001:db8::/32'],
  ['3fff::1', true, 'RFC 9637 documentation 3fff::/20'],
  ['2001:2::1', true, 'RFC 5180 benchmarking 2001:2::/48'],
  ['100::1', true, 'RFC 6666 discard-only 100::/64'],
  ['4000::1', true, 'RFC 4291 §2.4: outside global unicast 2000::/3'],
  ['5f00::1', true, 'RFC 9602 SRv6 SIDs 5f00::/16'],
  ['::ffff:10.0.0.1', true, 'RFC 4291 §2.5.5.2 IPv4-mapped, embedding RFC 1918'],
  ['::ffff:7f00:1', true, 'RFC 4291 §2.5.5.2 IPv4-mapped, hex form of 127.0.0.1'],
  ['::ffff:127.0.0.1', true, 'RFC 4291 §2.5.5.2 IPv4-mapped loopback'],
  ['::ffff:0.0.0.0', true, 'RFC 4291 §2.5.5.2 IPv4-mapped, "0.0.0.0 day"'],
  ['::ffff:8.8.8.8', false, 'RFC 4291 §2.5.5.2 IPv4-mapped, public'],
  ['::127.0.0.1', true, 'RFC 4291 §2.5.5.1 IPv4-compatible (deprecated) loopback'],
  ['::a00:1', true, 'RFC 4291 §2.5.5.1 IPv4-compatible 10.0.0.1, hex form'],
  ['::8.8.8.8', false, 'RFC 4291 §2.5.5.1 IPv4-compatible, public'],
  ['::7f00:1', true, 'RFC 4291 §2.5.5.1 IPv4-compatible 127.0.0.1, hex form'],
  ['::808:808', false, 'RFC 4291 §2.5.5.1 IPv4-compatible 8.8.8.8, hex form'],
  ['::ffff:0:10.0.0.1', true, 'RFC 6145 IPv4-translated ::ffff:0:0:0/96, embedding RFC 1918'],
  ['64:ff9b::10.0.0.1', true, 'RFC 6052 NAT64 well-known prefix, embedding RFC 1918'],
  ['64:ff9b::7f00:1', true, 'RFC 6052 NAT64 well-known prefix, embedding loopback'],
  ['64:ff9b::8.8.8.8', false, 'RFC 6052 NAT64 well-known prefix, embedding public'],
  ['64:ff9b:1::808:808', true, 'RFC 8215 local-use NAT64 64:ff9b:1::/48, not globally reachable'],
  ['2002:7f00:1::1', true, 'RFC 3056 §2 6to4, embedding 127.0.0.1'],
  ['2002:c0a8:101::1', true, 'RFC 3056 §2 6to4, embedding 192.168.1.1'],
  ['2002:808:808::1', false, 'RFC 3056 §2 6to4, embedding 8.8.8.8'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', true, 'RFC 4380 §4 Teredo, client 127.0.0.1'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', false, 'RFC 4380 §4 Teredo, client 8.8.8.8'],
  ['2001:4860:4860::8888', false, 'public global unicast'],
  ['2606:4700:4700::1111', false, 'public global unicast'],
  ['[2606:4700:4700::1111]', false, 'public global unicast, in brackets'],
  ['2001:4:112::1', false, 'RFC 6890 special-purpose registry: AS112-v6 (RFC 7535)'],
  ['2001:3::1', false, 'RFC 6890 special-purpose registry: AMT (RFC 7450)'],
];

const NOT_ADDRESSES: [string, string][] = [
  ['', 'empty'],
  ['localhost', 'a name, not an address'],
  ['example.com', 'a name, not an address'],
  ['999.1.1.1', 'an octet out of range'],
  ['1:2:3:4:5:6:7:8:9', 'nine IPv6 groups'],
  ['[::1', 'an unclosed bracket'],
  ['not an ip', 'words'],
];

describe('isPrivateAddress', () => {
  test.each(IPV4)('%s → %s (%s)', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
  test.each(IPV6)('%s → %s (%s)', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
  test.each(NOT_ADDRESSES)('%j is not an address, so not private (%s)', (text) => {
    expect(isPrivateAddress(text)).toBe(false);
  });
});

// [hostname, scope, source]
const HOSTNAMES: [string, HostScope, string][] = [
  ['localhost', 'private', 'RFC 6761 §6.3 localhost'],
  ['localhost.', 'private', 'RFC 6761 §6.3 localhost, absolute'],
  ['a.b.localhost', 'private', 'RFC 6761 §6.3 names under localhost'],
  ['printer.local', 'private', 'RFC 6762 mDNS .local'],
  ['printer.local.', 'private', 'RFC 6762 mDNS .local, absolute'],
  ['nas.home.arpa', 'private', 'RFC 8375 home.arpa'],
  ['home.arpa', 'private', 'RFC 8375 home.arpa itself'],
  ['db.corp.internal', 'private', 'ICANN 2024: .internal reserved for private use'],
  ['router', 'private', 'single label: an intranet host'],
  ['router.', 'private', 'single label, absolute'],
  ['example.com', 'name', 'a public name: known only once connected'],
  ['example.com.', 'name', 'a public name, absolute'],
  ['localhost.example.com', 'name', 'RFC 6761 §6.3 covers names under localhost, not above it'],
  ['notlocal.com', 'name', 'RFC 6762: a label ending in "local" is not .local'],
  ['a.notinternal', 'name', 'a TLD ending in "internal" is not .internal'],
  ['', 'name', 'no host: nothing known'],
  ['127.0.0.1', 'private', 'RFC 6890 loopback, as URL#hostname writes it'],
  ['[::1]', 'private', 'RFC 4291 §2.5.3 loopback, as URL#hostname writes it'],
  ['8.8.8.8', 'public', 'public unicast'],
  ['[2001:4860:4860::8888]', 'public', 'public global unicast'],
];

// [URL, scope, source]: the hostname as the WHATWG URL parser leaves it.
const URLS: [string, HostScope, string][] = [
  ['http://[::ffff:127.0.0.1]/', 'private', 'WHATWG URL: IPv6 serialised [::ffff:7f00:1]'],
  ['http://2130706433/', 'private', 'WHATWG URL host parsing: one number is 127.0.0.1'],
  ['http://0177.0.0.1/', 'private', 'WHATWG URL host parsing: octal 0177 is 127'],
  ['http://0x7f.1/', 'private', 'WHATWG URL host parsing: 0x7f.1 is 127.0.0.1'],
  ['http://10.1/', 'private', 'WHATWG URL host parsing: 10.1 is 10.0.0.1 (RFC 1918)'],
  ['http://0/', 'private', 'WHATWG URL host parsing: 0 is 0.0.0.0 ("0.0.0.0 day")'],
  ['http://0.0.0.0:8080/', 'private', '"0.0.0.0 day": 0.0.0.0 reaches the local machine'],
  ['http://[::]/', 'private', 'RFC 4291 §2.5.2 unspecified'],
  ['http://[::127.0.0.1]/', 'private', 'WHATWG URL: IPv4-compatible serialised [::7f00:1]'],
  ['http://[::8.8.8.8]/', 'public', 'WHATWG URL: IPv4-compatible serialised [::808:808]'],
  ['http://LOCALHOST./', 'private', 'RFC 6761 §6.3, lower-cased by the URL parser'],
  ['http://a.b.localhost/', 'private', 'RFC 6761 §6.3'],
  ['http://printer.local./robots.txt', 'private', 'RFC 6762'],
  ['http://nas.home.arpa/', 'private', 'RFC 8375'],
  ['http://intranet/', 'private', 'single label'],
  ['http://[fe80::1]/', 'private', 'RFC 4291 §2.5.6 link-local'],
  ['http://[64:ff9b::a9fe:a9fe]/', 'private', 'RFC 6052 NAT64 of 169.254.169.254'],
  ['https://example.com/', 'name', 'a public name'],
  ['https://xn--mnchen-3ya.de/', 'name', 'a punycode name'],
  ['https://8.8.8.8/', 'public', 'public unicast'],
  ['http://[2001:4860:4860::8888]/', 'public', 'public global unicast'],
];

describe('hostScope', () => {
  test.each(HOSTNAMES)('%j → %s (%s)', (hostname, expected) => {
    expect(hostScope(hostname)).toBe(expected);
  });
  test.each(URLS)('new URL(%j).hostname → %s (%s)', (url, expected) => {
    expect(hostScope(new URL(url).hostname)).toBe(expected);
  });
});

describe('properties', () => {
  const anyString = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdefx:.[]%') }),
  );

  test('neither function throws on any string', () => {
    fc.assert(
      fc.property(anyString, (text) => {
        expect(typeof isPrivateAddress(text)).toBe('boolean');
        expect(['private', 'public', 'name']).toContain(hostScope(text));
      }),
    );
  });

  test('an IPv4-mapped address is as private as the IPv4 address it carries (RFC 4291 §2.5.5.2)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(isPrivateAddress(`::ffff:${ip}`)).toBe(isPrivateAddress(ip));
        expect(hostScope(new URL(`http://[::ffff:${ip}]/`).hostname)).toBe(
          isPrivateAddress(ip) ? 'private' : 'public',
        );
      }),
    );
  });

  test('a URL with an IP host is never a name', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.ipV4(),
          fc.ipV6().map((ip) => `[${ip}]`),
        ),
        (host) => {
          expect(hostScope(new URL(`http://${host}/`).hostname)).not.toBe('name');
        },
      ),
    );
  });
});
