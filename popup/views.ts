// Every view but the verdicts, and what only they use, in one module: the build makes it one
// chunk, loaded (through lazy.tsx) the first time any of them is shown. One chunk, not one per
// view: esbuild puts the code the first screen shares with each combination of lazy chunks in a
// chunk of its own, and each is one more file the popup loads before its first screen (with a
// chunk per view, ten files instead of two).
export { compareServed } from '../src/page/compare.ts';
export { sitemapAnswer, sitemapTargets } from '../src/page/sitemap-check.ts';
export { RobotEditor } from '../ui/components/robot-editor.tsx';
export { DiffView } from './diff-view.tsx';
export { FileView } from './file-view.tsx';
export { HistoryView } from './history/history-view.tsx';
export { PageView } from './page-view.tsx';
export { Records } from './records.tsx';
export { Summary } from './summary.tsx';
export { Tester } from './tester.tsx';
