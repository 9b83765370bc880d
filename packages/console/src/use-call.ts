import { useCallback, useEffect, useState } from 'preact/hooks';
import { plainError } from './api.js';

/** A call's answer, or its error in plain words; `reload` runs it again. */
export function useCall<T>(call: () => Promise<T>, deps: unknown[] = []) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    setError(null);
    call().then(setData, (err: unknown) => setError(plainError(err)));
  }, deps);
  useEffect(reload, [reload]);
  return { data, error, reload };
}

/** Runs a change, then `done`; its error in plain words until the next try. */
export function useAction() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (change: () => Promise<unknown>, done?: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await change();
      done?.();
    } catch (err) {
      setError(plainError(err));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}
