// robots.txt text → plain data, in one pass, with a diagnostic for every line worth one.
import { diagnostic } from './diagnostic.ts';
import { GroupBuilder } from './group-builder.ts';
import { MAX_BYTES, scanLines } from './scan-lines.ts';
import type { Diagnostic, RobotsTxt } from './types.ts';
import { isStarAgent } from './user-agent.ts';

/** Parses robots.txt text. Never throws: any string gives a result, bad lines give diagnostics. */
export function parseRobotsTxt(input: string): RobotsTxt {
  let text: string;
  try {
    text = typeof input === 'string' ? input : String(input ?? '');
  } catch {
    text = '';
  }
  const diagnostics: Diagnostic[] = [];
  const builder = new GroupBuilder(diagnostics);
  const { lineCount, charsRead, bytesRead } = scanLines(text, builder, diagnostics);
  const groups = builder.groups;
  // Arrays grown by push keep up to half again their length in spare slots: a parsed file is kept
  // (the popup's cache, a bulk audit), so each list is copied to its exact length once.
  for (const grouping of [groups, builder.strictGroups, builder.records1994])
    for (const group of grouping) {
      if (group.rules.length > 16) group.rules = group.rules.slice();
    }

  let firstStar = 0;
  for (const group of groups) {
    if (!group.agents.some(isStarAgent)) continue;
    if (firstStar === 0) firstStar = group.line;
    else {
      diagnostics.push(
        diagnostic('multiple-star-records', 'warning', group.line, { firstLine: firstStar }),
      );
    }
  }
  const truncated = charsRead < text.length;
  if (truncated) {
    diagnostics.push(
      diagnostic('content-past-limit', 'warning', lineCount, {
        limit: MAX_BYTES,
        ignoredChars: text.length - charsRead,
      }),
    );
  }
  // Stable: findings on one line keep the order they were found in. Most come in line order
  // already (only the star-group and past-the-limit findings come late): no sort then.
  if (!isInLineOrder(diagnostics)) diagnostics.sort((a, b) => a.line - b.line);

  return {
    groups,
    strictGroups: builder.strictGroups,
    records1994: builder.records1994,
    sitemaps: builder.sitemaps,
    others: builder.others,
    diagnostics,
    lineCount,
    bytesRead,
    truncated,
  };
}

function isInLineOrder(diagnostics: readonly Diagnostic[]): boolean {
  for (let i = 1; i < diagnostics.length; i++)
    if ((diagnostics[i] as Diagnostic).line < (diagnostics[i - 1] as Diagnostic).line) return false;
  return true;
}
