// What PDF/X asks of a file besides its pages: which PDF/X it is (in its Info and its XMP metadata), that it
// was not trapped, and its output intent, the printing condition its CMYK colours are meant for (an ICC
// output profile, embedded). The pages' TrimBox and BleedBox are set where each page is drawn.
import { createHash } from 'node:crypto'
import { buildDate } from './document.ts'

/** The PDF/X versions deckwright writes (ISO 15930-4 and 15930-7). */
export type PdfxStandard = 'PDF/X-1a:2003' | 'PDF/X-4'

/** The PDF version each is built on (X-1a:2003 on PDF 1.4, X-4 on 1.6), for `createPdf`. */
export const pdfxPdfVersion = (standard: PdfxStandard): '1.4' | '1.6' => (standard === 'PDF/X-4' ? '1.6' : '1.4')

/** The printing condition of a file's CMYK colours: its ICC output profile and the name it goes by. */
export interface OutputIntent {
  profile: Buffer
  /** The profile's description, e.g. "U.S. Web Coated (SWOP) v2". */
  description: string
  /** The condition's name in the ICC's registry (`CGATS TR 001`, `FOGRA39`), or `Custom`. */
  identifier: string
}

/** A PDF name (`/False`): pdfkit writes its Info values as strings, and `Trapped` must be a name. */
const pdfName = (name: string) => ({ [Symbol.toStringTag]: 'PDFName', toString: () => `/${name}`, valueOf: () => name })

/**
 * pdfkit writes the title into the XMP as it is: a title with `&` or `<` ("Dice & Decks") would make the
 * XMP, which PDF/X-4 requires, malformed. Its line is escaped as pdfkit adds it.
 */
const escapeXmpTitle = (doc: { info: Record<string, unknown>; appendXML(xml: string, newline?: boolean): void }) => {
  const title = String(doc.info.Title ?? '')
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  if (escaped === title) return
  const append = doc.appendXML.bind(doc)
  doc.appendXML = (xml, newline) => append(xml.replace(`>${title}</rdf:li>`, `>${escaped}</rdf:li>`), newline)
}

/** The XMP of a date, as pdfkit writes the creation date. */
const xmpDate = (date: Date): string => `${date.toISOString().split('.')[0]}Z`

/**
 * Marks a pdfkit document (made by `createPdf` with `pdfxPdfVersion`'s version) as `standard`, with its
 * output intent; call before it ends. `id` names the document in its XMP (a digest of what it is made from).
 */
export const markPdfx = (doc: PDFKit.PDFDocument, standard: PdfxStandard, intent: OutputIntent, id: string): void => {
  const internals = doc as unknown as {
    info: Record<string, unknown>
    _root: { data: Record<string, unknown> }
    appendXML(xml: string, newline?: boolean): void
  }
  // X-1a:2003 names its part in GTS_PDFXVersion and its conformance level apart; X-4 has one name.
  if (standard === 'PDF/X-4') internals.info.GTS_PDFXVersion = 'PDF/X-4'
  else Object.assign(internals.info, { GTS_PDFXVersion: 'PDF/X-1:2003', GTS_PDFXConformance: 'PDF/X-1a:2003' })
  internals.info.Trapped = pdfName('False')
  escapeXmpTitle(internals)
  const profile = doc.ref({ N: 4 })
  profile.end(intent.profile)
  const outputIntent = doc.ref({
    Type: 'OutputIntent',
    S: 'GTS_PDFX',
    OutputConditionIdentifier: new String(intent.identifier),
    OutputCondition: new String(intent.description),
    Info: new String(intent.description),
    RegistryName: new String('http://www.color.org'),
    DestOutputProfile: profile,
  })
  outputIntent.end(undefined)
  internals._root.data.OutputIntents = [outputIntent]
  // pdfkit writes the title, the creation date, the creator and producer; the rest PDF/X asks for.
  const date = xmpDate(buildDate())
  const uuid = createHash('sha256').update(id).digest('hex')
  const documentId = `uuid:${uuid.slice(0, 8)}-${uuid.slice(8, 12)}-${uuid.slice(12, 16)}-${uuid.slice(16, 20)}-${uuid.slice(20, 32)}`
  // X-4 says which PDF/X it is in its XMP too (X-1a only in its Info).
  const pdfxid =
    standard === 'PDF/X-4'
      ? `
        <rdf:Description rdf:about="" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
            <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
        </rdf:Description>`
      : ''
  internals.appendXML(`${pdfxid}
        <rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
            <xmpMM:DocumentID>${documentId}</xmpMM:DocumentID>
            <xmpMM:VersionID>1</xmpMM:VersionID>
            <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
            <xmp:ModifyDate>${date}</xmp:ModifyDate>
            <xmp:MetadataDate>${date}</xmp:MetadataDate>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
            <pdf:Trapped>False</pdf:Trapped>
        </rdf:Description>`)
}
