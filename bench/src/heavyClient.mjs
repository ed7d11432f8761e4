// (Plain JavaScript: worker threads do not inherit the TypeScript loader.) The fairness suite's heavy user, on its own thread (its own event loop), so receiving megabytes of
// chart answers does not count against the server's event loop the suite measures. Sends waves of
// `parallel` requests to `url` until told to stop, then reports how many answered each status.
import { parentPort, workerData } from 'node:worker_threads';

const { url, headers, parallel } = workerData;
let running = true;
parentPort.on('message', (m) => {
  if (m === 'stop') running = false;
});
const statuses = {};
while (running) {
  const wave = await Promise.all(
    Array.from({ length: parallel }, async () => {
      const r = await fetch(url, { headers });
      await r.arrayBuffer();
      return r.status;
    }),
  );
  for (const s of wave) statuses[s] = (statuses[s] ?? 0) + 1;
}
parentPort.postMessage(statuses);
