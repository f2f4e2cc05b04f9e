/** The counter's IndexedDB database and its one object store (ADR 184). */
export const COUNTER_DB = 'nest-counter';
export const COUNTER_STORE = 'records';

/**
 * At sign-out: the counter's key and snapshot go; queued check-ins stay sealed until the same
 * merchant signs in again (ADR 184). Its own small module, loaded by the sign-out only when it runs.
 */
export function forgetCounterKeys(): Promise<void> {
  return new Promise((resolve) => {
    const open = indexedDB.open(COUNTER_DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(COUNTER_STORE);
    open.onerror = () => resolve();
    open.onsuccess = () => {
      const db = open.result;
      const store = db.transaction(COUNTER_STORE, 'readwrite').objectStore(COUNTER_STORE);
      const nest = store.get('nest');
      nest.onsuccess = () => {
        if (typeof nest.result === 'string') {
          store.delete(`key:${nest.result}`);
          store.delete(`snapshot:${nest.result}`);
        }
      };
      store.transaction.oncomplete = () => {
        db.close();
        resolve();
      };
      store.transaction.onerror = () => resolve();
    };
  });
}
