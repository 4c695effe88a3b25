// Vitest setup (vitest.config.ts): Testing Library's waits (waitFor, findBy*) end after 30 s, not its
// default 1 s. A limit catches a hang; it does not judge speed (issue 41): on a 2-core machine with
// another process busy, a render that takes 50 ms on a quiet one can take over a second. Only the
// files that have a DOM (`@vitest-environment happy-dom`) use Testing Library, so only they load it.
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/preact');
  configure({ asyncUtilTimeout: 30_000 });
}
