import { useCallback, useState } from 'react';

const read = (key: string) => {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};

/** A yes/no of the editor's layout (a side panel collapsed) kept on this device, so the editor opens as it was left. */
export function useRememberedFlag(key: string) {
  const [on, setOn] = useState(() => read(key));
  const toggle = useCallback(() => {
    setOn((current) => {
      try {
        localStorage.setItem(key, current ? '0' : '1');
      } catch {
        // Private mode or a full storage: the layout holds for this visit only.
      }
      return !current;
    });
  }, [key]);
  return [on, toggle] as const;
}
