/**
 * A tiny typed event emitter. Unlike Node's `EventEmitter`, emitting `error` with no listener does not throw,
 * and a listener that throws is logged instead of breaking the emitter's caller.
 * @module
 */

/** A map from event name to its listener signature. */
export type EventMap = { [event: string]: (...args: never[]) => void }

/** Where the emitter reports listener exceptions. */
export interface EmitterLogger {
  error(...args: unknown[]): void
}

/** Typed `on`/`once`/`off`/`emit` over an {@link EventMap}. */
export class TypedEmitter<M extends EventMap> {
  readonly #listeners = new Map<keyof M, Set<M[keyof M]>>()
  /** Where thrown listener errors go. */
  protected logger: EmitterLogger = console

  /** Adds `listener` for `event`. Adding the same function twice registers it once. Returns `this`. */
  on<E extends keyof M>(event: E, listener: M[E]): this {
    let set = this.#listeners.get(event)
    if (!set) this.#listeners.set(event, (set = new Set()))
    set.add(listener)
    return this
  }

  /** Adds a listener removed after its first call. Remove it early with `off(event, listener)`. */
  once<E extends keyof M>(event: E, listener: M[E]): this {
    const wrapper = ((...args: Parameters<M[E]>) => {
      this.off(event, wrapper)
      ;(listener as (...a: Parameters<M[E]>) => void)(...args)
    }) as unknown as M[E]
    ;(wrapper as { original?: unknown }).original = listener
    return this.on(event, wrapper)
  }

  /** Removes `listener` (or its `once` wrapper) from `event`. Returns `this`. */
  off<E extends keyof M>(event: E, listener: M[E]): this {
    const set = this.#listeners.get(event)
    if (!set) return this
    for (const l of set) if (l === listener || (l as { original?: unknown }).original === listener) set.delete(l)
    if (set.size === 0) this.#listeners.delete(event)
    return this
  }

  /** Removes every listener of `event`, or of all events when `event` is omitted. */
  removeAllListeners(event?: keyof M): this {
    if (event === undefined) this.#listeners.clear()
    else this.#listeners.delete(event)
    return this
  }

  /** Number of listeners registered for `event`. */
  listenerCount(event: keyof M): number {
    return this.#listeners.get(event)?.size ?? 0
  }

  /**
   * Calls every listener of `event` in registration order with `args`. Never throws: a throwing listener is
   * logged and the others still run. Returns whether any listener was registered.
   */
  protected emit<E extends keyof M>(event: E, ...args: Parameters<M[E]>): boolean {
    const set = this.#listeners.get(event)
    if (!set) return false
    for (const listener of [...set]) {
      try {
        ;(listener as (...a: Parameters<M[E]>) => void)(...args)
      } catch (error) {
        this.logger.error(`[voice] "${String(event)}" listener threw`, error)
      }
    }
    return true
  }
}
