// Messages on the embedded database's unix socket: a 4-byte length, then the message in V8's
// serialisation (structured clone, so Uint8Array parameters and bytea results cross unchanged).
import { deserialize, serialize } from 'node:v8';

export function writeFrame(socket, message) {
  const body = serialize(message);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  socket.write(Buffer.concat([head, body]));
}

/** A 'data' listener that calls onMessage for every whole message received. */
export function frameReader(onMessage) {
  let buf = Buffer.alloc(0);
  return (chunk) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    while (buf.length >= 4) {
      const len = buf.readUInt32BE(0);
      if (buf.length < 4 + len) break;
      const body = buf.subarray(4, 4 + len);
      buf = buf.subarray(4 + len);
      onMessage(deserialize(body));
    }
  };
}
