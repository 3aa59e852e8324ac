import type { PlatformCore } from './core'
import { PagePromise, type PageItem, type PageResponse } from './pagination'

/** Base of every resource class: holds the shared request core (no HTTP code lives in resources). */
export abstract class APIResource {
  /** The shared request core. */
  protected readonly _core: PlatformCore
  /** @param core the client's request core */
  constructor(core: PlatformCore) {
    this._core = core
  }
}

/**
 * Wraps a page fetcher into a {@link PagePromise} (await → first page, `for await` → every item).
 * @param fetchPage one typed core call taking the page query
 * @param query the caller's filters
 */
export function paginate<R extends PageResponse<unknown>>(
  fetchPage: (query: Record<string, unknown>) => Promise<R>,
  query: object | undefined,
): PagePromise<PageItem<R>, R & PageResponse<PageItem<R>>> {
  return new PagePromise(fetchPage as (q: Record<string, unknown>) => Promise<R & PageResponse<PageItem<R>>>, query)
}

/**
 * Builds multipart form data: `Blob`/`File` values are appended as files (file name from `File.name`, else
 * `fileName` or `"file"`), arrays append each element under the same key, objects are sent as JSON strings,
 * `undefined`/`null` are skipped.
 */
export function toFormData(fields: object, fileName?: string): FormData {
  const form = new FormData()
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return
    if (value instanceof Blob) {
      const name = (value as Partial<File>).name || fileName || 'file'
      form.append(key, value, name)
    } else if (typeof value === 'object') form.append(key, JSON.stringify(value))
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- Blobs and objects are handled above: a primitive is left
    else form.append(key, String(value))
  }
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const v of value) add(key, v)
    else add(key, value)
  }
  return form
}
