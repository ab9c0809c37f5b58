// Workers for the package's scripts when they come from another origin than
// the page's (the package loaded from a CDN): browsers start a worker only
// from a script of the page's own origin, so the worker runs a same-origin
// blob: script that imports the other origin's script (fetched with CORS,
// which CDNs allow). Its import.meta.url stays the script's own URL, so the
// .wasm and the pool workers are found next to it as usual.

/** Whether a module at `moduleUrl` (its import.meta.url) is on another origin than the page (or worker) running it. */
export function onOtherOrigin(moduleUrl) {
  const here = globalThis.location?.origin;
  if (here === undefined || here === 'null') return false;
  return new URL(moduleUrl).origin !== here;
}

/** A module worker running the script at `url` (of another origin) through a same-origin blob: script. */
export function workerFromOtherOrigin(url) {
  const script = new Blob([`import ${JSON.stringify(String(url))};\n`], { type: 'text/javascript' });
  const blobUrl = URL.createObjectURL(script);
  const worker = new Worker(blobUrl, { type: 'module' });
  // The worker has its script once it speaks (or fails).
  const revoke = () => URL.revokeObjectURL(blobUrl);
  worker.addEventListener('message', revoke, { once: true });
  worker.addEventListener('error', revoke, { once: true });
  return worker;
}
