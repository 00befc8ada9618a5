import { inflateRawSync } from 'node:zlib'
import { WORKBOOK_LIMITS, WorkbookError } from './sheet.ts'

/** One file of a zip archive, as its central directory lists it. */
interface Entry {
  name: string
  method: number
  compressedSize: number
  /** The size it declares once inflated: never trusted alone (inflating stops there). */
  size: number
  /** Where its local header starts. */
  offset: number
}

const MB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`

/** A path in an archive that could lead out of a folder it was unpacked in: absolute, a drive, a `..` step. */
const climbsOut = (name: string): boolean =>
  /^[/\\]|^[A-Za-z]:|\0/.test(name) || name.split(/[/\\]/).some((step) => step === '..')

/**
 * A zip archive's entries, read from its central directory, and their contents inflated on demand, within
 * `WORKBOOK_LIMITS`: at most so many entries, none whose path climbs out, none inflating past what it declares
 * or past the limits of one part and of all the parts read (Node's zlib stops at `maxOutputLength`: a zip bomb
 * costs the time to inflate the limit, not its own size).
 */
export class ZipArchive {
  readonly entries = new Map<string, Entry>()
  private inflated = 0

  constructor(private readonly bytes: Uint8Array) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const end = findEnd(view)
    const count = view.getUint16(end + 10, true)
    const directorySize = view.getUint32(end + 12, true)
    const start = view.getUint32(end + 16, true)
    if (count === 0xffff || start === 0xffffffff)
      throw new WorkbookError(
        'workbook/damaged',
        'this workbook is a ZIP64 archive, which no spreadsheet program writes',
      )
    if (count > WORKBOOK_LIMITS.entries)
      throw new WorkbookError(
        'workbook/too-many-entries',
        `this workbook's archive holds ${count.toLocaleString('en-US')} files, the limit is ${WORKBOOK_LIMITS.entries.toLocaleString('en-US')}: it is not read`,
      )
    if (start + directorySize > end) throw damaged('its list of files lies outside it')
    let at = start
    for (let i = 0; i < count; i++) {
      if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) throw damaged('its list of files is cut short')
      const nameLength = view.getUint16(at + 28, true)
      const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength))
      if (climbsOut(name))
        throw new WorkbookError(
          'workbook/unsafe-path',
          `this workbook's archive holds a file whose path leads out of it (${JSON.stringify(name.slice(0, 80))}), which no spreadsheet program writes: it is not read`,
        )
      if ((view.getUint16(at + 8, true) & 1) !== 0)
        throw new WorkbookError('workbook/encrypted', 'this workbook is encrypted: save it without a password')
      this.entries.set(name, {
        name,
        method: view.getUint16(at + 10, true),
        compressedSize: view.getUint32(at + 20, true),
        size: view.getUint32(at + 24, true),
        offset: view.getUint32(at + 42, true),
      })
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
    }
  }

  has(name: string): boolean {
    return this.entries.has(name)
  }

  /** The entry's contents as UTF-8 text, or undefined when the archive has no such entry. */
  text(name: string): string | undefined {
    const entry = this.entries.get(name)
    if (!entry) return undefined
    const { partBytes, totalBytes } = WORKBOOK_LIMITS
    const cap = Math.min(partBytes, totalBytes - this.inflated)
    if (entry.size > cap) throw tooLarge(name, entry.size)
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength)
    const local = entry.offset
    if (local + 30 > this.bytes.length || view.getUint32(local, true) !== 0x04034b50)
      throw damaged(`${name} is not where its list says`)
    const from = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
    const data = this.bytes.subarray(from, from + entry.compressedSize)
    if (from + entry.compressedSize > this.bytes.length) throw damaged(`${name} is cut short`)
    let out: Uint8Array
    if (entry.method === 0) out = data
    else if (entry.method === 8) {
      try {
        // One byte more than it declares: a part that inflates past its size is refused, not cut.
        out = inflateRawSync(data, { maxOutputLength: entry.size + 1 })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw lying(name, entry.size)
        throw damaged(`${name} does not inflate`)
      }
    } else throw damaged(`${name} is compressed with method ${entry.method}, which spreadsheet programs do not use`)
    if (out.length !== entry.size) throw lying(name, entry.size)
    this.inflated += out.length
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(out)
    } catch {
      throw damaged(`${name} is not UTF-8`)
    }
  }
}

const damaged = (why: string) =>
  new WorkbookError('workbook/damaged', `this workbook is damaged (${why}): open it and save it again`)

const tooLarge = (name: string, size: number) =>
  new WorkbookError(
    'workbook/too-large',
    `this workbook's ${name} declares ${MB(size)}, over the limit of ${MB(WORKBOOK_LIMITS.partBytes)} a part and ${MB(WORKBOOK_LIMITS.totalBytes)} in all (a zip bomb, or far more than a deck): it is not read`,
  )

const lying = (name: string, size: number) =>
  new WorkbookError(
    'workbook/too-large',
    `this workbook's ${name} holds more than the ${MB(size)} it declares (a zip bomb, or a damaged file): it is not read`,
  )

/** The end of central directory record: the last one, within the 64 KB comment an archive may end with. */
const findEnd = (view: DataView): number => {
  const first = view.byteLength >= 4 ? view.getUint32(0, true) : 0
  if (first === 0xe011cfd0)
    throw new WorkbookError(
      'workbook/encrypted',
      'this workbook is protected by a password or is an old binary .xls renamed: save it as .xlsx or .ods without a password',
    )
  if (first !== 0x04034b50 && first !== 0x06054b50)
    throw new WorkbookError('workbook/damaged', 'this is not a workbook (not a zip archive): save it as .xlsx or .ods')
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--)
    if (view.getUint32(at, true) === 0x06054b50) return at
  throw damaged('the end of its archive is missing')
}
