// A process's memory of what it wrote last: the newest `max` values by key, the oldest forgotten
// first (a Map keeps its keys in insertion order). The quotes a server stored (QuoteCache) and the
// orders it created (OrderSnapshots) are kept this way.

/** The newest `max` values by key. */
export class Newest<V> {
  private readonly values = new Map<string, V>()
  constructor(private readonly max = 1_000) {}
  /** Keeps `value` under `key` as the newest; the oldest goes when there are more than `max`. */
  protected keep(key: string, value: V): void {
    this.values.delete(key)
    this.values.set(key, value)
    if (this.values.size > this.max) this.values.delete(this.values.keys().next().value as string)
  }
  get(key: string): V | undefined {
    return this.values.get(key)
  }
  /** The value of `key`, forgotten. */
  take(key: string): V | undefined {
    const value = this.values.get(key)
    if (value !== undefined) this.values.delete(key)
    return value
  }
}
