import { describe, expect, it } from 'vitest';
import { serialize } from 'node:v8';
import { frameReader } from './pgliteFrames.mjs';

// What writeFrame puts on the socket, built here so the test can cut it anywhere.
const frame = (m: unknown) => {
  const body = serialize(m);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  return Buffer.concat([head, body]);
};

describe('frameReader', () => {
  const messages = [{ id: 1, op: 'query', sql: 'SELECT 1' }, { id: 2, bytes: Uint8Array.from({ length: 200_000 }, (_, i) => i % 256) }, { id: 3 }];
  const stream = Buffer.concat(messages.map(frame));

  it.each([1, 3, 4, 5, 64, 65_536, stream.length])('reads every message whole, in order, from chunks of %i bytes', (size) => {
    const got: unknown[] = [];
    const read = frameReader((m) => got.push(m));
    for (let at = 0; at < stream.length; at += size) read(stream.subarray(at, at + size));
    expect(got).toEqual(messages);
  });
});
