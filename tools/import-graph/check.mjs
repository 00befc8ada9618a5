// `npm run check:imports`: checks the directions of src/'s imports (dependency-cruiser.cjs). dependency-cruiser
// needs TypeScript 5's compiler API, which the project's TypeScript 7 lacks: it has its own install here,
// made on first use from its lock file.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')
const bin = join(here, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs')
if (!existsSync(bin))
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: here, stdio: 'inherit' })
try {
  execFileSync(
    process.execPath,
    [bin, 'src', '--config', join(here, 'dependency-cruiser.cjs'), '--output-type', 'err-long'],
    { cwd: root, stdio: 'inherit' },
  )
} catch {
  process.exit(1)
}
