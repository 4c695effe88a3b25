// @vitest-environment happy-dom
// useFindShortcut: Ctrl/Cmd+F anywhere in the popup opens the file view's find box, only while
// there is a file; otherwise the key is left to the browser.
import { act, cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useFindShortcut } from '../../popup/use-find-shortcut.ts';

/** Shows the hook's count; `onFind` is made anew at each render, as the app's is. */
function Probe({ hasFile, onFind }: { hasFile: boolean; onFind: (n: number) => void }) {
  const count = useFindShortcut(hasFile, () => onFind(count));
  return <output data-count={count} />;
}

const count = () => document.querySelector('output')?.getAttribute('data-count');

/** Presses a key on the page; true when the page left it to the browser. */
const press = (init: KeyboardEventInit) => fireEvent.keyDown(document.body, init);

afterEach(cleanup);

describe('useFindShortcut', () => {
  test('Ctrl+F and Cmd+F ask for the find box, and the browser does not see them', () => {
    const onFind = vi.fn();
    render(<Probe hasFile onFind={onFind} />);
    expect(press({ key: 'f', ctrlKey: true })).toBe(false);
    expect(press({ key: 'F', metaKey: true, shiftKey: true })).toBe(false);
    expect(count()).toBe('2');
    // The latest onFind, made at the render that counted one.
    expect(onFind.mock.calls).toEqual([[0], [1]]);
  });

  test('other keys are left alone', () => {
    const onFind = vi.fn();
    render(<Probe hasFile onFind={onFind} />);
    expect(press({ key: 'f' })).toBe(true);
    expect(press({ key: 'g', ctrlKey: true })).toBe(true);
    expect(press({ key: 'f', altKey: true })).toBe(true);
    expect(onFind).not.toHaveBeenCalled();
    expect(count()).toBe('0');
  });

  test('with no file, Ctrl+F is the browser’s', () => {
    const onFind = vi.fn();
    const { rerender } = render(<Probe hasFile={false} onFind={onFind} />);
    expect(press({ key: 'f', ctrlKey: true })).toBe(true);
    expect(count()).toBe('0');
    // A file comes, then goes (a refresh): the shortcut follows it.
    rerender(<Probe hasFile onFind={onFind} />);
    expect(press({ key: 'f', ctrlKey: true })).toBe(false);
    rerender(<Probe hasFile={false} onFind={onFind} />);
    expect(press({ key: 'f', metaKey: true })).toBe(true);
    expect(onFind).toHaveBeenCalledTimes(1);
    expect(count()).toBe('1');
  });

  test('closed, the popup listens no more', async () => {
    const onFind = vi.fn();
    const { unmount } = render(<Probe hasFile onFind={onFind} />);
    await act(() => {
      unmount();
    });
    expect(press({ key: 'f', ctrlKey: true })).toBe(true);
    expect(onFind).not.toHaveBeenCalled();
  });
});
