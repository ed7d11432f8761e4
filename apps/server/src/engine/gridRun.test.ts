import { describe, expect, it } from 'vitest';
import { cellChunks, chunkSize } from './gridRun.ts';

// How a grid's cells are cut into engine tasks: enough work in each that a task's own cost (messages,
// setup) stays small beside its cells, up to four tasks a thread, none over 2,000 cells.
describe('grid chunks', () => {
  it('a small grid is cut by its work, not into tasks of a few cells', () => {
    expect(chunkSize(400, 2, 5_000)).toBe(200); // two tasks of a million cell-bars
    expect(chunkSize(100, 2, 5_000)).toBe(100); // one task
    expect(chunkSize(400, 2, 2_844)).toBe(400);
    expect(chunkSize(10, 2, 100)).toBe(10);
  });

  it('a bigger grid takes four tasks a thread, of at most 2,000 cells', () => {
    expect(chunkSize(4_000, 2, 5_000)).toBe(500);
    expect(chunkSize(100_000, 2, 5_000)).toBe(2_000);
    expect(chunkSize(4_000, 4, 5_000)).toBe(250);
  });

  it('the chunks cover every cell once, in order', () => {
    const size = chunkSize(401, 2, 5_000);
    const chunks = cellChunks(401, size);
    expect(chunks[0][0]).toBe(0);
    expect(chunks.at(-1)![1]).toBe(401);
    for (let k = 1; k < chunks.length; k++) expect(chunks[k][0]).toBe(chunks[k - 1][1]);
  });
});
