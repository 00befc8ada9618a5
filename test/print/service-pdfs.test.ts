// The print-service PDFs (--preset dtc, pdfx4): what the services ask of the files, read back with qpdf and
// poppler, and the ink measured by drawing the pages into CMYK separations with Ghostscript.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { buildGame } from '../../src/make/build-game.ts'
import { presets } from '../../src/outputs/presets.ts'
import { defaultCmykProfile, drawCmykPages, findGhostscript } from '../../src/print/ghostscript.ts'
import { readCmykProfile } from '../../src/print/icc-profile.ts'
import { highestInk, limitInk } from '../../src/print/ink.ts'
import { makeServicePdfs, type ServiceCard, type ServiceOptions } from '../../src/print/service-pdfs.ts'
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts'
import type { GameDef } from '../../src/engine/define.ts'
import { addServiceFiles, serviceTools } from '../../src/make/service-files.ts'
import { OutputBatch } from '../../src/outputs/output-batch.ts'
import type { GameFaces } from '../../src/render/store/game-faces.ts'
import { deckwright } from '../helpers.ts'
import { once } from '../setup/once.ts'
import { fileThreads } from '../setup/threads.ts'

const root = fileURLToPath(new URL('../fixtures/outputs/', import.meta.url))
const threads = fileThreads()
const CARDS = ['guest-red', 'guest-blue', 'room-hall', 'room-study']

/** Parlour's guests (poker, a shared back) and rooms (tarot, backs of their own), built once a run with --preset dtc. */
const dtcBuild = () =>
  once('print-service-dtc', async (dir) => {
    const built = await buildGame(root, 'parlour', {
      outDir: dir,
      preset: 'dtc',
      cardIds: CARDS,
      overview: false,
      jobs: 1,
      threads,
    })
    return { diagnostics: built.diagnostics, written: built.value.written }
  })

const gs = findGhostscript()!
const profile = defaultCmykProfile(gs)!

/** Every object of a PDF as qpdf reads it, with references followed, and its pages' dictionaries. */
const readObjects = (file: string) => {
  const json = JSON.parse(
    execFileSync('qpdf', ['--json', '--json-key=qpdf', '--json-key=pages', file], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }),
  )
  const objects = json.qpdf[1] as Record<
    string,
    { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown> } }
  >
  const get = (ref: unknown): any => {
    if (typeof ref !== 'string' || !/^\d+ 0 R$/.test(ref)) return ref
    const object = objects[`obj:${ref}`]!
    return object.value ?? object.stream!.dict
  }
  const trailer = (objects.trailer as { value: Record<string, unknown> }).value
  return {
    version: json.qpdf[0].pdfversion as string,
    info: get(trailer['/Info']),
    catalog: get(trailer['/Root']),
    pages: (json.pages as { object: string; images: { object: string; colorspace: string }[] }[]).map((p) => ({
      ...get(p.object),
      images: p.images,
    })),
    get,
  }
}

/** A page's pixels drawn in CMYK by Ghostscript (its separations), at `dpi`. */
const separations = async (file: string, dpi: number) => {
  const pages: { width: number; height: number; pixels: Buffer }[] = []
  const at = join(mkdtempSync(join(tmpdir(), 'deckwright-separations-')), 'page')
  execFileSync(gs.program, [
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-sDEVICE=pamcmyk32',
    `-r${dpi}`,
    `-sOutputFile=${at}-%d.pam`,
    file,
  ])
  for (let n = 1; existsSync(`${at}-${n}.pam`); n++) {
    const bytes = readFileSync(`${at}-${n}.pam`)
    const end = bytes.indexOf('ENDHDR\n') + 7
    const [width, height] = ['WIDTH', 'HEIGHT'].map((k) =>
      Number(new RegExp(`${k} (\\d+)`).exec(bytes.toString('latin1', 0, end))![1]),
    )
    pages.push({ width: width!, height: height!, pixels: bytes.subarray(end) })
  }
  return pages
}

/** The CMYK (0–255 each) at the middle of a page. */
const middle = ({ width, height, pixels }: { width: number; height: number; pixels: Buffer }) => {
  const i = (Math.floor(height / 2) * width + Math.floor(width / 2)) * 4
  return [...pixels.subarray(i, i + 4)]
}

describe('--preset dtc: DriveThruCards’ PDF per deck', () => {
  it('writes one PDF/X-1a:2003 per deck, with its output intent, CMYK images only and the card’s boxes on every page', async () => {
    const { dir, value } = await dtcBuild()
    expect(value.written).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/parlour\/dtc\/parlour-guest\.pdf$/),
        expect.stringMatching(/parlour\/dtc\/parlour-room\.pdf$/),
      ]),
    )
    const guest = join(dir, 'parlour', 'dtc', 'parlour-guest.pdf')
    expect(execFileSync('qpdf', ['--check', guest], { encoding: 'utf8' })).toContain(
      'No syntax or stream encoding errors',
    )
    const pdf = readObjects(guest)
    expect(pdf.version).toBe('1.4')
    expect(pdf.get(pdf.info['/GTS_PDFXVersion'])).toBe('u:PDF/X-1:2003')
    expect(pdf.get(pdf.info['/GTS_PDFXConformance'])).toBe('u:PDF/X-1a:2003')
    expect(pdf.get(pdf.info['/Trapped'])).toBe('/False')
    const [intent] = (pdf.catalog['/OutputIntents'] as string[]).map(pdf.get)
    expect(intent).toMatchObject({
      '/S': '/GTS_PDFX',
      '/OutputConditionIdentifier': 'u:Custom',
      '/Info': 'u:Artifex CMYK SWOP Profile',
    })
    expect(pdf.get(intent['/DestOutputProfile'])).toMatchObject({ '/N': 4 })
    // Poker at trim plus 1/8 in: 2.75×3.75 in, the trim 1/8 in inside, on every page.
    expect(pdf.pages).toHaveLength(4)
    for (const page of pdf.pages) {
      expect(page['/MediaBox']).toEqual([0, 0, 198, 270])
      expect(page['/BleedBox']).toEqual([0, 0, 198, 270])
      expect(page['/TrimBox']).toEqual([9, 9, 189, 261])
      expect(page.images.map((i: { colorspace: string }) => i.colorspace)).toEqual(['/DeviceCMYK'])
      expect(page['/UserUnit']).toBeUndefined()
    }
    // No PNG, no transparency: pdfimages lists CMYK images, none a mask.
    const listed = execFileSync('pdfimages', ['-list', guest], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
    expect(listed).toHaveLength(4)
    for (const line of listed) expect(line.split(/\s+/).slice(3, 9)).toEqual(['image', '825', '1125', 'cmyk', '4', '8'])
  })

  it('pages each card’s back, then its front; a shared back is one image', async () => {
    const { dir } = await dtcBuild()
    const guest = join(dir, 'parlour', 'dtc', 'parlour-guest.pdf')
    const images = readObjects(guest).pages.map((p) => p.images[0]!.object)
    expect(images[0]).toBe(images[2])
    expect(new Set(images).size).toBe(3)
    // Back magenta (#ff00ff), red guest, back, blue guest: the colours of the pages as printed.
    const [back, red, , blue] = (await separations(guest, 20)).map(middle)
    expect(back![1]).toBeGreaterThan(200) // magenta
    expect(back![0]).toBeLessThan(100)
    expect(red![1]! + red![2]!).toBeGreaterThan(400) // magenta and yellow
    expect(blue![0]).toBeGreaterThan(200) // cyan
    expect(blue![2]).toBeLessThan(60)
    // The rooms have backs of their own: back, front, back, front.
    const room = readObjects(join(dir, 'parlour', 'dtc', 'parlour-room.pdf'))
    expect(room.pages).toHaveLength(4)
    expect(new Set(room.pages.map((p) => p.images[0]!.object)).size).toBe(4)
  })

  it('warns of a face over 240% ink at its card, and keeps every page within it', async () => {
    const { dir, value } = await dtcBuild()
    // Maroon (#800000) through Ghostscript's profile: 266%.
    expect(value.diagnostics).toEqual([
      expect.objectContaining({
        rule: 'print/ink-limit',
        severity: 'warning',
        file: 'cards/parlour/cards.yaml',
        line: 7,
        card: 'room-hall',
        message: expect.stringMatching(
          /^room-hall's front carries up to 266% total ink, and DriveThruCards takes at most 240%/,
        ),
      }),
    ])
    for (const deck of ['guest', 'room']) {
      const pages = await separations(join(dir, 'parlour', 'dtc', `parlour-${deck}.pdf`), 72)
      for (const page of pages) expect(highestInk(page.pixels)).toBeLessThanOrEqual(240)
    }
    // The maroon front is the room deck's second page: brought down to the limit, not far under it.
    const [, hall] = await separations(join(dir, 'parlour', 'dtc', 'parlour-room.pdf'), 72)
    expect(highestInk(hall!.pixels)).toBeGreaterThanOrEqual(238)
  })
})

/** Parlour's built guests as the print stage takes them. */
const guests = (dir: string): ServiceCard[] =>
  ['guest-red', 'guest-blue'].map((id, i) => ({
    id,
    qty: i + 1,
    deck: 'guest',
    size: { name: 'poker', widthMm: 63.5, heightMm: 88.9 },
    front: { png: join(dir, 'parlour', 'faces', `${id}.front.png`), key: id },
    back: { png: join(dir, 'parlour', 'faces', 'guest.back.png'), key: 'guest' },
    at: { file: 'cards/parlour/cards.yaml', line: i + 1, column: 3 },
  }))

const options = (icc = profile): ServiceOptions => ({
  service: presets.pdfx4.title,
  pdf: presets.pdfx4.pdf,
  title: 'Parlour & Co',
  stem: 'parlour',
  bleedMm: 3,
  profile: { file: icc, intent: (readCmykProfile(icc) as { intent: ServiceOptions['profile']['intent'] }).intent },
  gs,
})

describe('--preset pdfx4: the PDF/X-4 European printers ask for', () => {
  it('writes PDF/X-4 (its XMP says so), front then back, each card qty times, 3 mm bleed; the same bytes every time', async () => {
    const { dir } = await dtcBuild()
    const made = await makeServicePdfs(guests(dir), options())
    expect(made.files.map((f) => f.name)).toEqual([join('pdfx4', 'parlour-guest.pdf')])
    const file = join(mkdtempSync(join(tmpdir(), 'deckwright-pdfx4-')), 'guest.pdf')
    writeFileSync(file, made.files[0]!.data)
    const pdf = readObjects(file)
    expect(pdf.version).toBe('1.6')
    expect(pdf.get(pdf.info['/GTS_PDFXVersion'])).toBe('u:PDF/X-4')
    expect(made.files[0]!.data.toString('latin1')).toContain('<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>')
    // The title in the Info as it is, in the XMP escaped (pdfkit writes it there unescaped).
    expect(pdf.get(pdf.info['/Title'])).toBe('u:Parlour & Co — guest')
    expect(Buffer.from(made.files[0]!.data).toString('utf8')).toContain('>Parlour &amp; Co — guest</rdf:li>')
    const b = (3 * 72) / 25.4
    const [w, h] = [((63.5 + 6) * 72) / 25.4, ((88.9 + 6) * 72) / 25.4]
    expect(pdf.pages).toHaveLength(6) // red once, blue twice: front, back each
    for (const page of pdf.pages) {
      ;(page['/TrimBox'] as number[]).forEach((v, i) => expect(v).toBeCloseTo([b, b, w - b, h - b][i]!, 3))
      ;(page['/BleedBox'] as number[]).forEach((v, i) => expect(v).toBeCloseTo([0, 0, w, h][i]!, 3))
    }
    const images = pdf.pages.map((p) => p.images[0]!.object)
    expect(images[1]).toBe(images[3]) // the back after each front
    expect(images[2]).not.toBe(images[1])
    expect(images[2]).toBe(images[4]) // the second copy of the blue guest
    expect(made.diagnostics).toEqual([]) // nothing over 300%
    const again = (await makeServicePdfs(guests(dir), options())).files[0]!.data
    expect(Buffer.from(again).equals(Buffer.from(made.files[0]!.data))).toBe(true)
  })

  it('names each deck’s file after it, two decks never one file', async () => {
    const { dir } = await dtcBuild()
    const [red, blue] = guests(dir)
    const made = await makeServicePdfs(
      [
        { ...red!, deck: 'guest one' },
        { ...blue!, deck: 'guest/one' },
      ],
      options(),
    )
    expect(made.files.map((f) => f.name)).toEqual([
      join('pdfx4', 'parlour-guest-one.pdf'),
      join('pdfx4', 'parlour-guest-one-2.pdf'),
    ])
  })

  it('converts through the profile given, named in the output intent', async () => {
    const { dir } = await dtcBuild()
    const other = join(dirname(profile), 'ps_cmyk.icc')
    const made = await makeServicePdfs(guests(dir).slice(0, 1), options(other))
    const file = join(mkdtempSync(join(tmpdir(), 'deckwright-pdfx4-')), 'guest.pdf')
    writeFileSync(file, made.files[0]!.data)
    const pdf = readObjects(file)
    const [intent] = (pdf.catalog['/OutputIntents'] as string[]).map(pdf.get)
    const description = (readCmykProfile(other) as { intent: { description: string } }).intent.description
    expect(description).not.toBe('Artifex CMYK SWOP Profile')
    expect(intent['/Info']).toBe(`u:${description}`)
  })
})

describe('total ink', () => {
  it('measures the highest C+M+Y+K and limits it as lcms2 does: black kept, the colours scaled down together', () => {
    const pixels = Buffer.from([255, 255, 255, 255, 10, 20, 30, 40, 200, 200, 200, 50])
    expect(highestInk(pixels)).toBe(400)
    expect(limitInk(pixels, 240)).toBe(2)
    expect(highestInk(pixels)).toBeLessThanOrEqual(240)
    expect([...pixels.subarray(0, 4)]).toEqual([119, 119, 119, 255])
    expect([...pixels.subarray(4, 8)]).toEqual([10, 20, 30, 40]) // under the limit: as it was
    expect([...pixels.subarray(8, 12)]).toEqual([187, 187, 187, 50]) // 650 of 1020 → 612
  })

  it('reads Ghostscript’s pages one at a time from its output', async () => {
    const { dir } = await dtcBuild()
    const sizes: number[][] = []
    await drawCmykPages(gs, join(dir, 'parlour', 'dtc', 'parlour-room.pdf'), profile, (page) =>
      sizes.push([page.width, page.height]),
    )
    expect(sizes).toHaveLength(4)
  })
})

describe('ICC profiles', () => {
  it('takes a CMYK output profile and refuses others, saying why', () => {
    expect(readCmykProfile(profile)).toMatchObject({
      intent: { description: 'Artifex CMYK SWOP Profile', identifier: 'Custom' },
    })
    const icc = (name: string) => join(profile, '..', name)
    expect(readCmykProfile(icc('srgb.icc'))).toEqual({ problem: expect.stringContaining('RGB colours') })
    expect(readCmykProfile(fileURLToPath(import.meta.url))).toEqual({
      problem: expect.stringContaining('not an ICC profile'),
    })
    expect(readCmykProfile(icc('none.icc'))).toEqual({ problem: 'there is no such file' })
  })
})

/** A folder holding a stand-in `gs` (a shell script), for a PATH of it alone. */
const standIn = (script: string): string => {
  const bin = mkdtempSync(join(tmpdir(), 'deckwright-gs-'))
  writeFileSync(join(bin, 'gs'), `#!/bin/sh\n${script}\n`, { mode: 0o755 })
  return bin
}

/** `run` with the PATH `path` (the lookup of Ghostscript is made for each PATH). */
const withPath = async <T>(path: string, run: () => Promise<T> | T): Promise<T> => {
  const was = process.env.PATH
  process.env.PATH = path
  try {
    return await run()
  } finally {
    process.env.PATH = was
  }
}

describe('what stops the PDFs: an error, and nothing written', () => {
  it('no Ghostscript, one without its CMYK profile, a profile that is not CMYK', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'deckwright-path-'))
    expect(await withPath(empty, () => serviceTools())).toEqual({
      problem: expect.objectContaining({
        rule: 'print/no-ghostscript',
        severity: 'error',
        message: expect.stringContaining('apt-get install ghostscript'),
      }),
    })
    const bare = standIn('echo 10.0.0')
    expect(await withPath(bare, () => serviceTools())).toEqual({
      problem: expect.objectContaining({
        rule: 'print/no-cmyk-profile',
        message: expect.stringContaining('give your printer'),
      }),
    })
    expect(serviceTools(join(dirname(profile), 'srgb.icc'), 'srgb.icc')).toEqual({
      problem: expect.objectContaining({
        rule: 'print/bad-icc',
        message: '--icc srgb.icc: it is a profile of RGB colours; a CMYK printing profile is needed',
      }),
    })
  })

  it('Ghostscript failing: its last words in the error, no file added', async () => {
    const { dir } = await dtcBuild()
    const failing = standIn(
      '[ "$1" = --version ] && { echo 10.0.0; exit 0; }\necho "Error: /undefined in --nostringval--" >&2\nexit 1',
    )
    const faces = join(dir, 'parlour', 'faces')
    const game = { title: 'Parlour', types: { guest: { size: 'poker' } } } as unknown as GameDef
    const card = {
      id: 'guest-red',
      type: 'guest',
      qty: 1,
      source: { file: 'cards/parlour/cards.yaml', pos: { line: 1, column: 3 }, fields: {} },
    }
    const gameFaces = {
      cards: [{ card, front: { key: 'f', png: join(faces, 'guest-red.front.png'), svg: '' }, back: 'guest' }],
      backs: new Map([['guest', { key: 'b', png: join(faces, 'guest.back.png'), svg: '' }]]),
    } as unknown as GameFaces
    const scratch = mkdtempSync(join(tmpdir(), 'deckwright-failing-'))
    const outputs = new OutputBatch(join(scratch, '.cache'), join(scratch, 'parlour'))
    const problems: Diagnostic[] = []
    const input = { preset: 'dtc' as const, pdf: presets.dtc.pdf, icc: profile, game, faces: gameFaces }
    const where = {
      dir: join(scratch, 'parlour'),
      stem: 'parlour',
      lang: 'en',
      bleedMm: 3.175,
      cacheDir: join(scratch, '.cache', 'parlour'),
      scratch: join(scratch, '.cache'),
    }
    await withPath(failing, () => addServiceFiles(outputs, { ...input, ...where }, (d) => problems.push(d)))
    expect(problems).toEqual([
      expect.objectContaining({
        rule: 'print/ghostscript-failed',
        severity: 'error',
        message: expect.stringContaining('Error: /undefined in --nostringval--'),
      }),
    ])
    expect(outputs.commit().written).toEqual([])
    // Ghostscript's input, a temporary file in the scratch folder given, is gone.
    expect(readdirSync(join(scratch, '.cache')).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('stops a Ghostscript that does not finish', async () => {
    const { dir } = await dtcBuild()
    const stuck = { program: join(standIn('exec sleep 30'), 'gs'), version: '10.0.0' }
    const started = Date.now()
    const pdf = join(dir, 'parlour', 'dtc', 'parlour-room.pdf')
    await expect(drawCmykPages(stuck, pdf, profile, () => undefined, 300)).rejects.toThrow('did not finish within 0 s')
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})

describe('the command line', () => {
  it('stops with the line to install Ghostscript where it is missing, exit 2, writing nothing', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'deckwright-nogs-')), 'out')
    const empty = mkdtempSync(join(tmpdir(), 'deckwright-path-'))
    const run = await deckwrightWith({ PATH: empty }, 'build', 'parlour', '--preset', 'dtc', '--out', out)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('apt-get install ghostscript')
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(existsSync(out)).toBe(false)
  })

  it('refuses an --icc that is not a CMYK profile, and --icc without a PDF preset (exit 2)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'deckwright-icc-')), 'out')
    const bad = await deckwright(
      root,
      'build',
      'parlour',
      '--preset',
      'pdfx4',
      '--icc',
      'cards/parlour/cards.yaml',
      '--out',
      out,
    )
    expect(bad).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--icc cards/parlour/cards.yaml: it is not an ICC profile'),
    })
    const alone = await deckwright(root, 'build', 'parlour', '--icc', profile, '--out', out)
    expect(alone).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--icc is the CMYK profile of --preset dtc or pdfx4'),
    })
    expect(existsSync(out)).toBe(false)
  })
})

/** The real command with a changed environment (a PATH without Ghostscript). */
const deckwrightWith = async (env: Record<string, string>, ...args: string[]) => {
  const { execFile } = await import('node:child_process')
  const { promisify } = await import('node:util')
  const bin = fileURLToPath(new URL('../../bin/deckwright.js', import.meta.url))
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}
