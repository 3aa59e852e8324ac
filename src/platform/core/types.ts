/**
 * Type machinery over the generated OpenAPI types (src/platform/generated/vapi.ts: the official document plus
 * openapi/vapi-supplement.json). Every request the client makes is typed by `(method, path template)`, so a
 * wrong path, a missing path parameter or a wrong body field is a compile-time error.
 */
import type { components, paths } from '../generated/vapi'

export type { components, paths, operations } from '../generated/vapi'

/** Every schema of the official document (+ supplement), e.g. `Schemas['CreateAssistantDTO']`. */
export type Schemas = components['schemas']

/** Lower-case HTTP methods as they key the generated `paths`. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** Path templates (e.g. `'/assistant/{id}'`) that support method `M`. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P
}[keyof paths]

/** The generated operation object for `M` on `P`. */
export type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>

type Params<O> = O extends { parameters: infer X } ? X : never

type TemplateParams<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | TemplateParams<Rest>
  : never

/**
 * Path parameters of a template, read from the template itself (`'/org/{id}/member/{userId}/leave'` →
 * `{ id: string; userId: string }`), or `never` when it has none. (Read from the template, not the operation,
 * because the published document omits some declarations, e.g. `DELETE /call/{id}`.)
 */
export type PathParams<P extends keyof paths, _M extends Method = Method> = [TemplateParams<P & string>] extends [never]
  ? never
  : { [K in TemplateParams<P & string>]: string }

/** Query parameters of an operation, or `never`. */
export type QueryParams<P extends keyof paths, M extends Method> =
  Params<Operation<P, M>> extends { query?: infer X } ? Exclude<X, undefined> : never

type Content<O> = O extends { requestBody?: { content: infer C } } ? C : never

/** JSON request body of an operation, or `never`. */
export type JsonBody<P extends keyof paths, M extends Method> =
  Content<Operation<P, M>> extends { 'application/json': infer B } ? B : never

/** Multipart request body of an operation (field values as the document declares them), or `never`. */
export type MultipartBody<P extends keyof paths, M extends Method> =
  Content<Operation<P, M>> extends { 'multipart/form-data': infer B } ? B : never

type Responses<O> = O extends { responses: infer R } ? R : never
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never
type Success<R> =
  R extends Record<200, infer X>
    ? JsonOf<X>
    : R extends Record<201, infer X>
      ? JsonOf<X>
      : R extends Record<202, infer X>
        ? JsonOf<X>
        : never

/** The parsed JSON body of an operation's 200/201/202 response (`void` when the document declares none). */
export type ResponseBody<P extends keyof paths, M extends Method> = [Success<Responses<Operation<P, M>>>] extends [
  never,
]
  ? void
  : Success<Responses<Operation<P, M>>>

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends X` asks whether every key of X is optional
type IsRequired<O> = O extends { requestBody: unknown } ? ({} extends Pick<O, 'requestBody'> ? false : true) : false

/**
 * The second argument of a typed call: `path` when the template has parameters (required), `query` when the
 * operation declares any, `body` (required when the document requires it).
 */
export type CallInit<P extends keyof paths, M extends Method> = ([PathParams<P, M>] extends [never]
  ? { path?: undefined }
  : { path: PathParams<P, M> }) &
  ([QueryParams<P, M>] extends [never] ? { query?: undefined } : { query?: QueryParams<P, M> }) &
  ([JsonBody<P, M>] extends [never]
    ? [MultipartBody<P, M>] extends [never]
      ? { body?: undefined }
      : { body: FormData | MultipartBody<P, M> }
    : IsRequired<Operation<P, M>> extends true
      ? { body: JsonBody<P, M> }
      : { body?: JsonBody<P, M> })

/** True when every key of `T` is optional, i.e. the init argument may be omitted. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends T` asks whether every key of T is optional
export type AllOptional<T> = {} extends T ? true : false

/** Rest-argument tuple for a typed call: the init object is optional only when nothing in it is required. */
export type InitArgs<P extends keyof paths, M extends Method, Extra> =
  AllOptional<CallInit<P, M>> extends true
    ? [init?: CallInit<P, M>, options?: Extra]
    : [init: CallInit<P, M>, options?: Extra]
