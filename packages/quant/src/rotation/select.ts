// Which members a decision targets: the ranking (by score, ties by symbol) and the first K of it,
// with the buffer (a held name stays while its rank ≤ K + B) and the template's BUY rule (a member
// it does not pass is skipped, the next one takes its place).

/** Symbol indexes (symbols are numbered in code-point order) ranked by score: highest or lowest
 *  first, ties by symbol. */
export function rankMembers(members: Int32Array, count: number, score: Float64Array, lowestFirst: boolean): number[] {
  const out = Array.from(members.subarray(0, count));
  const sign = lowestFirst ? 1 : -1;
  out.sort((a, b) => {
    const x = score[a];
    const y = score[b];
    return x !== y ? sign * (x - y) : a - b;
  });
  return out;
}

/** The targets as positions into `ranked` (rank − 1), ascending: held names ranked within top +
 *  buffer stay, then the best others fill the holdings up to `top`. `skip` marks symbols already
 *  taken (the long side, when choosing shorts); `passes` is the BUY rule. */
export function chooseTargets(
  ranked: readonly number[],
  top: number,
  buffer: number,
  held: (s: number) => boolean,
  passes: (s: number) => boolean,
  skip: Uint8Array | null,
): number[] {
  const out: number[] = [];
  const taken = new Set<number>();
  if (buffer > 0) {
    const reach = Math.min(ranked.length, top + buffer);
    for (let r = 0; r < reach && out.length < top; r++) {
      const s = ranked[r];
      if ((skip && skip[s]) || !held(s) || !passes(s)) continue;
      out.push(r);
      taken.add(r);
    }
  }
  for (let r = 0; r < ranked.length && out.length < top; r++) {
    const s = ranked[r];
    if (taken.has(r) || (skip && skip[s]) || !passes(s)) continue;
    out.push(r);
  }
  return out.sort((a, b) => a - b);
}
