import { useState } from 'react';
import { NO_PATH, type TestPath } from '../canvas/selection.ts';

/** "Testar": the test panel open instead of the node panel, and the path its run highlights on the canvas. */
export function useTestMode(onStart: () => void) {
  const [testing, setTesting] = useState(false);
  const [path, setPath] = useState<TestPath>(NO_PATH);
  const start = () => {
    onStart();
    setTesting(true);
  };
  const stop = () => {
    setTesting(false);
    setPath(NO_PATH);
  };
  return { testing, path, setPath, start, stop };
}
