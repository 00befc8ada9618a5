import PDFDocument from 'pdfkit'

/**
 * The fixed date written into every PDF: SOURCE_DATE_EPOCH when set (reproducible-builds.org), else the epoch.
 * pdfkit derives the file ID from the info dictionary, so a fixed date makes the bytes repeatable.
 */
export const buildDate = (): Date => {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH)
  return new Date(Number.isFinite(epoch) && epoch > 0 ? epoch * 1000 : 0)
}

export interface PdfOptions {
  title: string
  size: [number, number]
  margin?: number
}

/** A pdfkit document whose bytes depend only on what is drawn on it. */
export const createPdf = ({ title, size, margin = 0 }: PdfOptions): PDFKit.PDFDocument =>
  new PDFDocument({
    size,
    margin,
    pdfVersion: '1.7',
    autoFirstPage: false,
    compress: true,
    info: { Title: title, Creator: 'deckwright', Producer: 'deckwright', CreationDate: buildDate(), ModDate: buildDate() },
  })

/** Ends the document and collects its bytes. */
export const pdfToBuffer = (doc: PDFKit.PDFDocument): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    doc.end()
  })
