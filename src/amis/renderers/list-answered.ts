/** What the placeholder reads of the crud that hosts its table (amis hands the crud to its table as `host`). */
export interface ListHost {
  props?: {
    api?: unknown;
    initFetch?: unknown;
    store?: { updatedAt?: number; error?: boolean };
  };
}

/**
 * Whether a list has had its first answer (rows, none, or a failure). A table outside a crud, a crud
 * without an api or one that waits for its first search has nothing to wait for.
 */
export function listAnswered(host: ListHost | undefined): boolean {
  const props = host?.props;
  if (!props?.store || !props.api || props.initFetch === false) return true;
  return (props.store.updatedAt ?? 0) > 0 || Boolean(props.store.error);
}
