import { useCallback, useEffect, useState } from 'react';

/**
 * The elapsed time of a running job, re-rendered every `tickMs` while `running`; `start()` resets it and
 * returns the start time. Both the editor's and the studio's progress bars are driven by it.
 */
export function useJobClock(running: boolean, tickMs = 250) {
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(id);
  }, [running, tickMs]);
  const start = useCallback(() => {
    const t = Date.now();
    setStartedAt(t);
    setNow(t);
    return t;
  }, []);
  return { start, elapsedSeconds: running && startedAt ? Math.max(0, (now - startedAt) / 1000) : 0 };
}
