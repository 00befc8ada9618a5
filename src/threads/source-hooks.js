// Module hooks (module.register) for a worker thread of deckwright running from its TypeScript sources, as
// its tests do: they compile deckwright's own .ts and .tsx files with esbuild. The package ships compiled
// JavaScript and never registers them; a game's own code is compiled by load/game-modules.ts either way.
// Plain JavaScript: a worker runs it before it can load any TypeScript.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { transform } from 'esbuild'

export async function load(url, context, next) {
  const ext = /\.tsx?$/.exec(url.startsWith('file:') ? url.split('?')[0] : '')?.[0]
  if (!ext) return next(url, context)
  const file = fileURLToPath(url)
  const { code } = await transform(await readFile(file, 'utf8'), {
    loader: ext === '.tsx' ? 'tsx' : 'ts',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    sourcefile: file,
    sourcemap: 'inline',
  })
  return { format: 'module', source: code, shortCircuit: true }
}
