import type { OfflineCheckIn, OfflineSnapshot } from '@nest/contracts/offline';

/**
 * The counter's offline data on this device (ADR 184): one IndexedDB database holding, per nest,
 * the snapshot and the queued check-ins, each encrypted with AES-GCM under the key the API hands a
 * signed-in merchant (`storage_key`). The key is kept as a non-extractable CryptoKey (usable by this
 * origin, never readable as bytes) and forgotten at sign-out; the queue stays, unreadable, until the
 * same merchant signs in again and the API gives the same key back.
 */
import { COUNTER_DB, COUNTER_STORE } from './forget';

const DB_NAME = COUNTER_DB;
const STORE = COUNTER_STORE;

interface Sealed {
  iv: Uint8Array;
  data: ArrayBuffer;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let opened: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => {
      opened = null;
      reject(open.error);
    };
  });
  return opened;
}

async function tx<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return request(run(db.transaction(STORE, mode).objectStore(STORE)));
}

const get = <T>(key: string) => tx('readonly', (s) => s.get(key) as IDBRequest<T | undefined>);
const put = (key: string, value: unknown) => tx('readwrite', (s) => s.put(value, key));
const remove = (key: string | IDBKeyRange) => tx('readwrite', (s) => s.delete(key));

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Keeps the nest's storage key (non-extractable) and remembers which nest this counter serves. */
export async function rememberKey(nestId: string, storageKey: string): Promise<CryptoKey> {
  const key = await crypto.subtle.importKey('raw', fromBase64url(storageKey), 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
  await put(`key:${nestId}`, key);
  await put('nest', nestId);
  return key;
}

async function seal(key: CryptoKey, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(JSON.stringify(value)),
  );
  return { iv, data };
}

async function open<T>(key: CryptoKey, sealed: Sealed): Promise<T> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: sealed.iv as Uint8Array<ArrayBuffer> },
    key,
    sealed.data,
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

/** The nest this counter serves and its key, or null when no merchant session unlocked it here. */
export async function unlocked(): Promise<{ nestId: string; key: CryptoKey } | null> {
  const nestId = await get<string>('nest');
  if (!nestId) return null;
  const key = await get<CryptoKey>(`key:${nestId}`);
  return key ? { nestId, key } : null;
}

export async function saveSnapshot(key: CryptoKey, snapshot: StoredSnapshot): Promise<void> {
  await put(`snapshot:${snapshot.nest_id}`, await seal(key, snapshot));
}

/** The snapshot as kept: the API's, with this device's own check-ins counted in since. */
export type StoredSnapshot = Omit<OfflineSnapshot, 'storage_key'>;

export async function loadSnapshot(nestId: string, key: CryptoKey): Promise<StoredSnapshot | null> {
  const sealed = await get<Sealed>(`snapshot:${nestId}`);
  if (!sealed) return null;
  try {
    return await open<StoredSnapshot>(key, sealed);
  } catch {
    return null;
  }
}

const queueRange = (nestId: string) => IDBKeyRange.bound(`queue:${nestId}:`, `queue:${nestId}:\uffff`);

/** Queues a check-in given offline; keys sort in the order they were given. */
export async function enqueue(nestId: string, key: CryptoKey, checkIn: OfflineCheckIn): Promise<void> {
  const order = `${Date.parse(checkIn.checked_at).toString().padStart(15, '0')}:${checkIn.client_id}`;
  await put(`queue:${nestId}:${order}`, await seal(key, checkIn));
}

export async function queued(
  nestId: string,
  key: CryptoKey,
): Promise<{ storeKey: string; checkIn: OfflineCheckIn }[]> {
  const db = await database();
  const store = db.transaction(STORE, 'readonly').objectStore(STORE);
  const [keys, values] = await Promise.all([
    request(store.getAllKeys(queueRange(nestId))),
    request(store.getAll(queueRange(nestId)) as IDBRequest<Sealed[]>),
  ]);
  const entries: { storeKey: string; checkIn: OfflineCheckIn }[] = [];
  for (let i = 0; i < keys.length; i++) {
    entries.push({ storeKey: String(keys[i]), checkIn: await open<OfflineCheckIn>(key, values[i]!) });
  }
  return entries;
}

export async function countQueued(nestId: string): Promise<number> {
  return tx('readonly', (s) => s.count(queueRange(nestId)));
}

export async function dequeue(storeKeys: string[]): Promise<void> {
  for (const storeKey of storeKeys) await remove(storeKey);
}
