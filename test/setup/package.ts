// deckwright as designers get it: the tarball `npm pack` makes, packed once per run, and a designer's project
// with it installed, installed once per run and copied for each test that asks (npm install takes tens of
// seconds; a copy, one or two). Any test may use them: the package tests, and the tests of the browser, the
// docs or a print service that need the package as shipped.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'
import { root } from '../helpers.ts'
import { once } from './once.ts'

/** npm's own variables of the `npm test` that runs this are not the designer's. */
export const designerEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)))

/** The command `npm install` put in a designer's project: what `npx deckwright` and npm scripts run (a path from the project). */
export const INSTALLED_COMMAND = join('node_modules', '.bin', 'deckwright')

/** Runs a command as a designer would, in a folder; its exit code and output, whatever the code. */
export const run = (cwd: string, command: string, ...args: string[]) => {
  const r = spawnSync(command, args, { cwd, env: designerEnv, encoding: 'utf8', timeout: 300_000 })
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, out: `${r.stdout}\n${r.stderr}` }
}

/** Runs a command that must succeed: its output, or an error that shows it. */
export const must = (cwd: string, command: string, ...args: string[]) => {
  const r = run(cwd, command, ...args)
  if (r.code !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${r.out}`)
  return r
}

/** The tarball (its path) and the paths of the files in it, as `npm pack` lists them. */
export const packedTarball = async (): Promise<{ tarball: string; files: string[] }> => {
  const { dir, value } = await once('tarball', (dir) => {
    // dist/ is built by the global set-up: `prepare` (which builds it again) need not run.
    const packed = must(root, 'npm', 'pack', '--json', '--ignore-scripts', '--pack-destination', dir)
    const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
      filename: string
      files: { path: string }[]
    }[]
    return { filename: info!.filename, files: info!.files.map((f) => f.path) }
  })
  return { tarball: join(dir, value.filename), files: value.files }
}

let copies = 0

/**
 * A fresh copy of a designer's project named `name` (the folder: `npm init -y` and `deckwright init` take
 * their names from it) that `npm init -y` made and the tarball was installed into, as a dev dependency. It
 * is the test's own: change it at will. It lives in the run's folder, outside this repository, at the depth
 * of the one npm installed into (package.json names the tarball by a relative path), and goes with the run.
 */
export const installedPackage = async (name = 'space-race'): Promise<string> => {
  const { tarball } = await packedTarball()
  const { dir } = await once(`installed-${name}`, (dir) => {
    const project = join(dir, name)
    mkdirSync(project)
    must(project, 'npm', 'init', '-y')
    must(project, 'npm', 'install', '--no-audit', '--no-fund', '--save-dev', tarball)
  })
  const copy = join(mkdtempSync(join(inject('sharedDir'), `copy-${copies++}-`)), name)
  cpSync(join(dir, name), copy, { recursive: true, verbatimSymlinks: true })
  return copy
}
