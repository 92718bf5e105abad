// The bus port: what one API process publishes (small JSON events, e.g. "message 42 in conversation 7")
// reaches the subscribers of every process on the same database. Adapters: in-process (embedded
// default, one process) and PostgreSQL LISTEN/NOTIFY (several processes on one database).
// The port carries JSON it does not look into; modules publish and subscribe through the typed
// domain events (modules/domain-events.ts), which check what arrives from other processes.
export type BusData = unknown;

/**
 * `local` is what the publisher attached for subscribers in its own process (e.g. the stored row, so
 * it need not be read again); subscribers in other processes get undefined and `remote` true.
 */
export type BusListener = (data: BusData, local: unknown, remote: boolean) => void;

export type MessageBus = {
  readonly kind: 'in-process' | 'postgres';
  /** Delivers to this process's subscribers at once and to other processes' shortly after. */
  publish(topic: string, data: BusData, local?: unknown): Promise<void>;
  subscribe(topic: string, listener: BusListener): () => void;
  /** Resolves once events of other processes arrive (PostgreSQL: the first LISTEN is in place). */
  ready(): Promise<void>;
  /**
   * Calls `listener` each time events of other processes arrive again after the listening
   * connection was lost: whatever they published in between never reached this process, so what
   * was built from their events (open streams, kept versions) must be rebuilt from the database.
   */
  onResumed(listener: () => void): () => void;
  /** Whether events of other processes arrive now (PostgreSQL: the LISTEN connection is up); readiness. */
  listening(): boolean;
  close(): Promise<void>;
};

/** NOTIFY payloads must stay under 8000 bytes; events carry ids and short fields only. */
export const MAX_BUS_PAYLOAD_BYTES = 7900;
