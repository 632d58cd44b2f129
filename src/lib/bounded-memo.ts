/**
 * Results remembered by key, for work asked again and again with a few dozen keys (metric keys,
 * block labels, chart labels). The keys can come from untrusted files, so the memo forgets
 * everything once it holds `limit` of them instead of growing with every line ever read.
 */
export class BoundedMemo<V> {
  readonly #values = new Map<string, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get(key: string, compute: () => V): V {
    const known = this.#values.get(key);
    if (known !== undefined || this.#values.has(key)) return known as V;
    const value = compute();
    if (this.#values.size >= this.#limit) this.#values.clear();
    this.#values.set(key, value);
    return value;
  }
}

/**
 * `compute` remembering only its last argument (compared with ===) and result: for work that
 * several callers ask of the same input in a row, such as each raw file's lines and blocks, which
 * every format's detector and then the parser read.
 */
export function rememberLast<K, V>(compute: (key: K) => V): (key: K) => V {
  let last: { key: K; value: V } | undefined;
  return (key) => {
    if (last === undefined || last.key !== key) last = { key, value: compute(key) };
    return last.value;
  };
}
