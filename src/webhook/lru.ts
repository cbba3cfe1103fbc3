/**
 * A least-recently-used map holding at most `capacity` entries: reading an entry makes it the most
 * recent, and adding one beyond the capacity drops the least recent. Capacity 0 keeps nothing.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(readonly capacity: number) {}

  /** The value of `key`, marked as most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores `value` under `key` as the most recent entry, dropping the least recent beyond capacity. */
  set(key: K, value: V): void {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Removes `key`; true when it was there. */
  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  /** How many entries are held. */
  get size(): number {
    return this.entries.size;
  }
}
