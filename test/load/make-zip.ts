import { deflateRawSync } from 'node:zlib'

/** One file of a zip the tests write; `size` overrides the size it declares (a lying archive). */
export interface ZipFile {
  name: string
  data: Uint8Array | string
  size?: number
}

/** A zip archive (deflated entries) as the tests need one, hostile ones included: a minimal, honest writer otherwise. */
export const makeZip = (files: ZipFile[]): Buffer => {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const f of files) {
    const data = typeof f.data === 'string' ? Buffer.from(f.data) : Buffer.from(f.data)
    const packed = deflateRawSync(data)
    const name = Buffer.from(f.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(f.size ?? data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(f.size ?? data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, packed)
    centrals.push(central, name)
    offset += 30 + name.length + packed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Math.min(files.length, 0xffff), 8)
  end.writeUInt16LE(Math.min(files.length, 0xffff), 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'

/** The parts of a one-sheet .xlsx around a sheet's XML (`<sheetData>…`) and, when given, shared strings' XML. */
export const xlsxParts = (sheetData: string, sharedStrings?: string, sheet = 'ship'): ZipFile[] => [
  {
    name: '_rels/.rels',
    data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  },
  {
    name: 'xl/workbook.xml',
    data: `<workbook ${NS} ${R}><sheets><sheet name="${sheet}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  },
  { name: 'xl/worksheets/sheet1.xml', data: `<worksheet ${NS}><sheetData>${sheetData}</sheetData></worksheet>` },
  ...(sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: sharedStrings }] : []),
]

/** An inline text cell of an .xlsx sheet. */
export const textCell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`
