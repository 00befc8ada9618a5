import { createHash } from 'node:crypto'
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Plugin } from 'esbuild'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { processTempDir, touch, writeFileAtomic } from '../util/atomic-write.ts'
import { installedVersion, OWN_CODE, ownPackage } from '../util/packages.ts'
import { isWritableInside, writablePath } from '../util/inside-folder.ts'
import { pruneUnused } from '../util/prune.ts'

/**
 * A game's TypeScript (its definition, its templates and every file of the project they import) compiled
 * by esbuild into one ES module, with deckwright's settings whatever the project's package.json `type` or
 * tsconfig.json say: TypeScript, the automatic JSX runtime of deckwright, JSON imports. Packages stay
 * outside it, imported by their resolved file URLs, so the module runs the same from any folder;
 * `deckwright`, `deckwright/components`… are the deckwright that runs it.
 */
export interface CompiledModule {
  /** The file URL to import. */
  url: string
  /** The project's files it holds (absolute paths). */
  inputs: string[]
  /** Taken from an earlier run's compile, the compiler not started. */
  reused: boolean
}

/**
 * The file of a deckwright entry (`deckwright`, `deckwright/components`…) as its package.json `exports`
 * name it (`./dist/<path>.js`), in the code that runs: dist/, or src/ (.ts, .tsx) from the sources.
 */
const ownEntry = (specifier: string): string | undefined => {
  const target = ownPackage().exports[`.${specifier.slice('deckwright'.length)}`]
  const path = /^\.\/dist\/(.+)\.js$/.exec(typeof target === 'string' ? target : (target?.default ?? ''))?.[1]
  return path && ['.js', '.ts', '.tsx'].map((ext) => join(OWN_CODE, `${path}${ext}`)).find((file) => existsSync(file))
}

/** Bare imports are left to Node, by the file URL esbuild resolves them to from the importing file. */
const packagesByUrl: Plugin = {
  name: 'deckwright-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || args.path.startsWith('node:')) return undefined
      if (args.path === 'deckwright' || args.path.startsWith('deckwright/')) {
        const entry = ownEntry(args.path)
        return entry
          ? { path: pathToFileURL(entry).href, external: true }
          : {
              errors: [
                {
                  text: `"${args.path}" is not one of deckwright's entries (deckwright, deckwright/components, deckwright/pipeline)`,
                },
              ],
            }
      }
      const found = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      })
      // Not found: esbuild's own resolver reports it, at the import's line and column.
      if (found.errors.length) return undefined
      if (found.external || !found.path) return { path: args.path, external: true }
      // A package of the project's own (package.json "imports", a workspace, a `file:` folder) is its code: compiled in.
      if (!realpathSync(found.path).split(sep).includes('node_modules')) return undefined
      return { path: pathToFileURL(found.path).href, external: true }
    })
  },
}

/** Where compiled modules are kept, by content: the project's node_modules/.cache (a folder nobody else writes). */
const modulesDir = (root: string): string => join(root, 'node_modules', '.cache', 'deckwright', 'modules')

let privateDir: string | undefined
/** Where this process keeps what it compiles when the project's cache cannot be written: a folder of its own. */
const fallbackDir = (): string => (privateDir ??= processTempDir('deckwright-modules-'))

/**
 * Writes a compiled module or manifest into a folder (unless it holds these bytes already: then it is
 * touched, as used). The project's cache lies inside the project (`inside`: its root), whatever links a
 * project commits (a `node_modules` link elsewhere): a write refused there is compiled into this process's
 * own folder instead.
 */
const keep = (dir: string, name: string, text: string, inside: string): string => {
  const file = writablePath(inside, join(dir, name))
  if (existsSync(file) && readFileSync(file, 'utf8') === text) touch(file)
  else {
    pruneUnused(dir) // compiled modules no run has used for a day
    writeFileAtomic(file, text, { inside })
  }
  return file
}

/** A compile error: every message of the compiler, each at its file, line and column. */
export class CompileError extends Error {
  constructor(readonly diagnostics: Omit<Diagnostic, 'rule'>[]) {
    super(diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`).join('\n'))
  }
}

const compiled = new Map<string, Promise<CompiledModule>>()

/**
 * Every file a game's modules are made from (its definition, its templates and what they import, in the
 * game's folders or not), for the keys of what they draw. A module that does not compile adds nothing
 * (its error is reported where it is loaded).
 */
export const gameModuleInputs = async (entries: readonly string[], root: string): Promise<string[]> => {
  const files = new Set<string>()
  for (const entry of entries) {
    if (!existsSync(entry)) continue
    try {
      for (const file of (await compileGameModule(entry, root)).inputs) files.add(file)
    } catch {
      // reported by the stage that loads it
    }
  }
  return [...files].sort()
}

/**
 * Starts the compiler's service now, in a watch's idle time, so that the first change of a game's code is
 * compiled at once (its start costs ~0.1–0.2 s; a build that finds its modules compiled never starts it).
 */
export const warmCompiler = async (): Promise<void> => {
  try {
    await (await import('esbuild')).transform('')
  } catch {
    // The next compile says what is wrong.
  }
}

/** Forgets what this thread compiled, so that the next load compiles again (tests of a changing project). */
export const forgetCompiled = (): void => compiled.clear()

/**
 * Compiles a game's module (once per thread and entry); a file that does not compile throws a CompileError.
 * A module compiled by an earlier run from the same files is taken as it is, without starting the compiler.
 */
export const compileGameModule = (
  entry: string,
  root: string,
  options: { fresh?: boolean } = {},
): Promise<CompiledModule> => {
  let module = options.fresh ? undefined : compiled.get(entry)
  if (!module) compiled.set(entry, (module = compile(entry, root, !options.fresh)))
  return module
}

const digest = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex')

/** What an earlier run compiled from an entry: its module file and the digest of every file it holds. */
interface Manifest {
  module: string
  inputs: Record<string, string>
}

const fromManifest = (file: string, dir: string): CompiledModule | undefined => {
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest
    // Only a module this cache holds, whose bytes are still those it is named after.
    if (!/^[0-9a-f]{24}\.mjs$/.test(manifest.module)) return undefined
    const module = join(dir, manifest.module)
    if (!existsSync(module) || !digest(readFileSync(module)).startsWith(manifest.module.slice(0, 24))) return undefined
    for (const [input, hash] of Object.entries(manifest.inputs))
      if (!existsSync(input) || digest(readFileSync(input)) !== hash) return undefined
    for (const f of [file, module]) touch(f)
    return { url: pathToFileURL(module).href, inputs: Object.keys(manifest.inputs), reused: true }
  } catch {
    return undefined
  }
}

/** This file's own code, where the compiler's settings are: a change to them compiles every module again. */
const SETTINGS = digest(readFileSync(fileURLToPath(import.meta.url)))

const compile = async (entry: string, root: string, reuse: boolean): Promise<CompiledModule> => {
  const dir = modulesDir(root)
  // A cache a link leads elsewhere is neither read nor written: this process compiles into its own folder.
  if (!isWritableInside(root, dir)) return await bundle(entry, root, fallbackDir())
  // Keyed on the entry, on the deckwright that compiles it (its entries are imported by their path) and on its compiler.
  const manifestName = `${digest([entry, OWN_CODE, ownPackage().version, installedVersion('esbuild'), SETTINGS].join('\0')).slice(0, 24)}.json`
  const earlier = reuse ? fromManifest(join(dir, manifestName), dir) : undefined
  if (earlier) return earlier
  // Compiled for the folder it is kept in (its source map names the files from there): the project's
  // cache, else, when that cannot be written, this process's own folder.
  try {
    return await bundle(entry, root, dir, manifestName)
  } catch (error) {
    if (error instanceof CompileError) throw error
    return await bundle(entry, root, fallbackDir())
  }
}

const EXIT_STAND_IN = '__deckwrightExit'
const EXIT_BANNER = `const ${EXIT_STAND_IN} = (code) => { throw new Error(\`process.exit(\${code ?? ''}) would end the whole run: a game's code reports a problem with ctx.report or by throwing an error\`) };`

const bundle = async (entry: string, root: string, dir: string, manifestName?: string): Promise<CompiledModule> => {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    write: false,
    outdir: dir,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    // Development JSX: each element's place in the game's code (`__source`) reaches deckwright's jsxDEV, which
    // keeps it beside the element, so that a component that throws is reported at the JSX that used it.
    jsxDev: true,
    jsxImportSource: 'deckwright',
    sourcemap: 'inline',
    metafile: true,
    logLevel: 'silent',
    // The project's tsconfig.json is not read: these are the settings a game is written for.
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: false } },
    // process.exit in a game's own code would end the whole run (a false success, with exit 0): there it
    // throws instead, an error at its line like any other. No global is changed.
    define: { 'process.exit': EXIT_STAND_IN, 'globalThis.process.exit': EXIT_STAND_IN },
    banner: { js: EXIT_BANNER },
    plugins: [packagesByUrl],
  }).catch(
    (error: {
      errors?: {
        text: string
        location?: { file: string; line: number; column: number } | null
        notes?: { text: string }[]
      }[]
    }) => {
      const errors = error.errors ?? []
      if (!errors.length) throw error
      throw new CompileError(
        errors.map((e) => ({
          severity: 'error',
          file: e.location?.file ?? entry,
          line: e.location?.line ?? 1,
          column: (e.location?.column ?? 0) + 1,
          // esbuild's advice to mark a path external is not a designer's option here.
          message: [
            e.text,
            ...(e.notes ?? []).map((n) => n.text).filter((t) => t && !/mark the path .* as external/.test(t)),
          ].join(' '),
        })),
      )
    },
  )
  const text = result.outputFiles[0]!.text
  const name = `${digest(text).slice(0, 24)}.mjs`
  // The project's cache lies inside the project; this process's own folder is its own.
  const inside = manifestName ? root : dir
  const file = keep(dir, name, text, inside)
  const inputs = Object.keys(result.metafile.inputs).map((input) => join(root, input))
  // The manifest goes beside its module; one kept in this process's own folder is not reused by later runs.
  if (manifestName)
    keep(
      dir,
      manifestName,
      JSON.stringify({
        module: name,
        inputs: Object.fromEntries(inputs.map((input) => [input, digest(readFileSync(input))])),
      } satisfies Manifest),
      inside,
    )
  return { url: pathToFileURL(file).href, inputs, reused: false }
}
