// In-process bus: subscribers of this process only. The embedded default (SQLite, one process).
import type { BusData, BusListener, MessageBus } from './bus-port.ts';

/** Calls every listener of the topic; one failing listener does not keep the others from the event. */
export function dispatch(
  listeners: Map<string, Set<BusListener>>,
  topic: string,
  data: BusData,
  local: unknown,
  remote: boolean,
  onError: (error: unknown) => void,
): void {
  const set = listeners.get(topic);
  if (!set) return;
  for (const listener of set) {
    try {
      listener(data, local, remote);
    } catch (error) {
      onError(error);
    }
  }
}

export function subscribeTo(listeners: Map<string, Set<BusListener>>, topic: string, listener: BusListener) {
  let set = listeners.get(topic);
  if (!set) {
    set = new Set();
    listeners.set(topic, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(topic);
  };
}

export function createInProcessBus(options: { onError?: (error: unknown) => void } = {}): MessageBus {
  const listeners = new Map<string, Set<BusListener>>();
  const onError = options.onError ?? (() => undefined);
  return {
    kind: 'in-process',
    async publish(topic, data, local) {
      dispatch(listeners, topic, data, local, false, onError);
    },
    subscribe: (topic, listener) => subscribeTo(listeners, topic, listener),
    ready: async () => undefined,
    // One process hears all its events: nothing is ever missed.
    onResumed: () => () => undefined,
    listening: () => true,
    async close() {
      listeners.clear();
    },
  };
}
