// The part of an extension storage area (storage.local, .session, .sync) the stores use: the one
// seam their tests stub.

export interface StorageArea {
  get(keys: string | string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
  /**
   * Calls back with the keys whose values changed, by any context (storage.onChanged), this one's
   * writes included. Optional: a store that keeps values in memory reads these again.
   */
  watch?(listener: (keys: string[]) => void): void;
}
