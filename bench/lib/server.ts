/**
 * The bench serves both builds with the site's own production-like server (scripts/serve.ts: sirv with the
 * build's precompressed brotli/gzip files, `_headers`, 404 pages), so Lighthouse sees the bytes and headers a
 * visitor gets: `prerendered` for the pre-rendered build, `spa` (unknown paths → `index.html`) for the
 * client-only one.
 */
import { serveSite, type SiteServer } from '../../scripts/serve.ts'

export { headerRuleMatches, parseHeadersFile } from '../../scripts/serve.ts'

export type StaticServer = SiteServer

/** Serves `root` on 127.0.0.1 at a free port. */
export function serveStatic(root: string, mode: 'prerendered' | 'spa'): Promise<StaticServer> {
  return serveSite({ root, mode })
}
