/**
 * An HTML document's bytes as text, in the encoding it declares — the HTML Living Standard's encoding sniffing
 * (§13.2.3.2) in its common cases: a byte order mark, then the HTTP `Content-Type` charset, then a `<meta charset>`
 * or `<meta http-equiv="Content-Type">` in the first 1,024 bytes, else UTF-8. Labels are the WHATWG Encoding
 * Standard's, which `TextDecoder` takes (`windows-1252`, `shift_jis`, `latin1` → windows-1252). A file that holds NUL
 * bytes in its first 8 KB is not text (an image or archive named `.html`).
 * @module
 */

/** What {@link decodeHtml} made of the bytes. */
export type Decoded =
  { ok: true; text: string; encoding: string } | { ok: false; reason: 'binary' | 'encoding'; detail: string }

const SNIFF_BYTES = 1024
const BINARY_SNIFF_BYTES = 8192

/** The charset label of a `Content-Type` value or a meta's `content`, or null. */
function charsetOf(value: string | null | undefined): string | null {
  const m = /charset\s*=\s*["']?([\w.:-]+)/i.exec(value ?? '')
  return m ? m[1]!.toLowerCase() : null
}

/** A TextDecoder for `label`, or null when the Encoding Standard does not know it. */
function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label)
  } catch {
    return null
  }
}

/**
 * Decodes an HTML document.
 * @param bytes - the document as fetched or read
 * @param contentType - the HTTP `Content-Type` header, when there was one
 */
export function decodeHtml(bytes: Uint8Array, contentType?: string | null): Decoded {
  const head = bytes.subarray(0, BINARY_SNIFF_BYTES)
  const bom =
    head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf
      ? 'utf-8'
      : head[0] === 0xff && head[1] === 0xfe
        ? 'utf-16le'
        : head[0] === 0xfe && head[1] === 0xff
          ? 'utf-16be'
          : null
  if (!bom && head.includes(0)) return { ok: false, reason: 'binary', detail: 'NUL bytes: not a text file' }
  let label = bom ?? charsetOf(contentType)
  if (!label) {
    const ascii = new TextDecoder('latin1').decode(bytes.subarray(0, SNIFF_BYTES))
    const meta =
      /<meta\s[^>]*charset\s*=\s*["']?([\w.:-]+)/i.exec(ascii)?.[1] ??
      charsetOf(/<meta\s[^>]*http-equiv\s*=\s*["']?content-type["']?[^>]*>/i.exec(ascii)?.[0])
    label = meta ? meta.toLowerCase() : null
  }
  // A page declaring UTF-16 in a meta is read as UTF-8, as browsers do (the meta could not be read otherwise).
  if (!bom && label && /^utf-?16/.test(label)) label = 'utf-8'
  const decoder = decoderFor(label ?? 'utf-8')
  if (!decoder) return { ok: false, reason: 'encoding', detail: `unknown charset "${label}"` }
  return { ok: true, text: decoder.decode(bytes), encoding: decoder.encoding }
}
