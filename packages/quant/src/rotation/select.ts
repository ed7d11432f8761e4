// Which members a decision targets: the ranking (by score, ties by symbol) and the first K of it,
// with the buffer (a held name stays while its rank ≤ K + B) and the template's BUY rule (a member
// it does not pass is skipped, the next one takes its place).

/** Symbol indexes (symbols are numbered in code-point order) ranked by score: highest or lowest
 *  first, ties by symbol; only the best `limit` of them (all by default). A short list is picked in
 *  one pass (a decision over thousands of members targets a few dozen) rather than sorted whole. */
export function rankMembers(members: Int32Array, count: number, score: Float64Array, lowestFirst: boolean, limit = count): number[] {
  const sign = lowestFirst ? 1 : -1;
  const before = (a: number, b: number) => {
    const x = score[a];
    const y = score[b];
    return x !== y ? sign * (x - y) < 0 : a < b;
  };
  if (limit * 4 >= count) {
    const all = Array.from(members.subarray(0, count));
    all.sort((a, b) => (before(a, b) ? -1 : 1));
    return all.length > limit ? all.slice(0, limit) : all;
  }
  const top: number[] = [];
  for (let i = 0; i < count; i++) {
    const s = members[i];
    if (top.length === limit && !before(s, top[limit - 1])) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(top[mid], s)) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, s);
    if (top.length > limit) top.pop();
  }
  return top;
}

/** The rank (1 = first) `s` holds in `rankMembers`' order among the members not marked in `skip`. */
export function rankOf(s: number, members: Int32Array, count: number, score: Float64Array, lowestFirst: boolean, skip: Uint8Array | null): number {
  const sign = lowestFirst ? 1 : -1;
  const x = score[s];
  let rank = 1;
  for (let i = 0; i < count; i++) {
    const m = members[i];
    if (m === s || (skip && skip[m])) continue;
    const y = score[m];
    if (y !== x ? sign * (y - x) < 0 : m < s) rank++;
  }
  return rank;
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
