// A deliberately naive model of Google's parser (google/robotstxt robots.cc, as its README and
// robots_test.cc specify it): bytes, one pass over the file per URL, flags per line, and a
// quadratic position-set match. The engine is tested against it; it shares no code with src/.

const enc = new TextEncoder();
const lower = (b: number) => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);
const isSpace = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);

function startsCI(key: Uint8Array, word: string): boolean {
  if (key.length < word.length) return false;
  for (let i = 0; i < word.length; i++) if (lower(key[i] ?? 0) !== word.charCodeAt(i)) return false;
  return true;
}

function trim(b: Uint8Array): Uint8Array {
  let s = 0;
  let e = b.length;
  while (s < e && isSpace(b[s] ?? 0)) s++;
  while (e > s && isSpace(b[e - 1] ?? 0)) e--;
  return b.subarray(s, e);
}

function escapePattern(v: Uint8Array): number[] {
  const out: number[] = [];
  const hex = (b: number) => (b >= 0x30 && b <= 0x39) || (lower(b) >= 0x61 && lower(b) <= 0x66);
  for (let i = 0; i < v.length; i++) {
    const b = v[i] ?? 0;
    if (b === 0x25 && hex(v[i + 1] ?? 0) && hex(v[i + 2] ?? 0)) {
      out.push(
        b,
        ...String.fromCharCode(v[i + 1] ?? 0, v[i + 2] ?? 0)
          .toUpperCase()
          .split('')
          .map((c) => c.charCodeAt(0)),
      );
      i += 2;
    } else if (b >= 0x80) {
      out.push(...enc.encode(`%${b.toString(16).toUpperCase().padStart(2, '0')}`));
    } else out.push(b);
  }
  return out;
}

function matches(path: Uint8Array, pattern: number[]): boolean {
  let pos = [0];
  for (let k = 0; k < pattern.length; k++) {
    const c = pattern[k];
    if (c === 0x24 && k === pattern.length - 1) return pos.includes(path.length);
    if (c === 0x2a) {
      const from = Math.min(...pos);
      pos = [];
      for (let p = from; p <= path.length; p++) pos.push(p);
    } else {
      pos = pos.filter((p) => p < path.length && path[p] === c).map((p) => p + 1);
      if (pos.length === 0) return false;
    }
  }
  return true;
}

function pathOf(url: string): string {
  const start = url.startsWith('//') ? 2 : 0;
  const early = url.slice(start).search(/[/?;]/);
  let proto = url.indexOf('://', start);
  if (early !== -1 && early + start < proto) proto = -1;
  const from = proto === -1 ? start : proto + 3;
  const rel = url.slice(from).search(/[/?;]/);
  if (rel === -1) return '/';
  const p = rel + from;
  const hash = url.indexOf('#', start);
  if (hash !== -1 && hash < p) return '/';
  const path = url.slice(p, hash === -1 ? undefined : hash);
  return path.startsWith('/') ? path : `/${path}`;
}

/** Google's verdict for one product token and URL, computed the slow, obvious way. */
export function referenceGoogle(robotstxt: string, agent: string, url: string): boolean {
  const body = enc.encode(robotstxt);
  const path = enc.encode(pathOf(url));
  const lines: Uint8Array[] = [];
  let i = 0;
  const bom = [0xef, 0xbb, 0xbf];
  while (i < 3 && body[i] === bom[i]) i++;
  let start = i;
  for (; i <= body.length; i++) {
    const b = body[i];
    if (i === body.length || b === 0x0a || b === 0x0d) {
      lines.push(body.subarray(start, Math.min(i, start + 2083 * 8 - 1)));
      if (b === 0x0d && body[i + 1] === 0x0a) i++;
      start = i + 1;
    }
  }
  const best = { specificAllow: -1, specificDisallow: -1, globalAllow: -1, globalDisallow: -1 };
  let seenGlobal = false;
  let seenSpecific = false;
  let everSpecific = false;
  let separator = false;
  for (let line of lines) {
    const nul = line.indexOf(0);
    if (nul !== -1) line = line.subarray(0, nul);
    const hash = line.indexOf(0x23);
    if (hash !== -1) line = line.subarray(0, hash);
    line = trim(line);
    if (line.length === 0) continue;
    let sep = line.indexOf(0x3a);
    if (sep === -1) {
      const words = new TextDecoder('latin1').decode(line).split(/[ \t]+/);
      if (words.length !== 2) continue;
      sep = line.findIndex((b) => b === 0x20 || b === 0x09);
    }
    const key = trim(line.subarray(0, sep));
    if (key.length === 0) continue;
    const value = trim(line.subarray(sep + 1));
    const isUA =
      startsCI(key, 'user-agent') || startsCI(key, 'useragent') || startsCI(key, 'user agent');
    const isAllow = !isUA && startsCI(key, 'allow');
    const isDisallow =
      !isUA &&
      !isAllow &&
      ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].some((w) =>
        startsCI(key, w),
      );
    if (isUA) {
      if (separator) seenGlobal = seenSpecific = separator = false;
      if (value[0] === 0x2a && (value.length === 1 || isSpace(value[1] ?? 0))) seenGlobal = true;
      else {
        let n = 0;
        while (n < value.length && /[A-Za-z_-]/.test(String.fromCharCode(value[n] ?? 0))) n++;
        const token = new TextDecoder('latin1').decode(value.subarray(0, n));
        if (token.toLowerCase() === agent.toLowerCase()) seenSpecific = everSpecific = true;
      }
    } else if (isAllow || isDisallow) {
      if (!seenGlobal && !seenSpecific) continue;
      separator = true;
      const pattern = escapePattern(value);
      let priority = matches(path, pattern) ? pattern.length : -1;
      if (priority < 0 && isAllow) {
        const slash = pattern.lastIndexOf(0x2f);
        const rest = String.fromCharCode(...pattern.slice(slash));
        if (slash !== -1 && rest.startsWith('/index.htm')) {
          const dir = [...pattern.slice(0, slash + 1), 0x24];
          if (matches(path, dir)) priority = dir.length;
        }
      }
      const slot =
        `${seenSpecific ? 'specific' : 'global'}${isAllow ? 'Allow' : 'Disallow'}` as keyof typeof best;
      if (priority > best[slot]) best[slot] = priority;
    }
  }
  if (best.specificAllow > 0 || best.specificDisallow > 0)
    return best.specificDisallow <= best.specificAllow;
  if (everSpecific) return true;
  if (best.globalAllow > 0 || best.globalDisallow > 0)
    return best.globalDisallow <= best.globalAllow;
  return true;
}
