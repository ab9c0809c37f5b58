// The hook in a small app: a transcript box, the engine's best move as it
// thinks, and a new search for each change of the transcript (the last one
// is dropped). Built by Vite in the tests (tests/browser/react-example.test.mjs).
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useOthelloEngine } from './use-othello-engine.js';

function App() {
  const [transcript, setTranscript] = useState('f5d6c3');
  const { search, report, thinking, error, threads } = useOthelloEngine();

  useEffect(() => {
    search(transcript, { depth: 10, book: false }).catch(() => {});
  }, [transcript, search]);

  return (
    <main>
      <label>
        Moves <input id="moves" value={transcript} onChange={(event) => setTranscript(event.target.value.trim())} />
      </label>
      <p id="state">{error ? `Error: ${error.message}` : thinking ? 'Thinking…' : 'Done'}</p>
      {report && (
        <p id="best" data-depth={report.depth}>
          Best {report.best ?? '–'} ({report.score > 0 ? '+' : ''}{report.score}), depth {report.depth}
        </p>
      )}
      {threads && <p id="threads">{threads.threads} thread{threads.threads === 1 ? '' : 's'}</p>}
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
