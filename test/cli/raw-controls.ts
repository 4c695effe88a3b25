// What no output line of the command line may carry raw (issue 28, item 7): C0 controls but the
// line ends of each format, DEL, C1 controls (U+009B is a CSI to many terminals), U+2028/2029
// (line ends to JavaScript and some editors) and the bidirectional overrides (Trojan Source,
// CVE-2021-42574). Shared by the tests of the writers, main() and the binary.

/** Any character that must not be written raw, line ends aside. */
export const RAW_CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be there
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Output without its line ends (LF, and the CRLF of csv). */
export const withoutEnds = (out: string): string => out.replace(/\r\n|\n/g, '');
