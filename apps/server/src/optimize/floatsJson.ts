// Many float64s inside a stored JSON value (a chunk's per-block return sums): as one base64 string of
// their bytes rather than an array of numbers. The embedded database parses a JSON array of 12,800
// numbers into jsonb in milliseconds, and a string in a fraction of that; the bits come back
// exactly (−0 and all), where numbers written as text come back as 0 for −0.

/** The numbers as base64 of their little-endian float64 bytes. */
export function floatsToJson(values: Float64Array): string {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
}

/** Back from floatsToJson, or from a plain array of numbers (how chunks stored them before). */
export function floatsFromJson(json: string | number[]): Float64Array {
  if (Array.isArray(json)) return Float64Array.from(json);
  const bytes = Buffer.from(json, 'base64');
  const out = new Float64Array(bytes.length / 8);
  new Uint8Array(out.buffer).set(bytes);
  return out;
}
