/**
 * The site indexer's run state (./indexer.ts): every page's validators and extracted sections, for the next run
 * only — kept beside the folder to publish, never in it.
 * @module
 */
import { readFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { IndexState } from './indexer'

/**
 * Where a run keeps its state by default: beside the folder to publish, never in it —
 * `<parent>/.<folder>.state.json.gz` (`site-index/` → `.site-index.state.json.gz`). It holds the pages' extracted
 * text and validators, for the next run only.
 */
export function defaultStateFile(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.state.json.gz`)
}

/**
 * Reads the state of the last run (null when there is none, it is unreadable or for another origin): gzip-compressed
 * JSON, or an older version's plain JSON file inside the index folder ({@link STATE_FILE}).
 */
export async function readIndexState(file: string, origin?: string): Promise<IndexState | null> {
  try {
    const bytes = await readFile(file)
    const text = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8')
    const state = JSON.parse(text) as IndexState
    if (state.v !== 1 || !Array.isArray(state.pages)) return null
    if (origin !== undefined && state.origin !== origin) return null
    return state
  } catch {
    return null
  }
}
