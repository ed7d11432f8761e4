// PostgreSQL's binary COPY format, written: what `COPY … FROM … WITH (FORMAT binary)` reads. The
// embedded database takes bulk writes this way (Db.copyBinaryIn): no SQL text to build and parse,
// and bytea goes in as raw bytes instead of base64.
//
// Layout: the 11-byte signature, a 4-byte flags field and a 4-byte header extension length (both 0),
// then per row a 2-byte field count and per field a 4-byte length (-1 for NULL) and the value, all
// integers big-endian; a field count of -1 ends the data.

export type CopyType = 'text' | 'int4' | 'float8' | 'date' | 'bytea';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
// The binary form of date counts days from 2000-01-01.
const PG_EPOCH_DAY = Date.UTC(2000, 0, 1) / 86_400_000;

function fieldSize(type: CopyType, v: unknown): number {
  if (v === null || v === undefined) return 0;
  switch (type) {
    case 'text':
      return Buffer.byteLength(v as string);
    case 'bytea':
      return (v as Uint8Array).byteLength;
    case 'float8':
      return 8;
    default:
      return 4;
  }
}

/** Encodes rows (one value per column, null for NULL; date as 'YYYY-MM-DD') in one buffer. */
export function copyBinary(types: readonly CopyType[], rows: ReadonlyArray<readonly unknown[]>): Buffer<ArrayBuffer> {
  let size = SIGNATURE.length + 8 + 2;
  for (const row of rows) {
    if (row.length !== types.length) throw new Error(`copyBinary: a row has ${row.length} values for ${types.length} columns`);
    size += 2 + 4 * types.length;
    for (let k = 0; k < types.length; k++) size += fieldSize(types[k], row[k]);
  }
  // Its own memory (not Node's shared pool), so the whole buffer is this data.
  const out = Buffer.alloc(size);
  let p = SIGNATURE.copy(out, 0) + 8;
  for (const row of rows) {
    p = out.writeInt16BE(types.length, p);
    for (let k = 0; k < types.length; k++) {
      const v = row[k];
      if (v === null || v === undefined) {
        p = out.writeInt32BE(-1, p);
        continue;
      }
      switch (types[k]) {
        case 'text': {
          const len = out.write(v as string, p + 4, 'utf8');
          p = out.writeInt32BE(len, p) + len;
          break;
        }
        case 'bytea': {
          const b = v as Uint8Array;
          p = out.writeInt32BE(b.byteLength, p);
          out.set(b, p);
          p += b.byteLength;
          break;
        }
        case 'int4':
          p = out.writeInt32BE(v as number, out.writeInt32BE(4, p));
          break;
        case 'float8':
          p = out.writeDoubleBE(v as number, out.writeInt32BE(8, p));
          break;
        case 'date': {
          const day = Date.parse(`${v as string}T00:00:00Z`) / 86_400_000;
          if (!Number.isInteger(day)) throw new Error(`copyBinary: not a date: ${String(v)}`);
          p = out.writeInt32BE(day - PG_EPOCH_DAY, out.writeInt32BE(4, p));
          break;
        }
      }
    }
  }
  out.writeInt16BE(-1, p);
  return out;
}
