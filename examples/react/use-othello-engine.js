// A React hook for the engine: one EngineClient (one worker) for the
// component's life, searches that cancel the one before them (a position the
// player has left needs no answer) and progress as state. Copy it into your
// app; it uses only the package's public API.
import { useCallback, useEffect, useRef, useState } from 'react';
import { EngineClient } from 'othello-wasm-engine/client';

/**
 * `{ search, stop, report, thinking, error, threads }`: `search(position,
 * limits)` starts a search (ending the one running, whose promise rejects
 * with an AbortError) and resolves with its final report; `report` is the
 * latest progress report or result; `thinking` is true while a search runs.
 */
export function useOthelloEngine(options) {
  const client = useRef(null);
  const running = useRef(null);
  const [report, setReport] = useState(null);
  const [thinking, setThinking] = useState(false);
  const [error, setError] = useState(null);
  const [threads, setThreads] = useState(null);

  useEffect(() => {
    const engine = new EngineClient(options);
    client.current = engine;
    engine.ready().then(setThreads, setError);
    return () => {
      running.current?.abort();
      engine.terminate();
      client.current = null;
    };
    // One client for the component's life: options are read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const search = useCallback(async (position, limits) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setThinking(true);
    setError(null);
    try {
      const result = await client.current.search(position, limits, {
        signal: controller.signal,
        onProgress: (progress) => { if (!controller.signal.aborted) setReport(progress); },
      });
      if (!controller.signal.aborted) setReport(result);
      return result;
    } catch (failure) {
      if (failure.name !== 'AbortError') setError(failure);
      throw failure;
    } finally {
      if (running.current === controller) {
        running.current = null;
        setThinking(false);
      }
    }
  }, []);

  const stop = useCallback(() => client.current?.stop(), []);

  return { search, stop, report, thinking, error, threads };
}
