// The page as served (the HTML before any script runs) against the page as rendered (the DOM the
// user sees): a noindex that a script removes still stands for a crawler that indexes the served
// HTML without rendering it (Google: "Googlebot may skip rendering… if the page has noindex");
// one that only a script adds is unseen by crawlers that do not run scripts.
import type { DomFacts } from './facts.ts';
import { judgePage } from './judge.ts';

export type ServedFinding =
  | { kind: 'removed-by-script'; robot: string }
  | { kind: 'added-by-script'; robot: string }
  | { kind: 'canonical-changed'; served: string | null; rendered: string | null }
  | { kind: 'same' };

/** What differs between the tags as served and as rendered, for each robot; [same] when nothing. */
export function compareServed(
  url: string,
  served: DomFacts,
  rendered: DomFacts,
  robots: readonly string[],
  now: number,
): ServedFinding[] {
  // The tags alone: the headers are the same response's either way.
  const judge = (facts: DomFacts) =>
    judgePage(
      { url, dom: { ok: true, facts }, headers: { ok: false, why: 'not-seen' } },
      robots,
      now,
    );
  const before = judge(served);
  const after = judge(rendered);
  const findings: ServedFinding[] = [];
  before.robots.forEach((was, i) => {
    const is = after.robots[i];
    if (is === undefined) return;
    if (was.index === 'noindex' && is.index !== 'noindex')
      findings.push({ kind: 'removed-by-script', robot: was.robot });
    else if (was.index !== 'noindex' && is.index === 'noindex')
      findings.push({ kind: 'added-by-script', robot: was.robot });
  });
  const servedCanonical = before.canonical?.url ?? null;
  const renderedCanonical = after.canonical?.url ?? null;
  if (servedCanonical !== renderedCanonical)
    findings.push({
      kind: 'canonical-changed',
      served: servedCanonical,
      rendered: renderedCanonical,
    });
  return findings.length === 0 ? [{ kind: 'same' }] : findings;
}
