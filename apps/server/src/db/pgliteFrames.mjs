// Messages on the embedded database's unix socket: a 4-byte length, then the message in V8's
// serialisation (structured clone, so Uint8Array parameters and bytea results cross unchanged).
import { deserialize, serialize } from 'node:v8';

export function writeFrame(socket, message) {
  const body = serialize(message);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  socket.write(Buffer.concat([head, body]));
}

/** A 'data' listener that calls onMessage for every whole message received. A large message (a
 *  bulk COPY's bytes) arrives in many chunks: they are joined once it is whole, not chunk by chunk. */
export function frameReader(onMessage) {
  let parts = [];
  let have = 0;
  let need = 4; // bytes the next step waits for: a length, then a whole message
  return (chunk) => {
    parts.push(chunk);
    have += chunk.length;
    while (have >= need) {
      let buf = parts.length === 1 ? parts[0] : Buffer.concat(parts, have);
      const len = buf.readUInt32BE(0);
      if (buf.length < 4 + len) {
        parts = [buf];
        need = 4 + len;
        break;
      }
      onMessage(deserialize(buf.subarray(4, 4 + len)));
      buf = buf.subarray(4 + len);
      parts = buf.length ? [buf] : [];
      have = buf.length;
      need = 4;
    }
  };
}
