// An ICC output profile for CMYK printing (the designer's printer's, or Ghostscript's own), read and checked
// from its header before Ghostscript is given it.
import { basename } from 'node:path'
import { readRegularFile } from '../util/regular-file.ts'
import type { OutputIntent } from '../pdf/pdfx.ts'

/** Larger than any printer's profile (they are a few megabytes at most). */
const MAX_BYTES = 64 << 20

/**
 * Printing conditions registered with the ICC (color.org's characterization data), by the description of
 * the profiles made for them: a file converted with one names it as its output condition.
 */
const REGISTERED: Record<string, string> = {
  'U.S. Web Coated (SWOP) v2': 'CGATS TR 001',
  'Coated FOGRA39 (ISO 12647-2:2004)': 'FOGRA39',
  'ISO Coated v2 (ECI)': 'FOGRA39',
  'ISO Coated v2 300% (ECI)': 'FOGRA39',
  'PSO Coated v3': 'FOGRA51',
  'PSO Uncoated v3 (FOGRA52)': 'FOGRA52',
}

/** A CMYK output profile as a PDF/X output intent, or why the file is not one. */
export type ProfileRead = { intent: OutputIntent } | { problem: string }

/** Reads `file` as an ICC profile for CMYK printing (class `prtr`, colour space `CMYK`). */
export const readCmykProfile = (file: string): ProfileRead => {
  const read = readRegularFile(file, MAX_BYTES)
  if ('problem' in read)
    return {
      problem:
        read.problem === 'missing'
          ? 'there is no such file'
          : read.problem === 'not-a-file'
            ? 'it is not a file'
            : `it is ${read.size} bytes, more than an ICC profile has`,
    }
  const bytes = read.bytes
  if (bytes.length < 132 || bytes.toString('latin1', 36, 40) !== 'acsp')
    return { problem: 'it is not an ICC profile (no "acsp" signature in its header)' }
  const space = bytes.toString('latin1', 16, 20).trim()
  const kind = bytes.toString('latin1', 12, 16)
  if (space !== 'CMYK') return { problem: `it is a profile of ${space} colours; a CMYK printing profile is needed` }
  if (kind !== 'prtr')
    return { problem: `it is a "${kind}" profile, not an output (printer) profile; use your printer's CMYK profile` }
  if (bytes.readUInt32BE(0) > bytes.length) return { problem: 'it is cut short (smaller than its header says)' }
  const description = profileDescription(bytes) || basename(file)
  return { intent: { profile: bytes, description, identifier: REGISTERED[description] ?? 'Custom' } }
}

/** The profile's `desc` tag: ASCII in a version 2 profile (`desc`), UTF-16 in a version 4 one (`mluc`). */
const profileDescription = (bytes: Buffer): string | undefined => {
  const count = bytes.readUInt32BE(128)
  for (let i = 0; i < count && 132 + i * 12 + 12 <= bytes.length; i++) {
    const at = 132 + i * 12
    if (bytes.toString('latin1', at, at + 4) !== 'desc') continue
    const offset = bytes.readUInt32BE(at + 4)
    const size = bytes.readUInt32BE(at + 8)
    if (offset + size > bytes.length || size < 12) return undefined
    const type = bytes.toString('latin1', offset, offset + 4)
    if (type === 'desc') {
      const length = bytes.readUInt32BE(offset + 8)
      return bytes
        .toString('latin1', offset + 12, Math.min(offset + 12 + length, offset + size))
        .replace(/\0.*$/s, '')
        .trim()
    }
    if (type === 'mluc' && size >= 28) {
      const [length, start] = [bytes.readUInt32BE(offset + 20), bytes.readUInt32BE(offset + 24)]
      const text = bytes.subarray(offset + start, Math.min(offset + start + length, offset + size))
      return Buffer.from(text.subarray(0, text.length & ~1))
        .swap16()
        .toString('utf16le')
        .replace(/\0.*$/s, '')
        .trim()
    }
  }
  return undefined
}
