import type { RequestOptions } from '../core/core'
import { APIResource, paginate } from '../core/resource'
import type { JsonBody, QueryParams, ResponseBody, Schemas } from '../core/types'

/** A test suite (official `TestSuite`). */
export type TestSuite = Schemas['TestSuite']
/** A test of a suite (voice or chat). */
export type TestSuiteTest = ResponseBody<'/test-suite/{id}/test/{testId}', 'get'>
/** A run of a suite (official `TestSuiteRun`). */
export type TestSuiteRun = Schemas['TestSuiteRun']

/** Tests of a suite: `/test-suite/{id}/test`, `/test-suite/{id}/test/{testId}` (SPEC §7). */
export class TestSuiteTests extends APIResource {
  /** `POST /test-suite/{suiteId}/test` — body `CreateTestSuiteTestVoiceDto` or `…ChatDto`. */
  create(
    suiteId: string,
    body: JsonBody<'/test-suite/{id}/test', 'post'>,
    options?: RequestOptions,
  ): Promise<TestSuiteTest> {
    return this._core.call('post', '/test-suite/{id}/test', { path: { id: suiteId }, body }, options)
  }
  /** `GET /test-suite/{suiteId}/test` — auto-paginated. */
  list(suiteId: string, query?: QueryParams<'/test-suite/{id}/test', 'get'>, options?: RequestOptions) {
    return paginate(
      (q) => this._core.call('get', '/test-suite/{id}/test', { path: { id: suiteId }, query: q }, options),
      query,
    )
  }
  /** `GET /test-suite/{suiteId}/test/{testId}`. */
  retrieve(suiteId: string, testId: string, options?: RequestOptions): Promise<TestSuiteTest> {
    return this._core.call('get', '/test-suite/{id}/test/{testId}', { path: { id: suiteId, testId } }, options)
  }
  /** `PATCH /test-suite/{suiteId}/test/{testId}`. */
  update(
    suiteId: string,
    testId: string,
    body: JsonBody<'/test-suite/{id}/test/{testId}', 'patch'>,
    options?: RequestOptions,
  ): Promise<TestSuiteTest> {
    return this._core.call('patch', '/test-suite/{id}/test/{testId}', { path: { id: suiteId, testId }, body }, options)
  }
  /** `DELETE /test-suite/{suiteId}/test/{testId}`. */
  delete(suiteId: string, testId: string, options?: RequestOptions): Promise<TestSuiteTest> {
    return this._core.call('delete', '/test-suite/{id}/test/{testId}', { path: { id: suiteId, testId } }, options)
  }
}

/** Runs of a suite: `/test-suite/{id}/run`, `/test-suite/{id}/run/{runId}` (SPEC §7). */
export class TestSuiteRuns extends APIResource {
  /** `POST /test-suite/{suiteId}/run` — starts a run (body `CreateTestSuiteRunDto`, optional `name`). */
  create(
    suiteId: string,
    body: JsonBody<'/test-suite/{id}/run', 'post'> = {},
    options?: RequestOptions,
  ): Promise<TestSuiteRun> {
    return this._core.call('post', '/test-suite/{id}/run', { path: { id: suiteId }, body }, options)
  }
  /** `GET /test-suite/{suiteId}/run` — auto-paginated. */
  list(suiteId: string, query?: QueryParams<'/test-suite/{id}/run', 'get'>, options?: RequestOptions) {
    return paginate(
      (q) => this._core.call('get', '/test-suite/{id}/run', { path: { id: suiteId }, query: q }, options),
      query,
    )
  }
  /** `GET /test-suite/{suiteId}/run/{runId}`. */
  retrieve(suiteId: string, runId: string, options?: RequestOptions): Promise<TestSuiteRun> {
    return this._core.call('get', '/test-suite/{id}/run/{runId}', { path: { id: suiteId, runId } }, options)
  }
  /** `PATCH /test-suite/{suiteId}/run/{runId}` — body `UpdateTestSuiteRunDto`. */
  update(
    suiteId: string,
    runId: string,
    body: JsonBody<'/test-suite/{id}/run/{runId}', 'patch'>,
    options?: RequestOptions,
  ): Promise<TestSuiteRun> {
    return this._core.call('patch', '/test-suite/{id}/run/{runId}', { path: { id: suiteId, runId }, body }, options)
  }
  /** `DELETE /test-suite/{suiteId}/run/{runId}`. */
  delete(suiteId: string, runId: string, options?: RequestOptions): Promise<TestSuiteRun> {
    return this._core.call('delete', '/test-suite/{id}/run/{runId}', { path: { id: suiteId, runId } }, options)
  }
}

/** Test suites: `/test-suite`, `/test-suite/{id}`, with `.tests` and `.runs` (SPEC §7). */
export class TestSuites extends APIResource {
  /** Tests of a suite. */
  readonly tests = new TestSuiteTests(this._core)
  /** Runs of a suite. */
  readonly runs = new TestSuiteRuns(this._core)

  /** `POST /test-suite` — body `CreateTestSuiteDto`. */
  create(body: JsonBody<'/test-suite', 'post'>, options?: RequestOptions): Promise<TestSuite> {
    return this._core.call('post', '/test-suite', { body }, options)
  }
  /** `GET /test-suite` — auto-paginated. */
  list(query?: QueryParams<'/test-suite', 'get'>, options?: RequestOptions) {
    return paginate((q) => this._core.call('get', '/test-suite', { query: q }, options), query)
  }
  /** `GET /test-suite/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<TestSuite> {
    return this._core.call('get', '/test-suite/{id}', { path: { id } }, options)
  }
  /** `PATCH /test-suite/{id}` — body `UpdateTestSuiteDto`. */
  update(id: string, body: JsonBody<'/test-suite/{id}', 'patch'>, options?: RequestOptions): Promise<TestSuite> {
    return this._core.call('patch', '/test-suite/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /test-suite/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<TestSuite> {
    return this._core.call('delete', '/test-suite/{id}', { path: { id } }, options)
  }
}

/** An eval (official `Eval`). */
export type Eval = Schemas['Eval']
/** An eval run (official `EvalRun`). */
export type EvalRun = Schemas['EvalRun']

/** Eval runs: `/eval/run`, `/eval/run/{id}` (SPEC §7). */
export class EvalRuns extends APIResource {
  /** `POST /eval/run` — body `CreateEvalRunDTO`. */
  create(body: JsonBody<'/eval/run', 'post'>, options?: RequestOptions): Promise<ResponseBody<'/eval/run', 'post'>> {
    return this._core.call('post', '/eval/run', { body }, options)
  }
  /** `GET /eval/run` — auto-paginated. */
  list(query?: QueryParams<'/eval/run', 'get'>, options?: RequestOptions) {
    return paginate((q) => this._core.call('get', '/eval/run', { query: q }, options), query)
  }
  /** `GET /eval/run/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<EvalRun> {
    return this._core.call('get', '/eval/run/{id}', { path: { id } }, options)
  }
  /** `DELETE /eval/run/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<EvalRun> {
    return this._core.call('delete', '/eval/run/{id}', { path: { id } }, options)
  }
}

/** Evals: `/eval`, `/eval/{id}`, with `.runs` (SPEC §7). */
export class Evals extends APIResource {
  /** Eval runs. */
  readonly runs = new EvalRuns(this._core)

  /** `POST /eval` — body `CreateEvalDTO`. */
  create(body: JsonBody<'/eval', 'post'>, options?: RequestOptions): Promise<Eval> {
    return this._core.call('post', '/eval', { body }, options)
  }
  /** `GET /eval` — auto-paginated. */
  list(query?: QueryParams<'/eval', 'get'>, options?: RequestOptions) {
    return paginate((q) => this._core.call('get', '/eval', { query: q }, options), query)
  }
  /** `GET /eval/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<Eval> {
    return this._core.call('get', '/eval/{id}', { path: { id } }, options)
  }
  /** `PATCH /eval/{id}` — body `UpdateEvalDTO`. */
  update(id: string, body: JsonBody<'/eval/{id}', 'patch'>, options?: RequestOptions): Promise<Eval> {
    return this._core.call('patch', '/eval/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /eval/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<Eval> {
    return this._core.call('delete', '/eval/{id}', { path: { id } }, options)
  }
}
