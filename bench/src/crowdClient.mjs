// (Plain JavaScript: worker threads do not inherit the TypeScript loader.) One account of the crowd
// suite on its own thread: waves of `parallel` heavy chart requests, back to back, and a universe run
// started again whenever the account may (its per-user and the site's limits answer 429 / 503, which
// it counts and waits out briefly). Reports how many answers had each status, per kind.
import { parentPort, workerData } from 'node:worker_threads';

const { base, chartPath, runBody, headers, parallel } = workerData;
let running = true;
parentPort.on('message', (m) => {
  if (m === 'stop') running = false;
});
const statuses = {};
const count = (what, s) => (statuses[`${what} ${s}`] = (statuses[`${what} ${s}`] ?? 0) + 1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function charts() {
  while (running) {
    const wave = await Promise.all(
      Array.from({ length: parallel }, async () => {
        const r = await fetch(base + chartPath, { headers });
        await r.arrayBuffer();
        return r.status;
      }),
    );
    for (const s of wave) count('chart', s);
  }
}

async function runs() {
  while (running) {
    const r = await fetch(base + '/api/universe_runs/', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(runBody) });
    await r.arrayBuffer();
    count('run', r.status);
    await sleep(r.status === 202 ? 100 : 500);
  }
}

await Promise.all([charts(), runs()]);
parentPort.postMessage(statuses);
