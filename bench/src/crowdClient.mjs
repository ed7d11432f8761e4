// (Plain JavaScript: worker threads do not inherit the TypeScript loader.) One account of the crowd
// suite on its own thread, all of them from one client address: waves of `parallel` of the heaviest
// chart requests, back to back, and a whole-market universe run and a large optimisation grid started
// again whenever the account may (the account's, the address's and the site's limits answer 429 /
// 503, which it counts and waits out briefly). Reports how many answers had each status, per kind.
import { parentPort, workerData } from 'node:worker_threads';

const { base, chartPath, runBody, gridBody, headers, parallel } = workerData;
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
    if (wave.every((s) => s === 429)) await sleep(50);
  }
}

async function starts(what, path, body) {
  while (running) {
    const r = await fetch(base + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await r.arrayBuffer();
    count(what, r.status);
    await sleep(r.status === 202 ? 100 : 500);
  }
}

await Promise.all([charts(), starts('run', '/api/universe_runs/', runBody), starts('grid', '/api/optimizations/', gridBody)]);
parentPort.postMessage(statuses);
