/** A socket whose right to stay open depends on a user and a session. */
export interface Watcher {
  recheck(): void;
}

/**
 * This instance's live sockets by user id, session id and watched tenant id, so that an announced
 * change (a role, a membership, a deactivation, a suspended or deleted tenant, a revoked session:
 * the bus's sessions topic) rechecks exactly the sockets it concerns, at once. All three kinds of
 * id are UUIDs, so one map serves them and any announcement naming one is understood.
 */
export class AccessWatch {
  private readonly byId = new Map<string, Set<Watcher>>();

  add(watcher: Watcher, ids: readonly string[]): void {
    for (const id of ids) {
      let set = this.byId.get(id);
      if (!set) this.byId.set(id, (set = new Set()));
      set.add(watcher);
    }
  }

  remove(watcher: Watcher, ids: readonly string[]): void {
    for (const id of ids) {
      const set = this.byId.get(id);
      if (set?.delete(watcher) && set.size === 0) this.byId.delete(id);
    }
  }

  changed(id: string): void {
    for (const watcher of this.byId.get(id) ?? []) watcher.recheck();
  }
}
