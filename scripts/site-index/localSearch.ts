/**
 * The site search as the page runs it (src/voice/search/siteSearch.ts), over an index folder on disk: the same
 * manifest, shards and ranking (src/voice/search/ranking.ts), read with `node:fs` instead of `fetch`. For the
 * search-quality bench and tests, which score what a visitor would hear without a browser.
 * @module
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { searchShards, type SearchOutcome } from '../../src/voice/search/ranking'
import {
  packFile,
  shardKey,
  shardOfPack,
  type IndexManifest,
  type PageTableEntry,
  type Shard,
  type ShardPack,
} from '../../src/voice/search/terms'
import { readIndexManifest } from './indexer'

export type { SearchOutcome }

/** An index folder opened for searching. */
export interface LocalIndex {
  manifest: IndexManifest
  /**
   * Searches as `search_site` does: the question's topic words, their shards, the ranking and its relevance floor.
   * @param query - the visitor's words or the assistant's keywords (cut to 200 characters, as the page does)
   * @param floor - the relevance floor (src/voice/search/ranking.ts `RELEVANCE_FLOOR` unless given)
   */
  search(query: string, floor?: number): Promise<SearchOutcome>
}

/**
 * Opens the index written by `buildSiteIndex` in `dir`.
 * @throws when `dir` holds no index of this version
 */
export async function openIndexFolder(dir: string): Promise<LocalIndex> {
  const manifest = await readIndexManifest(dir)
  if (!manifest) throw new Error(`${dir} holds no site index of this version (voiceos-index.json).`)
  const split = new Set(manifest.split)
  const packs = new Map<string, Promise<ShardPack>>()
  const shardOf = async (term: string): Promise<Shard | null> => {
    const key = shardKey(term, split)
    const file = packFile(key, manifest.packs)
    if (!file) return null
    let known = packs.get(file)
    if (!known) {
      known = readFile(join(dir, manifest.shards, file)).then(
        (bytes) => JSON.parse(gunzipSync(bytes).toString('utf8')) as ShardPack,
      )
      packs.set(file, known)
    }
    return shardOfPack(await known, key)
  }
  return {
    manifest,
    search: (query, floor) =>
      searchShards(
        query.replace(/\s+/g, ' ').trim().slice(0, 200),
        shardOf,
        manifest,
        floor,
        async (file) =>
          JSON.parse(gunzipSync(await readFile(join(dir, manifest.shards, file))).toString('utf8')) as PageTableEntry[],
      ),
  }
}
