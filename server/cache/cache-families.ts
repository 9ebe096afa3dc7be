/**
 * How many keys of one family a cache may hold (docs/decisions/0024-memory-that-cannot-be-exhausted-from-outside.md).
 * A family is every key a visitor can vary one way: the limits and offsets of one list, every search,
 * every unknown id. Each family keeps its own least recently used order; past its cap, storing a key
 * names the family's oldest to drop, so one kind of variety can never push every other entry out.
 */
export class KeyFamilies {
  /** Per family, its keys from least to most recently used (a Set keeps insertion order). */
  private readonly families = new Map<string, Set<string>>();

  /** Records `key` in `family`; answers the key to drop when the family is past `cap`. */
  add(family: string, key: string, cap: number): string | undefined {
    let keys = this.families.get(family);
    if (!keys) {
      keys = new Set();
      this.families.set(family, keys);
    }
    keys.delete(key);
    keys.add(key);
    if (keys.size <= cap) return undefined;
    return keys.values().next().value;
  }

  /** Marks a key of a family as just used. */
  touch(family: string, key: string): void {
    const keys = this.families.get(family);
    if (!keys?.delete(key)) return;
    keys.add(key);
  }

  remove(family: string, key: string): void {
    const keys = this.families.get(family);
    if (!keys?.delete(key)) return;
    if (keys.size === 0) this.families.delete(family);
  }

  /** How many keys `family` holds now. */
  count(family: string): number {
    return this.families.get(family)?.size ?? 0;
  }

  clear(): void {
    this.families.clear();
  }
}
