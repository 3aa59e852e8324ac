/**
 * Auto-pagination for listings shaped `{ results, metadata }` (the v2 listings and the paginated v1 ones),
 * after openai-node `src/core/pagination.ts`:
 *
 * ```ts
 * const first = await client.v2.assistants.list({ limit: 50 })   // one page
 * for await (const assistant of client.v2.assistants.list()) {}  // every item, page after page
 * ```
 * Next page: `metadata.nextCursor` → `cursor=<it>`; else `page = currentPage + 1` while `hasNextPage` is not
 * `false`, `currentPage < totalPages` and `currentPage · itemsPerPage < totalItems` (where known), and the
 * page was not empty.
 */

/** The pagination metadata the platform returns (official `PaginationMeta`; all fields optional here). */
export interface PageMetadata {
  itemsPerPage?: number | null
  totalItems?: number | null
  currentPage?: number | null
  totalPages?: number | null
  hasNextPage?: boolean | null
  nextCursor?: string | null
  [key: string]: unknown
}

/** A raw paginated response body. */
export interface PageResponse<Item> {
  results: Item[]
  /** Read as {@link PageMetadata}; typed loosely so every generated `…PaginatedResponse` fits. */
  metadata?: object | undefined
}

/** Item type of a paginated response type. */
export type PageItem<R> = R extends { results: (infer I)[] } ? I : never

type FetchPage<R> = (query: Record<string, unknown>) => Promise<R>

/** One page of results with the means to fetch the next. Async-iterating a page yields it and every later item. */
export class Page<Item, R extends PageResponse<Item> = PageResponse<Item>> implements AsyncIterable<Item> {
  /** Items of this page. */
  readonly results: Item[]
  /** Pagination metadata of this page. */
  readonly metadata: PageMetadata
  /** The raw response body. */
  readonly response: R
  readonly #fetch: FetchPage<R>
  readonly #query: Record<string, unknown>

  /** @internal */
  constructor(fetchPage: FetchPage<R>, query: Record<string, unknown>, response: R) {
    this.#fetch = fetchPage
    this.#query = query
    this.response = response
    this.results = Array.isArray(response?.results) ? response.results : []
    this.metadata = (response?.metadata ?? {}) as PageMetadata
  }

  /** Query for the next page, or `null` when this is the last page. */
  nextPageQuery(): Record<string, unknown> | null {
    const m = this.metadata
    if (this.results.length === 0 || m.hasNextPage === false) return null
    if (typeof m.nextCursor === 'string' && m.nextCursor) {
      if (m.nextCursor === this.#query['cursor']) return null
      const { page: _page, ...rest } = this.#query
      return { ...rest, cursor: m.nextCursor }
    }
    const current = m.currentPage ?? (typeof this.#query['page'] === 'number' ? this.#query['page'] : 1)
    if (m.totalPages != null && current >= m.totalPages) return null
    if (m.totalItems != null && m.itemsPerPage != null && current * m.itemsPerPage >= m.totalItems) return null
    if (m.hasNextPage == null && m.totalPages == null && m.totalItems == null) {
      const size = (this.#query['limit'] as number | undefined) ?? m.itemsPerPage
      if (size == null || this.results.length < size) return null
    }
    return { ...this.#query, page: current + 1 }
  }

  /** True when another page exists. */
  hasNextPage(): boolean {
    return this.nextPageQuery() !== null
  }

  /** Fetches the next page. @throws {Error} when there is none (check {@link hasNextPage} first) */
  async getNextPage(): Promise<Page<Item, R>> {
    const q = this.nextPageQuery()
    if (!q) throw new Error('No next page: check hasNextPage() first.')
    return new Page(this.#fetch, q, await this.#fetch(q))
  }

  /** Yields this page and every following page. */
  async *iterPages(): AsyncGenerator<Page<Item, R>> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk starts at this page and moves on
    let page: Page<Item, R> = this
    yield page
    while (page.hasNextPage()) {
      page = await page.getNextPage()
      yield page
    }
  }

  /** Yields every item from this page on. */
  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for await (const page of this.iterPages()) yield* page.results
  }
}

/**
 * What a paginated list method returns: `await` it for the first {@link Page}, or `for await` it for every
 * item across pages. The first request is sent when either starts (lazily), once.
 */
export class PagePromise<Item, R extends PageResponse<Item> = PageResponse<Item>>
  implements PromiseLike<Page<Item, R>>, AsyncIterable<Item>
{
  readonly #fetch: FetchPage<R>
  readonly #query: Record<string, unknown>
  #first: Promise<Page<Item, R>> | undefined

  /**
   * @param fetchPage fetches one page for a query (the request core call)
   * @param query the caller's query (page / cursor are managed by the iterator)
   */
  constructor(fetchPage: FetchPage<R>, query: object | undefined) {
    this.#fetch = fetchPage
    this.#query = { ...(query as Record<string, unknown> | undefined) }
  }

  #firstPage(): Promise<Page<Item, R>> {
    return (this.#first ??= this.#fetch(this.#query).then((r) => new Page(this.#fetch, this.#query, r)))
  }

  /** Resolves with the first page. */
  then<A = Page<Item, R>, B = never>(
    onfulfilled?: ((value: Page<Item, R>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#firstPage().then(onfulfilled, onrejected)
  }

  /** Like `Promise.prototype.catch` on the first page. */
  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<Item, R> | B> {
    return this.#firstPage().catch(onrejected)
  }

  /** Yields every item of every page. */
  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    const first = await this.#firstPage()
    yield* first
  }
}
