// The part of a URL that robots.txt rules match: path, params and query.

/**
 * Path, params and query of `url` without scheme, authority or fragment; always starts with '/'.
 * Reads the URL as given, without normalising it, exactly as Google's GetPathParamsQuery
 * (robots.cc): `http://a.b/x?y#z` → `/x?y`, `a.b?q` → `/?q`, `//a/b/c` → `/b/c`, `` → `/`.
 */
export function pathOfUrl(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = firstOf(url, searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (earlyPath !== -1 && earlyPath < protocolEnd) protocolEnd = -1;
  protocolEnd = protocolEnd === -1 ? searchStart : protocolEnd + 3;

  const pathStart = firstOf(url, protocolEnd);
  if (pathStart === -1) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash !== -1 && hash < pathStart) return '/';
  const path = url.slice(pathStart, hash === -1 ? url.length : hash);
  return path.startsWith('/') ? path : `/${path}`;
}

/** Index of the first '/', '?' or ';' at or after `from`, or -1. */
function firstOf(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x3b) return i;
  }
  return -1;
}
