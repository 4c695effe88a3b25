// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import en from '../../../_locales/en/messages.json';
import es from '../../../_locales/es/messages.json';
import { lookupIn, translator } from '../../../src/explain/index.ts';
import { accept, refuse } from '../../../src/extension/protocol.ts';
import { DEFAULTS } from '../../../src/extension/settings.ts';
import { DEFAULT_ROBOTS } from '../../../src/robot-names.ts';
import { RobotEditor } from '../../../ui/components/robot-editor.tsx';
import { SettingsForm } from '../../../ui/components/settings-form.tsx';
import { fakeConnector } from '../../../ui/fake-connector.ts';

const t = translator(lookupIn(en), 'en');
afterEach(cleanup);

function editor(robots = [...DEFAULT_ROBOTS]) {
  const save = vi.fn(async (list: string[]) =>
    accept<'setSettings'>({ ...DEFAULTS, robots: list }),
  );
  render(<RobotEditor robots={robots} t={t} save={save} />);
  const submit = (value: string) => {
    fireEvent.input(document.querySelector('input[name="robot-name"]') as HTMLInputElement, {
      target: { value },
    });
    fireEvent.submit(document.querySelector('form.add-robot') as HTMLFormElement);
  };
  return { save, submit };
}

describe('robot editor', () => {
  test('adds a name; refuses an empty, too long or control-character name or a duplicate', async () => {
    const { save, submit } = editor();
    submit('   ');
    expect(screen.getByRole('alert').textContent).toBe('Enter a robot name.');
    submit('x'.repeat(65));
    expect(screen.getByRole('alert').textContent).toBe('A robot name has at most 64 characters.');
    submit('My\tBot');
    expect(screen.getByRole('alert').textContent).toBe(
      'A robot name cannot hold control characters (such as a tab or a line break).',
    );
    submit('gptbot');
    expect(screen.getByRole('alert').textContent).toBe('GPTBot is already in the list.');
    expect(save).not.toHaveBeenCalled();
    submit('Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)');
    await waitFor(() => expect(save).toHaveBeenCalledWith([...DEFAULT_ROBOTS, 'SemrushBot']));
    expect(await screen.findByText('Taken from the User-Agent header: SemrushBot.')).toBeTruthy();
  });

  // Issue 13, item 3: the editor refused some of these ("use letters, - and _ only").
  test.each([
    ['MJ12bot', 'MJ12bot', 'Majestic (mj12bot.com)'],
    ['360Spider', '360Spider', '360 Search'],
    ['k2spider', 'k2spider', 'issue 13'],
    ['Screaming Frog SEO Spider', 'Screaming Frog SEO Spider', 'screamingfrog.co.uk'],
    ['ahrefsbot', 'AhrefsBot', 'ahrefs.com/robot: a known crawler, spelled as Ahrefs does'],
    ['SemrushBot-SA', 'SemrushBot-SA', 'semrush.com/bot: Site Audit'],
  ])('adds %j as %j (%s)', async (typed, added) => {
    const { save, submit } = editor(['Googlebot']);
    submit(typed);
    await waitFor(() => expect(save).toHaveBeenCalledWith(['Googlebot', added]));
    expect(await screen.findByText(`${added} added.`)).toBeTruthy();
  });

  test('a duplicate compares case-insensitively, names with spaces too', () => {
    const { save, submit } = editor(['Googlebot', 'Screaming Frog SEO Spider', 'MJ12bot']);
    submit('screaming frog seo spider');
    expect(screen.getByRole('alert').textContent).toBe(
      'Screaming Frog SEO Spider is already in the list.',
    );
    submit('mj12BOT');
    expect(screen.getByRole('alert').textContent).toBe('MJ12bot is already in the list.');
    expect(save).not.toHaveBeenCalled();
  });

  test('reorders, removes, toggles presets, resets', async () => {
    const { save } = editor(['Googlebot', 'GPTBot']);
    fireEvent.click(screen.getByLabelText('Move GPTBot up'));
    expect(save).toHaveBeenLastCalledWith(['GPTBot', 'Googlebot']);
    fireEvent.click(screen.getByLabelText('Remove Googlebot'));
    expect(save).toHaveBeenLastCalledWith(['GPTBot']);
    fireEvent.click(document.querySelector('input[name="preset-CCBot"]') as HTMLInputElement);
    expect(save).toHaveBeenLastCalledWith(['Googlebot', 'GPTBot', 'CCBot']);
    fireEvent.click(screen.getByText('Reset to the default list'));
    expect(save).toHaveBeenLastCalledWith([...DEFAULT_ROBOTS]);
    expect(screen.getByLabelText('Move Googlebot up')).toHaveProperty('disabled', true);
  });

  test('the last robot cannot be removed', () => {
    const { save } = editor(['GPTBot']);
    fireEvent.click(screen.getByLabelText('Remove GPTBot'));
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      'The list is empty: add at least one robot.',
    );
  });

  test('presets are grouped by purpose, each with who runs it and what for', () => {
    editor();
    const legends = [...document.querySelectorAll('.presets legend')].map((l) => l.textContent);
    expect(legends).toEqual([
      'Search engines',
      'AI training',
      'AI search and assistants',
      'Fetched for a user by an AI assistant',
      'Ads',
      'SEO tools',
      'Social previews',
      'Archives',
    ]);
    expect(screen.getByText('OpenAI — collects pages to train AI models')).toBeTruthy();
  });

  test('in Spanish', () => {
    render(
      <RobotEditor
        robots={['GPTBot']}
        t={translator(lookupIn(es), 'es')}
        save={async () => accept<'setSettings'>(DEFAULTS)}
      />,
    );
    expect(screen.getByText('Robots que comprobar')).toBeTruthy();
  });
});

describe('settings form', () => {
  test('changes go through setSettings; a refused change says why', async () => {
    const a = fakeConnector({
      override: { setSettings: async () => refuse<'setSettings'>('bad-cache-lifetime') },
    });
    render(<SettingsForm settings={DEFAULTS} actions={a} t={t} />);
    fireEvent.change(document.querySelector('select[name="cache-lifetime"]') as HTMLSelectElement, {
      target: { value: String(3_600_000) },
    });
    expect(a.calls).toContainEqual({ name: 'setSettings', req: { cacheLifetimeMs: 3_600_000 } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not saved: that value is not accepted',
    );
  });

  test('clear the cache: how many sites', async () => {
    const a = fakeConnector({ override: { clearCache: async () => accept<'clearCache'>(3) } });
    render(<SettingsForm settings={DEFAULTS} actions={a} t={t} />);
    fireEvent.click(screen.getByText('Clear the robots.txt cache'));
    expect(await screen.findByText('Cleared 3 sites.')).toBeTruthy();
  });

  test('a refused import says why and that nothing changed', async () => {
    // The real import check refuses it: the file is JSON but not a Robots Lens export.
    const a = fakeConnector();
    render(<SettingsForm settings={DEFAULTS} actions={a} t={t} />);
    const input = document.querySelector('input[name="import"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File(['{"x":1}'], 'x.json')] });
    fireEvent.change(input);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not imported, nothing changed: the file is not a Robots Lens settings file',
    );
  });
});
