import { fork, type ChildProcess } from 'node:child_process'
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { gamePaths } from '../load/project.ts'
import { isModuleFile } from '../cache/source-hash.ts'

import { WATCH_CHILD } from './watch-child.ts'

export { WATCH_CHILD } from './watch-child.ts'

/**
 * `deckwright build --watch`: builds the games in a child process, then watches their cards, rules and
 * templates. Every change is built again by the same child, warm: a change to data (cards, rules text,
 * pictures, art, icons) as it is, a change to a module (a definition, a template, a JSON file they import)
 * with the games' code compiled and imported again in its threads. A change that comes while a build runs
 * stops it and is built at once. A change to the project's packages starts a new child. Ends on Ctrl-C.
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
    let reload = false // a module changed: the next build takes the games' code again
    let restart = false // a dependency changed: the next build needs a new process
    let reloads = 0 // changes of modules the build process took in place
    let ready = false // the build process listens for builds
    let stopping = false
    let child: ChildProcess | undefined
    let timer: NodeJS.Timeout | undefined

    const start = () => {
      ready = false
      reloads = 0
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
      started.on('message', (message: { idle?: boolean; ready?: boolean }) => {
        if (child !== started) return
        if (message.ready) return void ((ready = true), flush())
        if (!message.idle) return void hooks.message?.(message)
        process.stderr.write(`watching ${games.join(', ')} for changes (Ctrl-C stops)\n`)
      })
      started.on('error', () => undefined) // a message to a process that has just ended: its exit says so
      started.on('exit', (code, signal) => {
        if (child !== started || stopping) return // replaced, or stopped with this process
        child = undefined
        const why = `the build process ended (${signal ?? `exit code ${code}`}); the next change starts another`
        process.stderr.write(`deckwright: ${why}\n`)
        hooks.ended?.(why)
        flush()
      })
    }
    // A change goes to the build process at once, even while it builds (it stops that build for this one);
    // a change of modules too, taken in place (see GameThreads.reload), up to MAX_PROCESS_RELOADS times.
    const flush = () => {
      if (pending.size === 0 || (child && !ready && !restart)) return
      const changedGames = [...pending]
      pending.clear()
      if (child && !restart && reloads < MAX_PROCESS_RELOADS) {
        if (reload) reloads++
        hooks.building?.(changedGames)
        child.send({ build: changedGames, first: hooks.first?.().ids, reload } satisfies BuildRequest)
        reload = false
        return
      }
      if (child)
        process.stderr.write(
          `${restart ? "the project's packages changed" : `${games.join(', ')} changed ${reloads} times`}: starting a new build process\n`,
        )
      const old = child
      child = undefined
      old?.kill()
      reload = restart = false
      start()
    }
    const changed = (game: string, file: string | null) => {
      if (!file || isModuleFile(file)) reload = true
      pending.add(game)
      clearTimeout(timer)
      timer = setTimeout(flush, 20) // an editor's save is often several events, a few milliseconds apart
    }
    // The project's packages changed (an install, an update): the build process is started again.
    const dependencies = (name: string | null) => {
      if (name && !DEPENDENCY_FILES.has(name)) return
      restart = true
      for (const game of games) pending.add(game)
      clearTimeout(timer)
      timer = setTimeout(flush, 500) // an install writes for a while
    }

    const unwatch = watchGames(root, games, changed, dependencies)
    const stop = () => {
      stopping = true
      clearTimeout(timer)
      unwatch()
      child?.kill()
      done(0)
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    start()
  })

/**
 * Watches the games' cards, rules and templates (`changed`: the game and the file, relative to the project)
 * and the project's own files (`project`: the name that changed). Returns what stops watching.
 */
const watchGames = (
  root: string,
  games: readonly string[],
  changed: (game: string, file: string | null) => void,
  project: (name: string | null) => void,
): (() => void) => {
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
  const own = watch(root, (_, name) => project(name))
  own.on('error', () => own.close())
  return () => {
    for (const w of watchers.values()) w.close()
    own.close()
  }
}

/**
 * Files of the project's folder whose change means its packages changed (an install writes its lock file;
 * not `node_modules`, which a first build makes for its cache of compiled modules).
 */
const DEPENDENCY_FILES = new Set([
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
])

/**
 * Changes of the games' modules one build process takes in place before a new one is started: the games'
 * threads are replaced more often (GameThreads.reload), but this process's own thread keeps each definition it
 * loaded.
 */
export const MAX_PROCESS_RELOADS = 100

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

/** What a watch asks of its build process: the games to build (the cards of `first` first), after a change to their modules (`reload`). */
export interface BuildRequest {
  build: string[]
  first?: string[]
  reload?: boolean
}

/** How one build of a watch's build process goes: the cards to draw first, whether the games' modules changed, and the signal a newer change stops it with. */
export interface WatchedBuild {
  first?: string[]
  reload: boolean
  signal: AbortSignal
}

/** The reason a watch's build stops at its next step: a newer change came, and the build after it makes what this one would have. */
export class Superseded extends Error {
  constructor() {
    super('a newer change came')
  }
}

/**
 * In the build process a watch started: builds `games` (the cards of `first` first), then the games it is
 * sent, and says when it is idle. A change that comes while a build runs stops that build at its next step
 * (nothing of it is written; the faces it drew stay in the store) and the games of both are built again at
 * once: a save never waits for the sheets and the booklet of the one before. Never resolves; the process
 * ends with its watch.
 */
export const serveBuilds = (
  build: (games: string[], how: WatchedBuild) => Promise<void>,
  games: readonly string[],
  first?: string[],
  ending?: () => void,
  /** A build that threw (not a game's problems, which it reports): told here, and the process serves on. */
  failed: (error: unknown) => void = (error) => process.stderr.write(`deckwright: ${String(error)}\n`),
): Promise<never> =>
  new Promise(() => {
    const queued = new Set<string>(games)
    let next: Omit<WatchedBuild, 'signal'> = { first, reload: false }
    let running: AbortController | undefined
    const drain = async () => {
      while (queued.size) {
        const batch = [...queued]
        queued.clear()
        const how = { ...next, signal: (running = new AbortController()).signal }
        next = { first: next.first, reload: false }
        try {
          await build(batch, how)
        } catch (error) {
          if (!how.signal.aborted) failed(error)
        }
        // Stopped for a newer change: its games are built again with those of the change.
        if (how.signal.aborted) for (const game of batch) queued.add(game)
      }
      running = undefined
      process.send!({ idle: true })
    }
    process.on('message', (message: BuildRequest) => {
      if (!message.build) return
      for (const game of message.build) queued.add(game)
      next = { first: message.first ?? next.first, reload: next.reload || Boolean(message.reload) }
      if (running) running.abort(new Superseded())
      else void drain()
    })
    // Ended when its watch is gone (disconnected), replaced by a new build process (the project's packages
    // changed, SIGTERM) or stopped with the watch (Ctrl-C reaches every process of the terminal's group): a
    // finished run, whose stores save what it drew since their last save as it exits (see FaceStore.open).
    const end = () => {
      ending?.()
      process.exit(0)
    }
    process.on('disconnect', end)
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, end)
    // Listening before the first build: a change during it stops it too.
    process.send!({ ready: true })
    void drain()
  })
