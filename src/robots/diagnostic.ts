// One way to make a finding, so that each code's params are checked where it is reported.
import type { DiagnosticCode, DiagnosticOf, DiagnosticParams, Severity } from './types.ts';

/** A finding of `code` at `line` (1-based; 0: the whole file) with that code's params. */
export function diagnostic<C extends DiagnosticCode>(
  code: C,
  severity: Severity,
  line: number,
  params: DiagnosticParams[C],
): DiagnosticOf<C> {
  return { code, severity, line, params };
}
