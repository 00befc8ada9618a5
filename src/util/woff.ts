// WOFF 1.0 (https://www.w3.org/TR/WOFF/) unpacked into the plain font (sfnt: TrueType or CFF) it wraps.
//
// Fontsource ships its fonts as WOFF, whose tables are each compressed with zlib. fontkit (which measures text
// and embeds the booklet's fonts) inflates a compressed table again, in JavaScript, every time it reads from it
// (the glyph table on every glyph it measures), and satori inflates every font with fflate on every thread it
// starts. Unpacked once here with Node's own zlib (~1 ms a font), both read plain tables: a game thread starts
// ~0.3 s of CPU sooner and the booklet's pages are laid out without inflating anything.
import { inflateSync } from 'node:zlib'

const WOFF_SIGNATURE = 0x774f4646 // 'wOFF'
const HEADER = 44
const WOFF_ENTRY = 20
const SFNT_ENTRY = 16
/** No font deckwright draws with comes near this: a file claiming more is refused rather than inflated. */
const MAX_SFNT_BYTES = 64 * 1024 * 1024

/** Whether these bytes are a WOFF 1.0 font. */
export const isWoff = (data: Uint8Array): boolean =>
  data.length >= HEADER && Buffer.from(data.buffer, data.byteOffset, 4).readUInt32BE(0) === WOFF_SIGNATURE

interface Table {
  tag: number
  checksum: number
  bytes: Buffer
}

/** The tables of a WOFF file, each inflated to the length its directory gives. */
const woffTables = (woff: Buffer): { flavor: number; tables: Table[] } => {
  const flavor = woff.readUInt32BE(4)
  const count = woff.readUInt16BE(12)
  if (HEADER + count * WOFF_ENTRY > woff.length) throw new Error('its table directory runs past the end of the file')
  const tables: Table[] = []
  let total = 0
  for (let i = 0; i < count; i++) {
    const at = HEADER + i * WOFF_ENTRY
    const [tag, offset, compressed, length, checksum] = [0, 4, 8, 12, 16].map((o) => woff.readUInt32BE(at + o)) as [
      number,
      number,
      number,
      number,
      number,
    ]
    if (offset + compressed > woff.length) throw new Error('a table runs past the end of the file')
    if ((total += length) > MAX_SFNT_BYTES) throw new Error(`its tables unpack to more than ${MAX_SFNT_BYTES} bytes`)
    const stored = woff.subarray(offset, offset + compressed)
    const bytes = compressed < length ? inflateSync(stored, { maxOutputLength: length }) : stored
    if (bytes.length !== length) throw new Error('a table unpacks to another length than its directory gives')
    tables.push({ tag, checksum, bytes })
  }
  return { flavor, tables }
}

/** The plain font inside a WOFF file (the bytes themselves when they are not WOFF); throws on a damaged file. */
export const sfntFromWoff = (data: Buffer): Buffer => {
  if (!isWoff(data)) return data
  const { flavor, tables } = woffTables(data)
  const n = tables.length
  const selector = n ? Math.floor(Math.log2(n)) : 0
  const searchRange = 2 ** selector * SFNT_ENTRY
  const head = 12 + n * SFNT_ENTRY
  // Each table starts on a 4-byte boundary, in the directory's order (which WOFF requires sorted by tag).
  const offsets: number[] = []
  let size = head
  for (const t of tables) {
    offsets.push(size)
    size += (t.bytes.length + 3) & ~3
  }
  const out = Buffer.alloc(size)
  out.writeUInt32BE(flavor, 0)
  out.writeUInt16BE(n, 4)
  out.writeUInt16BE(searchRange, 6)
  out.writeUInt16BE(selector, 8)
  out.writeUInt16BE(n * SFNT_ENTRY - searchRange, 10)
  tables.forEach((t, i) => {
    const at = 12 + i * SFNT_ENTRY
    out.writeUInt32BE(t.tag, at)
    out.writeUInt32BE(t.checksum, at + 4)
    out.writeUInt32BE(offsets[i]!, at + 8)
    out.writeUInt32BE(t.bytes.length, at + 12)
    t.bytes.copy(out, offsets[i]!)
  })
  return out
}
