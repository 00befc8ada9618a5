import { fork, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, statSync, watch, type FSWatcher } from 'node:fs'
import { join, relative } from 'node:path'
import { gamePaths } from '../load/project.ts'

/** Marks the build process a watch runs; it builds again when told, its modules (and the renderer) warm. */
export const WATCH_CHILD = 'DECKWRIGHT_WATCH_CHILD'

/** A change to code (a definition, a template) needs fresh modules: a new build process. Data does not. */
const CODE = /\.(?:[cm]?[jt]sx?)$/

/**
 * `deckwright build --watch`: builds the games in a child process, then watches their cards, rules and
 * templates. A change to data (cards, rules, pictures, art) is built again by the same child, warm: about
 * the time the build itself takes. A change to code starts a new child, since a module once loaded cannot
 * be loaded again. Changes that come while a build runs are built together after it. Ends on Ctrl-C.
 */
export const watchBuilds = (root: string, games: string[], args: string[], bin: string): Promise<number> =>
  new Promise((done) => {
    const pending = new Set<string>()
    let fresh = false // code changed: the next build needs a new process
    let idle = false
    let child: ChildProcess | undefined
    let timer: NodeJS.Timeout | undefined

    const start = () => {
      idle = false
      const started = fork(bin, args, { env: { ...process.env, [WATCH_CHILD]: '1' }, stdio: 'inherit' })
      child = started
      started.on('message', (message: { idle?: boolean }) => {
        if (!message.idle) return
        idle = true
        process.stderr.write(`watching ${games.join(', ')} for changes (Ctrl-C stops)\n`)
        flush()
      })
      started.on('exit', (code, signal) => {
        // Replaced, stopped, or ended with this process by Ctrl-C (the terminal signals both).
        if (child !== started || signal === 'SIGINT' || signal === 'SIGTERM') return
        child = undefined
        idle = true
        process.stderr.write(`deckwright: the build process ended (${signal ?? `exit code ${code}`}); the next change starts another\n`)
      })
    }
    const flush = () => {
      if (!idle || pending.size === 0) return
      const games = [...pending]
      pending.clear()
      idle = false
      if (child && !fresh) return void child.send({ build: games })
      process.stderr.write(`${fresh ? `code of ${games.join(', ')} changed: ` : ''}starting a new build process\n`)
      const old = child
      child = undefined
      old?.kill()
      fresh = false
      start()
    }
    const changed = (game: string, file: string | null) => {
      if (!file || CODE.test(file)) fresh = true
      pending.add(game)
      clearTimeout(timer)
      timer = setTimeout(flush, 150) // an editor's save is often several events
    }

    const watchers = new Map<string, FSWatcher>()
    for (const game of games) {
      const paths = gamePaths(root, game)
      for (const dir of [paths.rulesDir, paths.cardsDir, paths.templatesDir]) watchTree(dir, watchers, (file) => changed(game, file && relative(root, file)))
    }
    const stop = () => {
      clearTimeout(timer)
      for (const w of watchers.values()) w.close()
      const last = child
      child = undefined
      last?.kill()
      done(0)
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    start()
  })

/**
 * Watches a folder and the folders in it, each on its own (node 20's recursive watch on Linux loses a
 * file once an editor has replaced it by renaming another over it, as sed -i and many editors save);
 * a folder made later is watched from then on. `changed` gets the path, or null when the system did not say.
 */
const watchTree = (dir: string, watchers: Map<string, FSWatcher>, changed: (file: string | null) => void): void => {
  if (watchers.has(dir) || !existsSync(dir) || !statSync(dir).isDirectory()) return
  watchers.set(
    dir,
    watch(dir, (_, name) => {
      const file = name ? join(dir, name) : null
      if (file && existsSync(file) && statSync(file).isDirectory()) watchTree(file, watchers, changed)
      changed(file)
    }),
  )
  for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) watchTree(join(dir, entry.name), watchers, changed)
}

/**
 * In the build process a watch started: after the first builds, builds the games it is sent, one batch at
 * a time, and says when it is idle. Never resolves; the process ends with its watch.
 */
export const serveBuilds = (build: (games: string[]) => Promise<void>): Promise<never> =>
  new Promise(() => {
    process.send!({ idle: true })
    process.on('message', async (message: { build?: string[] }) => {
      if (!message.build) return
      await build(message.build)
      process.send!({ idle: true })
    })
    process.on('disconnect', () => process.exit(0))
  })
