import { spawn } from 'node:child_process'
import { once } from 'node:events'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { readIndex } from '../../src/render/store/store-index.ts'
import { editedText, fixture, projectCopy, root as repo } from '../helpers.ts'

describe('deckwright build --watch', () => {
  it('builds, builds a changed card and changed code again in the same warm process, starts a new one for changed packages, and stops on Ctrl-C', async () => {
    const project = projectCopy(fixture('outputs'))
    const watcher = spawn(
      process.execPath,
      [
        join(repo, 'bin', 'deckwright.js'),
        'build',
        'parlour',
        '--watch',
        '--dpi',
        '30',
        '--no-overview',
        '--jobs',
        '1',
      ],
      { cwd: project },
    )
    onTestFinished(() => void watcher.kill('SIGKILL'))
    let log = ''
    watcher.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    /** Resolves once the log holds `n` matches of the pattern. */
    const seen = (pattern: RegExp, n: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`waited for ${n}× ${pattern}; the log:\n${log}`)), 40_000)
        const check = () =>
          (log.match(new RegExp(pattern, 'g')) ?? []).length >= n
            ? (clearTimeout(timer), resolve())
            : setTimeout(check, 50)
        check()
      })

    await seen(/watching parlour for changes/, 1)
    expect(log).toMatch(/parlour: 11 faces \(11 drawn, 0 from the cache\)/)

    const cards = join(project, 'cards', 'parlour', 'cards.yaml')
    // Saved as many editors save: a new file renamed over the old one, each time.
    const save = (file: string, text: string) => {
      writeFileSync(`${file}.swp`, text)
      renameSync(`${file}.swp`, file)
    }
    save(cards, editedText(cards, 'colour: "#ff0000"', 'colour: "#fe0000"'))
    await seen(/watching parlour for changes/, 2)
    expect(log).toMatch(/parlour: 11 faces \(1 drawn, 10 from the cache\)/)
    expect(log).not.toMatch(/starting a new build process/) // data: the same process built it

    // A card with an error is reported, and the watch goes on.
    save(cards, editedText(cards, 'colour: "#fe0000"', 'colour: [not, text]'))
    await seen(/watching parlour for changes/, 3)
    expect(log).toMatch(/parlour: not built, fix the errors above/)

    // The cards folder removed and made again (a checkout, say), with the card mended: watched again.
    const fixed = editedText(cards, 'colour: [not, text]', 'colour: "#fe0000"')
    rmSync(join(project, 'cards', 'parlour'), { recursive: true })
    await new Promise((r) => setTimeout(r, 400))
    mkdirSync(join(project, 'cards', 'parlour'))
    writeFileSync(cards, fixed)
    await seen(/parlour: 11 faces \(0 drawn, 11 from the cache\)/, 1)
    save(cards, fixed.replace('colour: "#fe0000"', 'colour: "#fd0000"'))
    await seen(/parlour: 11 faces \(1 drawn, 10 from the cache\)/, 2) // a change inside the folder made again

    // A change to code is taken by the same process, its threads warm: the faces whose look changed are drawn.
    const template = join(project, 'templates', 'parlour', 'index.tsx')
    const code = readFileSync(template, 'utf8')
    // Every face's key holds the code: each is new to the store, stored as a link of its look where it looks as it did.
    writeFileSync(template, `${code}\n// a change to code that draws nothing new\n`)
    await seen(/parlour: 11 faces \(0 drawn, 11 looking as before, 0 from the cache\)/, 1)
    const back = join(project, 'out', 'parlour', 'faces', 'guest.back.png')
    const before = readFileSync(back)
    writeFileSync(template, code.replace('#ff00ff', '#123456'))
    await seen(/parlour: 11 faces \(1 drawn, 10 looking as before, 0 from the cache\)/, 1)
    expect(readFileSync(back).equals(before)).toBe(false)
    expect(log).not.toMatch(/starting a new build process/)
    // Code that throws as it is imported is an error at its line; mended, the next change builds on fresh threads.
    writeFileSync(template, `throw new Error('broken as it loads')\n${code}`)
    await seen(/broken as it loads[\s\S]*parlour: not built, fix the errors above/, 1)
    // The code as it was first: its faces are in the store.
    const cached = /parlour: 11 faces \(0 drawn, 11 from the cache\)/
    const was = (log.match(new RegExp(cached, 'g')) ?? []).length
    writeFileSync(template, code)
    await seen(cached, was + 1)
    expect(readFileSync(back).equals(before)).toBe(true)
    expect(log).not.toMatch(/starting a new build process/)

    // A change to the project's packages starts a new process.
    const pkg = join(project, 'package.json')
    writeFileSync(pkg, '{ "name": "parlour", "private": true }\n')
    await seen(/the project's packages changed: starting a new build process/, 1)
    await seen(/starting a new build process[\s\S]*watching parlour for changes/, 1)

    const exit = new Promise<number | null>((resolve) => watcher.on('exit', resolve))
    watcher.kill('SIGINT')
    expect(await exit).toBe(0)
  }, 90_000)

  it("keeps in the store's index the faces its build process drew when Ctrl-C stops it mid-build", async () => {
    // Maybe Missions (408 faces): Ctrl-C comes once 20 are stored, long before the build's own save at its end.
    const project = mkdtempSync(join(repo, 'test', 'build', 'tmp-'))
    onTestFinished(() => rmSync(project, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }))
    for (const part of ['cards', 'rules', 'templates'])
      cpSync(join(repo, part, 'maybe-missions'), join(project, part, 'maybe-missions'), { recursive: true })
    // Its own process group, as a terminal's: Ctrl-C reaches the watch and its build process alike.
    const args = ['build', 'maybe-missions', '--watch', '--only', 'faces', '--jobs', '1']
    const watcher = spawn(process.execPath, [join(repo, 'bin', 'deckwright.js'), ...args], {
      cwd: project,
      detached: true,
    })
    onTestFinished(() => void (watcher.exitCode === null && process.kill(-watcher.pid!, 'SIGKILL')))
    let log = ''
    watcher.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    const store = join(project, 'out', '.cache', 'maybe-missions')
    const pictures = () => {
      try {
        return readdirSync(store).filter((name) => /^[0-9a-f]{40}\.png$/.test(name)).length
      } catch {
        return 0 // no store yet
      }
    }
    const started = Date.now()
    while (pictures() < 20) {
      if (Date.now() - started > 40_000) throw new Error(`no faces stored; the log:\n${log}`)
      await new Promise((r) => setTimeout(r, 50))
    }
    const exited = once(watcher, 'exit')
    const stopped = Date.now()
    process.kill(-watcher.pid!, 'SIGINT')
    expect((await exited)[0]).toBe(0)
    // Its build process, which may end a moment after the watch, saves the index as it exits: written after
    // Ctrl-C, with every face stored but the one or two it was drawing.
    const groupGone = () => {
      try {
        return !process.kill(-watcher.pid!, 0)
      } catch {
        return true
      }
    }
    while (!groupGone()) {
      if (Date.now() - stopped > 20_000) throw new Error('the build process did not end')
      await new Promise((r) => setTimeout(r, 50))
    }
    const saved = Math.max(
      ...['index.json', 'index.log'].map((f) => statSync(join(store, f), { throwIfNoEntry: false })?.mtimeMs ?? 0),
    )
    expect(saved).toBeGreaterThanOrEqual(stopped - 20) // the file system's clock is coarser than Date.now()
    expect(readIndex(store).faces.size).toBeGreaterThanOrEqual(pictures() - 2)
    expect(log).not.toMatch(/ended before it finished/)
  }, 90_000)
})
