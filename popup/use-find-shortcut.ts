// Ctrl/Cmd+F anywhere in the popup: the file view's find box.
import { useEffect, useRef, useState } from 'preact/hooks';

/** Owns the find requests counted for the file view: Ctrl/Cmd+F while `hasFile` calls `onFind`. */
export function useFindShortcut(hasFile: boolean, onFind: () => void): number {
  const [findRequest, setFindRequest] = useState(0);
  // The latest `onFind`, so one made anew at each render does not add and remove the listener.
  const latest = useRef(onFind);
  latest.current = onFind;
  useEffect(() => {
    if (!hasFile) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'f') return;
      event.preventDefault();
      latest.current();
      setFindRequest((n) => n + 1);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [hasFile]);
  return findRequest;
}
