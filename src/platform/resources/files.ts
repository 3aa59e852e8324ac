import type { RequestOptions } from '../core/core'
import { APIResource, toFormData } from '../core/resource'
import type { JsonBody, MultipartBody, QueryParams, Schemas } from '../core/types'

/** A file (official `File`). */
export type PlatformFile = Schemas['File']

/**
 * Multipart fields of `POST /file` and `POST /file/upload` (official `CreateFileDTO`, with `file` as a
 * `Blob`/`File` instead of the document's binary string).
 */
export type FileCreateParams = Omit<MultipartBody<'/file', 'post'>, 'file'> & {
  /** The file content; a `File`'s name is used as the upload's file name. */
  file: Blob
  /** File name to use when `file` is a plain `Blob`. */
  fileName?: string
}

const fileForm = ({ fileName, ...fields }: FileCreateParams): FormData => toFormData(fields, fileName)

/** Files: `/file` (multipart upload), `/file/upload` (deprecated), `/file/{id}` (SPEC §7). */
export class Files extends APIResource {
  /** `POST /file` — uploads a file as multipart/form-data (`file`, optional `purpose`, `metadata`). */
  create(params: FileCreateParams, options?: RequestOptions): Promise<PlatformFile> {
    return this._core.call('post', '/file', { body: fileForm(params) }, options)
  }
  /**
   * `POST /file/upload` — older upload route, multipart/form-data like {@link Files.create}.
   * @deprecated Use {@link Files.create} (`POST /file`).
   */
  upload(params: FileCreateParams, options?: RequestOptions): Promise<PlatformFile> {
    return this._core.call('post', '/file/upload', { body: fileForm(params) }, options)
  }
  /** `GET /file` — array of files (filter `purpose`). */
  list(query?: QueryParams<'/file', 'get'>, options?: RequestOptions): Promise<PlatformFile[]> {
    return this._core.call('get', '/file', { query }, options)
  }
  /** `GET /file/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<PlatformFile> {
    return this._core.call('get', '/file/{id}', { path: { id } }, options)
  }
  /** `PATCH /file/{id}` — body `UpdateFileDTO` (e.g. `name`). */
  update(id: string, body: JsonBody<'/file/{id}', 'patch'>, options?: RequestOptions): Promise<PlatformFile> {
    return this._core.call('patch', '/file/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /file/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<PlatformFile> {
    return this._core.call('delete', '/file/{id}', { path: { id } }, options)
  }
}
