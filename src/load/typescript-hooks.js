// Node module hooks (module.register) that load a game's TypeScript: its definition, its templates and
// what they import. Plain JavaScript, so that Node can load it before any TypeScript can be loaded.
//
// - Every .ts, .tsx and .mts file is compiled by esbuild to an ES module, with the automatic JSX runtime of
//   deckwright, whatever the designer's package.json `type` or tsconfig.json say (or whether there is one).
// - `deckwright`, `deckwright/components`… imported by a game are this deckwright: the one running it.
// - Relative imports may name the .ts file, its .js twin, or no extension, as TypeScript allows.
// - A file that does not compile fails with every error at its file, line and column (see code-errors.ts).
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { transform } from 'esbuild'

/** deckwright's public entries (package.json `exports`), relative to its code: `src/` or `dist/`. */
const ENTRIES = {
  deckwright: 'index',
  'deckwright/components': 'render/components/index',
  'deckwright/pipeline': 'pipeline',
  'deckwright/jsx-runtime': 'jsx-runtime',
  'deckwright/jsx-dev-runtime': 'jsx-runtime',
}
const CODE = new URL('../', import.meta.url)
const entryUrl = (name) => {
  for (const ext of ['.js', '.ts', '.tsx']) {
    const url = new URL(`${ENTRIES[name]}${ext}`, CODE)
    if (existsSync(url)) return url.href
  }
  return undefined
}

/** The marker of a compile error's message: each line after it is `file:line:column: message`. */
export const COMPILE_FAILED = 'deckwright could not compile'

const TS_FILE = /\.(?:m?tsx?)$/
const loaders = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx' }

export async function resolve(specifier, context, next) {
  if (Object.hasOwn(ENTRIES, specifier)) {
    const url = entryUrl(specifier)
    if (url) return { url, shortCircuit: true }
  }
  const parent = context.parentURL
  if (!parent || !TS_FILE.test(parent) || !/^\.{1,2}\//.test(specifier)) return next(specifier, context)
  try {
    return await next(specifier, context)
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' && error?.code !== 'ERR_UNSUPPORTED_DIR_IMPORT') throw error
    // TypeScript's own ways of naming a module: './card.js' for './card.ts', './card' or './cards' (a folder).
    const base = specifier.replace(/\.[cm]?js$/, '')
    const tries = /\.[cm]?js$/.test(specifier) ? ['.ts', '.tsx', '.mts'].map((e) => base + e) : ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((e) => base + e)
    for (const t of tries) if (existsSync(new URL(t, parent))) return next(t, context)
    throw error
  }
}

export async function load(url, context, next) {
  const ext = /\.m?tsx?$/.exec(url.startsWith('file:') ? url.split('?')[0] : '')?.[0]
  if (!ext) return next(url, context)
  const file = fileURLToPath(url)
  const source = await readFile(file, 'utf8')
  try {
    const { code } = await transform(source, {
      loader: loaders[ext],
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      jsxImportSource: 'deckwright',
      sourcefile: file,
      sourcemap: 'inline',
      // The designer's tsconfig.json is not read: these are the settings their code is written for.
      tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: false, preserveValueImports: false } },
    })
    return { format: 'module', source: code, shortCircuit: true }
  } catch (error) {
    // Every error, each with its place (esbuild's columns count from 0).
    const errors = (error?.errors ?? []).map((e) => {
      const at = e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1}` : `${file}:1:1`
      const notes = (e.notes ?? []).map((n) => n.text).filter(Boolean)
      return `${at}: ${e.text}${notes.length ? ` (${notes.join(' ')})` : ''}`
    })
    throw new SyntaxError(`${COMPILE_FAILED} ${pathToFileURL(file).href}:\n${errors.length ? errors.join('\n') : `${file}:1:1: ${error?.message ?? error}`}`)
  }
}
