// The options and argument parsers several commands share. A value a parser refuses is a usage error (exit 2,
// commander's one line), never NaN or a half-read value passed on.
import { InvalidArgumentError, Option } from './commander.ts'
import { formatters } from '../diagnostics/formatters/index.ts'
import { RENDERERS, type RendererName } from '../render/renderers/renderer.ts'
import { DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S } from '../threads/time-limits.ts'
import { ttsBaseUrl } from '../outputs/tts-object.ts'

/** A whole number of at least `min`. */
export const intArg = (min: number) => (v: string) => {
  const n = Number(v)
  if (!/^\s*\d+\s*$/.test(v) || n < min) throw new InvalidArgumentError(`expected a whole number of at least ${min}`)
  return n
}

/** A comma-separated list, its blanks dropped. */
export const listArg = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** The languages a build draws besides the default (`build` and the preview's build). */
export const langOption = () =>
  new Option(
    '--lang <langs>',
    "the languages to build besides the default, e.g. nl,de; the default's own (e.g. en) builds it alone; all (the default) builds every language the definition lists",
  ).argParser(listArg)

export const mmArg = (v: string) => {
  const n = Number(v)
  if (v.trim() === '' || !Number.isFinite(n) || n < 0)
    throw new InvalidArgumentError('expected millimetres, 0 or more, e.g. 3 or 2.5')
  return n
}

export const offsetArg = (v: string) => {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(v)
  if (!m) throw new InvalidArgumentError('expected X,Y in millimetres, e.g. 1.5,-0.5')
  return { x: Number(m[1]), y: Number(m[2]) }
}
export type Offset = ReturnType<typeof offsetArg>

/** An https base address (`--tts-url`), ending in `/`. */
export const ttsUrlArg = (v: string) => {
  try {
    return ttsBaseUrl(v)
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message)
  }
}

const secondsArg = (v: string) => {
  const n = Number(v)
  if (v.trim() === '' || !Number.isFinite(n) || n <= 0 || n > MAX_TIMEOUT_S)
    throw new InvalidArgumentError(`expected seconds, more than 0 and at most ${MAX_TIMEOUT_S} (a day), e.g. 30 or 2.5`)
  return n
}

export const formatOption = () =>
  new Option('--format <format>', 'how to print problems').choices(Object.keys(formatters)).default('stylish')

export const paperOption = () =>
  new Option('--paper <paper>', 'paper size of the print sheets').choices(['a4', 'letter']).default('a4')

/** The output folder of build, preview and calibrate. */
export const outDirOption = () => new Option('--out <dir>', 'output folder').default('out')

export const duplexOption = () =>
  new Option('--duplex <mode>', 'how the sheet turns over for the backs')
    .choices(['long-edge', 'short-edge', 'none'])
    .default('long-edge')

/** The threads of build and preview. */
export const drawingJobsOption = () =>
  new Option('--jobs <n>', 'worker threads drawing faces (default: one per core)').argParser(intArg(1))

export const maxWarningsOption = () =>
  new Option('--max-warnings <n>', 'fail when there are more warnings than this').argParser(intArg(0))

export const maxImagePixelsOption = () =>
  new Option(
    '--max-image-pixels <n>',
    'the most pixels an art file may have (default 50000000); larger art is a placeholder and a warning',
  ).argParser(intArg(1))

export const timeoutOption = () =>
  new Option(
    '--timeout <seconds>',
    `how long one piece of a game's code (loading it, a check, a face) may run before it is stopped (default ${DEFAULT_TIMEOUT_S})`,
  ).argParser(secondsArg)

export const rendererOption = (fallback: RendererName) =>
  new Option(
    '--renderer <name>',
    'what draws the faces: satori (satori + resvg, the reference) or takumi (faster, the same look); takumi falls back to satori where it cannot load',
  )
    .choices(RENDERERS)
    .default(fallback)
