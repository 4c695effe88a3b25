// The part of an extension storage area (storage.local, .session, .sync) the stores use: the one
// seam their tests stub.

export interface StorageArea {
  get(keys: string | string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}
