import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { watchBuilds } from '../make/watch.ts'
import { isPreviewMessage, PREVIEW_CHILD, PREVIEW_FIRST } from './messages.ts'
import { servePreview } from './server.ts'
import { PreviewStore } from './state.ts'

export interface PreviewOptions {
  outDir: string
  host: string
  port: number
  /** The editor link of a diagnostic: `{path}`, `{line}` and `{column}` are filled in. */
  editor: string
  /** Open the page in the system's browser. */
  open: boolean
  /** The arguments of the build process (`build <games…> --watch …`). */
  buildArgs: string[]
  /** deckwright's own command, which the build process runs. */
  bin: string
  /** Called with the page's address once it is served. */
  listening?: (url: string) => void
}

/**
 * `deckwright preview`: serves a page of the games' cards, and builds them as `build --watch` does, in a
 * build process this one starts again after a change to the games' code: the page stays open across it.
 */
export const runPreview = async (root: string, games: string[], options: PreviewOptions): Promise<number> => {
  const store = new PreviewStore(games, root, options.editor, (game, file) =>
    existsSync(join(options.outDir, game, file)),
  )
  const server = await servePreview(store, { outDir: options.outDir, games, host: options.host, port: options.port })
  const { port } = server.address() as AddressInfo
  const shown = options.host.includes(':')
    ? `[${options.host}]`
    : options.host === '0.0.0.0'
      ? '127.0.0.1'
      : options.host
  const url = `http://${shown}:${port}/`
  process.stderr.write(
    `preview of ${games.join(', ')} at ${url}${options.host === '127.0.0.1' ? '' : ` (listening on ${options.host})`}\n`,
  )
  options.listening?.(url)
  if (options.open) openBrowser(url)
  try {
    return await watchBuilds(root, games, options.buildArgs, options.bin, {
      env: { [PREVIEW_CHILD]: '1' },
      building: (ids) => store.building(ids),
      message: (message) => isPreviewMessage(message) && store.built(message),
      first: () => ({ env: PREVIEW_FIRST, ids: store.visible }),
      ended: (why) => store.ended(why),
    })
  } finally {
    server.closeAllConnections()
    server.close()
  }
}

/** The system's way to open an address; a failure to open it is not the preview's (the address is printed). */
const openBrowser = (url: string): void => {
  const [command, ...args] =
    process.platform === 'darwin'
      ? ['open', url]
      : process.platform === 'win32'
        ? ['cmd', '/c', 'start', '', url]
        : ['xdg-open', url]
  try {
    const child = spawn(command!, args, { stdio: 'ignore', detached: true })
    child.on('error', () => undefined)
    child.unref()
  } catch {
    // No browser to open: the address above is enough.
  }
}
