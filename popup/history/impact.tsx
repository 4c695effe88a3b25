// The verdict impact of a change between two versions (issue 16, "History", item 4): whose verdict
// on `/` changes, then each checked URL whose verdict changes for one of the user's robots, each
// row saying where its URL comes from and which line decides before and after.
import { printableText, type Translator } from '../../src/explain/index.ts';
import { type ImpactSource, impactSourceText } from '../../src/extension/explain/saved-urls.ts';
import type { VerdictImpact, VerdictSide } from '../../src/extension/history/impact.ts';

export interface ImpactProps {
  impact: VerdictImpact;
  /** Where each checked URL comes from (impactUrls); a URL not in it is a visited page. */
  sources: ReadonlyMap<string, ImpactSource>;
  /** Whether visited pages are remembered (the settings'); if not, a note links to the options. */
  rememberPaths: boolean;
  openOptions: () => void;
  t: Translator;
}

/** One side of a change (before or after): the verdict and the line that decides it. */
function SideCell({ side, t }: { side: VerdictSide; t: Translator }) {
  return (
    <td>
      {side.allowed ? (
        <span class="pill small allowed">✓ {t('allowed')}</span>
      ) : (
        <span class="pill small disallowed">✕ {t('disallowed')}</span>
      )}{' '}
      {side.line === null ? (
        <span class="muted">{t('historyNoRule')}</span>
      ) : (
        <code>{t('historyDecidingLine', side.line.line, printableText(side.line.text))}</code>
      )}
    </td>
  );
}

const verdictWord = (side: VerdictSide) => (side.allowed ? 'allowed' : 'disallowed');

/** The impact section: how many URLs were checked, the changes on `/`, then those on each URL. */
export function Impact({ impact, sources, rememberPaths, openOptions, t }: ImpactProps) {
  return (
    <section class="history-impact" aria-label={t('historyImpactTitle')}>
      <h2>{t('historyImpactTitle')}</h2>
      {!rememberPaths && (
        <p class="note" data-history-paths-off="">
          {t('historyPathsOff')}{' '}
          <button type="button" class="link" onClick={openOptions}>
            {t('historyOpenOptions')}
          </button>
        </p>
      )}
      <p class="muted">{t.plural('historyImpactChecked', impact.checkedUrls)}</p>
      {impact.skippedUrls > 0 && (
        <p class="muted">{t('historyImpactSkipped', t.number(impact.skippedUrls))}</p>
      )}
      {impact.rootChanges.length > 0 && (
        <table class="impact root">
          <caption>{t('historyRootTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('colRobot')}</th>
              <th scope="col">{t('historyColBefore')}</th>
              <th scope="col">{t('historyColAfter')}</th>
            </tr>
          </thead>
          <tbody>
            {impact.rootChanges.map((r) => (
              <tr
                key={r.robot}
                data-impact-root={r.robot}
                data-before={verdictWord(r.before)}
                data-after={verdictWord(r.after)}
              >
                <th scope="row">{r.robot}</th>
                <SideCell side={r.before} t={t} />
                <SideCell side={r.after} t={t} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {impact.changes.length === 0 ? (
        <p data-impact-none="">{t('historyImpactNone')}</p>
      ) : (
        <table class="impact">
          <thead>
            <tr>
              <th scope="col">{t('historyColUrl')}</th>
              <th scope="col">{t('colRobot')}</th>
              <th scope="col">{t('historyColBefore')}</th>
              <th scope="col">{t('historyColAfter')}</th>
            </tr>
          </thead>
          <tbody>
            {impact.changes.map((c) => {
              const source = sources.get(c.url) ?? 'seen';
              return (
                <tr
                  key={`${c.url} ${c.robot}`}
                  data-impact-url={c.url}
                  data-impact-robot={c.robot}
                  data-impact-source={source}
                  data-before={verdictWord(c.before)}
                  data-after={verdictWord(c.after)}
                >
                  <td class="url">
                    {printableText(c.url)}{' '}
                    <span class="source muted">{impactSourceText(source, t)}</span>
                  </td>
                  <th scope="row">{c.robot}</th>
                  <SideCell side={c.before} t={t} />
                  <SideCell side={c.after} t={t} />
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
