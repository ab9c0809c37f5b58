// Shared by the worker client's tests: a client for the length of a body,
// and the first progress report at a depth.
import { EngineClient } from '../../pkg/client.js';

/** Runs `body` with a new client and ends the client afterwards. */
export async function withClient(options, body) {
  const client = new EngineClient(options);
  try {
    return await body(client);
  } finally {
    client.terminate();
  }
}

/** Resolves with the first progress report of `client` at or beyond `depth`. */
export function progressAt(client, depth) {
  return new Promise((resolve) => {
    const listener = (event) => {
      if (event.detail.depth >= depth) {
        client.removeEventListener('progress', listener);
        resolve(event.detail);
      }
    };
    client.addEventListener('progress', listener);
  });
}
