import { fork, type ChildProcess } from 'node:child_process'
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { gamePaths } from '../load/project.ts'
import { isModuleFile } from '../cache/source-hash.ts'

import { WATCH_CHILD } from './watch-child.ts'

export { WATCH_CHILD } from './watch-child.ts'

/**
 * `deckwright build --watch`: builds the games in a child process, then watches their cards, rules and
 * templates. A change to data (cards, rules text, pictures, art, icons) is built again by the same child,
 * warm: about the time the build itself takes. A change to a module (a definition, a template, a JSON file
 * they import) starts a new child, since a module once loaded cannot be loaded again. Changes that come
 * while a build runs are built together after it. Ends on Ctrl-C.
 */
/** What a watch tells whoever runs it (`deckwright preview`), and what it adds to its build process's environment. */
export interface WatchHooks {
  env?: Record<string, string>
  /** The games a build is starting for. */
  building?: (games: string[]) => void
  /** A message of the build process's own (not its 'idle'). */
  message?: (message: unknown) => void
  /** The build process ended by itself (it crashed, or was killed): why. */
  ended?: (why: string) => void
  /** The cards to draw first in the next build, in the environment of a new build process (`envFirst`) and with a build request. */
  first?: () => { env: string; ids: string[] }
}

export const watchBuilds = (
  root: string,
  games: string[],
  args: string[],
  bin: string,
  hooks: WatchHooks = {},
): Promise<number> =>
  new Promise((done) => {
    const pending = new Set<string>()
    let fresh = false // a module changed: the next build needs a new process
    let idle = false
    let stopping = false
    let child: ChildProcess | undefined
    let timer: NodeJS.Timeout | undefined

    const start = () => {
      idle = false
      const first = hooks.first?.()
      const started = fork(bin, args, {
        env: {
          ...process.env,
          ...hooks.env,
          ...(first && { [first.env]: JSON.stringify(first.ids) }),
          [WATCH_CHILD]: '1',
        },
        stdio: 'inherit',
      })
      child = started
      hooks.building?.(games)
      started.on('message', (message: { idle?: boolean }) => {
        if (child !== started) return
        if (!message.idle) return void hooks.message?.(message)
        idle = true
        process.stderr.write(`watching ${games.join(', ')} for changes (Ctrl-C stops)\n`)
        flush()
      })
      started.on('error', () => undefined) // a message to a process that has just ended: its exit says so
      started.on('exit', (code, signal) => {
        if (child !== started || stopping) return // replaced, or stopped with this process
        child = undefined
        idle = true
        const why = `the build process ended (${signal ?? `exit code ${code}`}); the next change starts another`
        process.stderr.write(`deckwright: ${why}\n`)
        hooks.ended?.(why)
        flush()
      })
    }
    const flush = () => {
      if (!idle || pending.size === 0) return
      const changedGames = [...pending]
      pending.clear()
      idle = false
      if (child && !fresh) {
        hooks.building?.(changedGames)
        return void child.send({ build: changedGames, first: hooks.first?.().ids })
      }
      if (fresh) process.stderr.write(`code of ${changedGames.join(', ')} changed: starting a new build process\n`)
      const old = child
      child = undefined
      old?.kill()
      fresh = false
      start()
    }
    const changed = (game: string, file: string | null) => {
      if (!file || isModuleFile(file)) fresh = true
      pending.add(game)
      clearTimeout(timer)
      timer = setTimeout(flush, 50) // an editor's save is often several events, a few milliseconds apart
    }

    const watchers = new Map<string, FSWatcher>()
    for (const game of games) {
      const paths = gamePaths(root, game)
      for (const dir of [paths.rulesDir, paths.cardsDir, paths.templatesDir]) {
        const onChange = (file: string | null) => changed(game, file && relative(root, file))
        watchTree(dir, watchers, onChange)
        // The game's folder itself may come later (or be made again, by a checkout): its parent says so.
        watchEntry(dirname(dir), basename(dir), watchers, () => {
          watchTree(dir, watchers, onChange, true)
          onChange(dir)
        })
      }
    }
    const stop = () => {
      stopping = true
      clearTimeout(timer)
      for (const w of watchers.values()) w.close()
      child?.kill()
      done(0)
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    start()
  })

/** Whether a path is a folder now (false when it has just gone). */
const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/**
 * Watches a folder and the folders in it, each on its own (node 20's recursive watch on Linux loses a
 * file once an editor has replaced it by renaming another over it, as sed -i and many editors save);
 * a folder made later (or made again) is watched from then on. `changed` gets the path, or null when the
 * system did not say. `again`: watch anew a folder watched before (it was removed and made again).
 */
const watchTree = (
  dir: string,
  watchers: Map<string, FSWatcher>,
  changed: (file: string | null) => void,
  again = false,
): void => {
  if ((!again && watchers.has(dir)) || !isFolder(dir)) return
  watchers.get(dir)?.close()
  const watcher = watch(dir, (_, name) => {
    const file = name ? join(dir, name) : null
    if (file && isFolder(file)) watchTree(file, watchers, changed, true)
    changed(file)
  })
  watcher.on('error', () => {
    // The folder is gone; its parent's watcher sees it if it comes back.
    watcher.close()
    if (watchers.get(dir) === watcher) watchers.delete(dir)
  })
  watchers.set(dir, watcher)
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const entry of entries) if (entry.isDirectory()) watchTree(join(dir, entry.name), watchers, changed, again)
}

/** Calls `appeared` when an entry of that name is made in a folder (a game's cards/, rules/ or templates/ folder). */
const watchEntry = (parent: string, name: string, watchers: Map<string, FSWatcher>, appeared: () => void): void => {
  const key = `${parent}\0${name}`
  if (watchers.has(key) || !isFolder(parent)) return
  const watcher = watch(parent, (_, entry) => {
    if (entry === name && isFolder(join(parent, name))) appeared()
  })
  watcher.on('error', () => watcher.close())
  watchers.set(key, watcher)
}

/**
 * In the build process a watch started: after the first builds, builds the games it is sent, one batch at
 * a time, and says when it is idle. Never resolves; the process ends with its watch.
 */
export const serveBuilds = (
  build: (games: string[], first?: string[]) => Promise<void>,
  ending?: () => void,
): Promise<never> =>
  new Promise(() => {
    process.send!({ idle: true })
    process.on('message', async (message: { build?: string[]; first?: string[] }) => {
      if (!message.build) return
      await build(message.build, message.first)
      process.send!({ idle: true })
    })
    process.on('disconnect', () => {
      ending?.()
      process.exit(0)
    })
  })
