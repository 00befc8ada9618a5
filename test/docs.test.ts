// The documentation, tested: every file a designer would copy from README.md and docs/ (a definition, a template,
// a card file, a rules file) is written into one project, type-checked by tsc with deckwright's preset and
// validated by the real command; every command the docs show is a real one, with options that exist; and
// docs/commands.md lists exactly the options each command's --help lists. A documented example that no longer
// works fails here.
//
// How a code block says what it is, in its info string (GitHub and npm ignore all but the first word):
//   ```ts file=rules/harbour/game.ts        the whole file, at that path in the project
//   ```ts part=rules/harbour/game.ts at="see Checks below"
//                                           lines put into that file, before the line that holds the `at` text,
//                                           indented as that line is
//   ```json file=tsconfig.json init         also: exactly what `deckwright init` writes at that path
//   ```ts fragment                          a piece that is not a file (skipped)
// A block in a language of files (ts, tsx, yaml, csv, json, md…) with none of these fails the test.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { promisify } from 'node:util'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deckwright, root } from './helpers.ts'

const run = promisify(execFile)

/** The designer's documentation: the README and every page of docs/. */
const PAGES = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]
/** Pages for contributors, whose code blocks are not a designer's files. */
const NOT_CHECKED = new Set(['docs/architecture.md'])
const FILE_LANGUAGES = new Set([
  'ts',
  'tsx',
  'js',
  'jsx',
  'yaml',
  'yml',
  'csv',
  'json',
  'jsonc',
  'md',
  'markdown',
  'toml',
])

interface Block {
  page: string
  /** The line of the opening fence, 1-based. */
  line: number
  lang: string
  attrs: Record<string, string | true>
  text: string
}

/** `ts file=a.ts at="two words" init` → lang ts and its attributes. */
const parseInfo = (info: string): { lang: string; attrs: Record<string, string | true> } => {
  const [lang = '', ...rest] = info.trim().split(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/)
  const attrs: Record<string, string | true> = {}
  for (const word of rest) {
    const m = /^([\w-]+)(?:=(?:"([^"]*)"|(\S+)))?$/.exec(word)
    if (m) attrs[m[1]!] = m[2] ?? m[3] ?? true
  }
  return { lang: lang.toLowerCase(), attrs }
}

const blocksOf = (page: string, text: string): Block[] => {
  const blocks: Block[] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    // A fence may be indented (a block inside a list item): its lines lose that indentation.
    const open = /^( *)(`{3,}|~{3,})(.*)$/.exec(lines[i]!)
    if (!open) continue
    const [, indent, fence] = open as unknown as [string, string, string]
    const end = lines.findIndex((l, j) => j > i && l.trim() === fence)
    const close = end < 0 ? lines.length : end
    const body = lines.slice(i + 1, close).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()))
    blocks.push({ page, line: i + 1, ...parseInfo(open[3]!), text: `${body.join('\n')}\n` })
    i = close
  }
  return blocks
}

const pageText = Object.fromEntries(PAGES.map((p) => [p, readFileSync(join(root, p), 'utf8')]))
const blocks = PAGES.flatMap((p) => blocksOf(p, pageText[p]!))
const where = (b: Block) => `${b.page}:${b.line}`
const checked = blocks.filter((b) => !NOT_CHECKED.has(b.page))

/** Each command's options as its --help lists them, with their choices and default. */
interface HelpOption {
  flags: string[]
  choices: string[]
  default?: string
}
const helpOptions = (help: string): HelpOption[] => {
  const section = help.split(/^Options:$/m)[1]?.split(/^\S.*:$/m)[0] ?? ''
  // An option's entry and the lines its description wraps onto.
  const entries = section.split(/\n(?= {2}-)/).map((e) => e.replace(/\s+/g, ' ').trim())
  return entries
    .filter((e) => e.startsWith('-'))
    .map((e) => {
      const head = e.split(/\s{1,}(?=[^-<[])/)[0]!
      const flags = [...head.matchAll(/(?<![\w-])--?[a-zA-Z][\w-]*/g)].map((m) => m[0])
      const choices = [...(/\(choices: ([^)]*?)(?:, default: [^)]*)?\)/.exec(e)?.[1] ?? '').matchAll(/"([^"]*)"/g)].map(
        (m) => m[1]!,
      )
      const def = /default: ("([^"]*)"|[^)\s,]+)/.exec(e)
      return { flags, choices, ...(def && { default: def[2] ?? def[1] }) }
    })
}

const VERBS_HELP: Record<string, { usage: string; options: HelpOption[] }> = {}
let topHelp = ''

beforeAll(async () => {
  const bin = join(root, 'bin', 'deckwright.js')
  topHelp = (await run(process.execPath, [bin, '--help'], { cwd: root })).stdout
  const verbs = [...topHelp.split(/^Commands:$/m)[1]!.matchAll(/^ {2}([a-z]+) /gm)]
    .map((m) => m[1]!)
    .filter((v) => v !== 'help')
  await Promise.all(
    verbs.map(async (verb) => {
      const { stdout } = await run(process.execPath, [bin, verb, '--help'], { cwd: root })
      VERBS_HELP[verb] = { usage: /^Usage: (.*)$/m.exec(stdout)![1]!, options: helpOptions(stdout) }
    }),
  )
})

describe("docs/commands.md matches every command's --help", () => {
  const commands = pageText['docs/commands.md']!
  /** The section of commands.md about one command (`## \`deckwright build\``), and the flags its tables list. */
  const section = (verb?: string) => {
    const title = verb ? `## \`deckwright ${verb}\`` : '## `deckwright`'
    const start = commands.split('\n').findIndex((l) => l.trim() === title)
    expect(start, `docs/commands.md has no section "${title}"`).toBeGreaterThanOrEqual(0)
    const lines = commands.split('\n').slice(start + 1)
    const end = lines.findIndex((l) => /^## /.test(l))
    const text = lines.slice(0, end < 0 ? undefined : end).join('\n')
    const rows = text.split('\n').filter((l) => /^\| `-/.test(l))
    const flags = new Map<string, string>()
    for (const row of rows) {
      const first = row.split('|')[1]!
      for (const m of first.matchAll(/(?<![\w-])--?[a-zA-Z][\w-]*/g)) flags.set(m[0], row)
    }
    return { text, flags }
  }

  it('lists every command', () => {
    expect(Object.keys(VERBS_HELP).length).toBeGreaterThanOrEqual(9)
    for (const verb of Object.keys(VERBS_HELP)) section(verb)
  })

  it('documents every option of every command, and no option a command lacks, with its choices and default', () => {
    for (const [verb, help] of Object.entries(VERBS_HELP)) {
      const { text, flags } = section(verb)
      expect(text, `the usage of deckwright ${verb}`).toContain(help.usage.replace(/^Usage: /, ''))
      const listed = help.options.flatMap((o) => o.flags).filter((f) => f !== '-h' && f !== '--help')
      expect([...flags.keys()].sort(), `the options of deckwright ${verb}`).toEqual(listed.sort())
      for (const option of help.options) {
        const row = option.flags.map((f) => flags.get(f)).find(Boolean)
        if (!row) continue
        for (const choice of option.choices) expect(row, `${verb} ${option.flags.join(', ')}`).toContain(choice)
        if (option.default !== undefined)
          expect(row, `${verb} ${option.flags.join(', ')}'s default`).toContain(option.default)
      }
    }
  })

  it('documents the top-level options, and every one it documents exists', () => {
    const { flags } = section()
    const listed = helpOptions(topHelp).flatMap((o) => o.flags)
    for (const flag of listed) expect(flags.has(flag), `deckwright ${flag} is not in docs/commands.md`).toBe(true)
    for (const flag of flags.keys()) expect(listed.includes(flag), `deckwright ${flag} does not exist`).toBe(true)
  })
})

describe('docs/booklet.md says how to style the booklet', () => {
  const page = readFileSync(join(root, 'docs', 'booklet.md'), 'utf8')
  const section = (heading: string) =>
    page.slice(page.indexOf(`## ${heading}`), page.indexOf('\n## ', page.indexOf(`## ${heading}`) + 3))

  it("documents every front matter key the booklet reads (the cover's colour among them)", () => {
    const code = readdirSync(join(root, 'src', 'booklet'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join(root, 'src', 'booklet', f), 'utf8'))
      .join('\n')
    const keys = new Set([...code.matchAll(/front(?:Matter)?\['(\w+)'\]/g)].map((m) => m[1]!))
    expect([...keys]).toEqual(expect.arrayContaining(['tint', 'color', 'title']))
    const table = section('Front matter')
    for (const key of keys) expect(table, `front matter \`${key}\``).toContain(`\`${key}\``)
  })

  it("names the booklet's fonts, and says where they come from", async () => {
    const { ROLES } = await import('../src/booklet/styles.ts')
    const styling = section('How the booklet looks')
    for (const font of new Set(Object.values(ROLES).map((f) => f.name))) expect(styling).toContain(font)
    expect(styling).toMatch(/fonts cannot be changed/)
  })
})

describe('the commands the docs show are real', () => {
  /** `deckwright <verb> --flag …` in shell blocks, CI workflows and inline code, with where it is written. */
  const shown = (): { where: string; verb?: string; flags: string[] }[] => {
    const found: { where: string; verb?: string; flags: string[] }[] = []
    const scan = (text: string, at: string) => {
      for (const m of text.matchAll(/(?<![\w/-])deckwright((?: +[^\s`|;&#)]+)+)/g)) {
        const words = m[1]!.trim().split(/ +/)
        const verb = words[0]!.startsWith('-') ? undefined : words[0]
        // A word of prose after deckwright ("deckwright draws…") is no command: only known verbs and flags count.
        if (verb && !/^[a-z]+$/.test(verb)) continue
        const flags = words.filter((w) => /^--?[a-zA-Z]/.test(w)).map((w) => w.split('=')[0]!)
        found.push({ where: at, ...(verb && { verb }), flags })
      }
    }
    for (const page of PAGES.filter((p) => !NOT_CHECKED.has(p))) {
      const text = pageText[page]!
      for (const b of blocksOf(page, text)) {
        if (['sh', 'bash', 'shell', 'console'].includes(b.lang)) scan(b.text, where(b))
        if (b.lang === 'yaml' || b.lang === 'yml')
          for (const l of b.text.split('\n')) if (/^\s*-?\s*run:/.test(l)) scan(l, where(b))
      }
      // Inline code outside fenced blocks.
      const prose = text.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '')
      for (const m of prose.matchAll(/`([^`\n]+)`/g)) if (/^(npx )?deckwright /.test(m[1]!)) scan(m[1]!, page)
    }
    return found
  }

  it('each `deckwright <verb>` is a command, and each of its options exists', () => {
    const commands = shown()
    expect(commands.length).toBeGreaterThan(30)
    const top = helpOptions(topHelp).flatMap((o) => o.flags)
    const problems: string[] = []
    for (const c of commands) {
      if (!c.verb) {
        for (const f of c.flags) if (!top.includes(f)) problems.push(`${c.where}: deckwright ${f}`)
        continue
      }
      // `deckwright help <command>` is commander's own.
      if (c.verb === 'help') continue
      const help = VERBS_HELP[c.verb]
      if (!help) {
        problems.push(`${c.where}: deckwright ${c.verb} is not a command`)
        continue
      }
      const flags = help.options.flatMap((o) => o.flags)
      // `--no-x` and `--x` of one option, as commander takes them, are documented as listed.
      for (const f of c.flags) if (!flags.includes(f)) problems.push(`${c.where}: deckwright ${c.verb} has no ${f}`)
    }
    expect(problems).toEqual([])
  })

  it("the README's set-up commands for this repository are its own", () => {
    const readme = pageText['README.md']!
    const developing = readme.split(/^## Developing deckwright$/m)[1]?.split(/^## /m)[0]
    expect(developing, 'README.md has a "Developing deckwright" section').toBeDefined()
    const sh = blocksOf('README.md', developing!).filter((b) => b.lang === 'sh')
    const commands = sh.flatMap((b) => b.text.split('\n').map((l) => l.replace(/#.*/, '').trim())).filter(Boolean)
    expect(commands).toEqual(['npm install && npx deckwright build', 'npm test'])
    expect(readFileSync(join(root, '.ci', 'run'), 'utf8')).toContain('npm test')
  })

  it('every link between the pages leads to a page and a heading that exist', () => {
    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
    const slug = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-')
    const anchors = (page: string) =>
      new Set(
        [...(pageText[page] ?? readFileSync(join(root, page), 'utf8')).matchAll(/^#{1,6} (.*)$/gm)].map((m) =>
          slug(m[1]!),
        ),
      )
    const broken: string[] = []
    for (const page of PAGES) {
      const prose = pageText[page]!.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/`[^`\n]*`/g, '')
      for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        const [target, anchor] = m[1]!.split('#') as [string, string | undefined]
        if (/^[a-z]+:/.test(target)) continue
        const file = target ? normalize(join(dirname(page), target)) : page
        if (!existsSync(join(root, file))) broken.push(`${page}: ${m[1]} (no ${file})`)
        else if (anchor && file.endsWith('.md') && !anchors(file).has(anchor))
          broken.push(`${page}: ${m[1]} (no heading)`)
      }
    }
    expect(broken).toEqual([])
  })

  it('every file or folder of this repository the pages name in code exists (test/…, tools/…, assets/…)', () => {
    const named = PAGES.filter((p) => !NOT_CHECKED.has(p)).flatMap((page) =>
      [...pageText[page]!.matchAll(/`([^`\n]+)`/g)].flatMap((code) =>
        [
          ...code[1]!.matchAll(/(?<![\w/.-])((?:src|test|tools|bench|assets|preset|init|\.ci|bin|preview)\/[\w./-]*)/g),
        ].map((m) => ({ page, path: m[1]! })),
      ),
    )
    expect(named.length).toBeGreaterThan(5)
    expect(named.filter((n) => !existsSync(join(root, n.path)))).toEqual([])
  })

  it('every page of docs/ is linked from the README', () => {
    const readme = pageText['README.md']!
    for (const page of PAGES.filter((p) => p.startsWith('docs/')))
      expect(readme.includes(`](${page})`) || readme.includes(`](${page}#`), `README.md links ${page}`).toBe(true)
  })
})

describe("the docs' code blocks", () => {
  let project: string
  /** Where each file of the project comes from, for the messages: its first block, and each line's page and line. */
  const origin = new Map<string, string>()
  const lineOrigin = new Map<string, string[]>()
  const linesOf = (b: Block) =>
    b.text
      .replace(/\n$/, '')
      .split('\n')
      .map((_, i) => `${b.page}:${b.line + 1 + i}`)
  let tsc: { code: number; out: string }
  let validated: { code: number; stdout: string; stderr: string }
  let initDir: string

  it('are each marked as a file, a part of one, or a fragment', () => {
    const unmarked = checked.filter(
      (b) => FILE_LANGUAGES.has(b.lang) && !b.attrs['file'] && !b.attrs['part'] && !b.attrs['fragment'],
    )
    expect(unmarked.map(where)).toEqual([])
  })

  beforeAll(async () => {
    project = mkdtempSync(join(root, 'test', 'tmp-docs-'))
    const files = new Map<string, string>()
    const put = (b: Block, path: string) => {
      if (normalize(path) !== path || path.startsWith('..') || path.startsWith('/'))
        throw new Error(`${where(b)}: file=${path} is not a path inside the project`)
      return path
    }
    for (const b of checked.filter((b) => typeof b.attrs['file'] === 'string')) {
      const path = put(b, b.attrs['file'] as string)
      if (files.has(path)) throw new Error(`${where(b)}: ${path} is already the block at ${origin.get(path)}`)
      files.set(path, b.text)
      origin.set(path, where(b))
      lineOrigin.set(path, linesOf(b))
    }
    for (const b of checked.filter((b) => typeof b.attrs['part'] === 'string')) {
      const path = put(b, b.attrs['part'] as string)
      const at = b.attrs['at']
      const text = files.get(path)
      if (typeof at !== 'string' || text === undefined)
        throw new Error(`${where(b)}: part=${path} needs at="…" and a file=${path} block`)
      const lines = text.split('\n')
      const index = lines.findIndex((l) => l.includes(at))
      if (index < 0) throw new Error(`${where(b)}: ${path} (${origin.get(path)}) has no line with "${at}"`)
      const indent = /^\s*/.exec(lines[index]!)![0]
      const part = b.text
        .replace(/\n$/, '')
        .split('\n')
        .map((l) => (l ? indent + l : l))
      lines.splice(index, 0, ...part)
      files.set(path, lines.join('\n'))
      lineOrigin.get(path)!.splice(index, 0, ...linesOf(b))
    }
    for (const [path, text] of files) {
      mkdirSync(dirname(join(project, path)), { recursive: true })
      writeFileSync(join(project, path), text)
    }
    // The pictures the rules show are not the docs' to give: a small one stands in for each.
    const picture = new PNG({ width: 40, height: 30 })
    picture.data.fill(200)
    for (const [path, text] of files) {
      if (!path.endsWith('.md')) continue
      for (const m of text.matchAll(/(?:src="([^"]+)"|!\[[^\]]*\]\(([^)\s]+)\))/g)) {
        const file = join(project, dirname(path), m[1] ?? m[2]!)
        if (!existsSync(file)) writeFileSync(file, PNG.sync.write(picture))
      }
    }
    // tsc with deckwright's preset, as a designer's project has it, deckwright's entries taken from the sources.
    const src = (p: string) => {
      // A path that no longer exists would let tsc fall back to dist/'s declarations: say so instead.
      if (!existsSync(join(root, 'src', p))) throw new Error(`src/${p} is gone: the docs' tsconfig must follow it`)
      return [join(root, 'src', p)]
    }
    writeFileSync(
      join(project, 'tsconfig.docs.json'),
      JSON.stringify({
        extends: join(root, 'preset', 'tsconfig.json'),
        compilerOptions: {
          paths: {
            deckwright: src('index.ts'),
            'deckwright/components': src('render/template/components/index.tsx'),
            'deckwright/pipeline': src('pipeline.ts'),
            'deckwright/jsx-runtime': src('jsx-runtime.ts'),
            'deckwright/jsx-dev-runtime': src('jsx-dev-runtime.ts'),
          },
        },
        // deckwright's own declarations of untyped packages, as its sources are type-checked with them.
        include: ['rules', 'templates', join(root, 'src', '**', '*.d.ts')],
      }),
    )
    initDir = mkdtempSync(join(root, 'test', 'tmp-docs-init-'))
    const typecheck = async () => {
      try {
        const r = await run(
          process.execPath,
          [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.docs.json'],
          {
            cwd: project,
          },
        )
        return { code: 0, out: r.stdout + r.stderr }
      } catch (error) {
        const e = error as { code: number; stdout: string; stderr: string }
        return { code: e.code, out: e.stdout + e.stderr }
      }
    }
    // One tsc, one validate, one init, side by side.
    ;[tsc, validated] = await Promise.all([
      typecheck(),
      deckwright(project, 'validate', '--format', 'json'),
      deckwright(initDir, 'init', '--game', 'harbour'),
    ])
  }, 120_000)
  afterAll(() => {
    rmSync(project, { recursive: true, force: true })
    rmSync(initDir, { recursive: true, force: true })
  })

  /** A message about a project file's line (`file(3,5)` from tsc, `file:3` from validate) names the docs' line. */
  const fromDocs = (text: string) =>
    text.replace(/([\w./-]+?)(?:\((\d+),\d+\)|:(\d+))/g, (all, path: string, a?: string, b?: string) => {
      const at = lineOrigin.get(path)?.[Number(a ?? b) - 1]
      return at ? `${all} (${at})` : all
    })

  it("type-check with tsc and deckwright's preset", () => {
    expect(origin.size).toBeGreaterThan(10)
    expect(tsc.code, fromDocs(tsc.out)).toBe(0)
  })

  it('make games that deckwright validate finds no problem in (faces laid out)', () => {
    const said = JSON.parse(validated.stdout || '[]') as {
      severity: string
      file: string
      line?: number
      message: string
    }[]
    const problems = said
      .filter((d) => d.severity !== 'info')
      .map((d) => fromDocs(`${d.file}:${d.line ?? ''} ${d.message}`))
    expect(problems).toEqual([])
    expect(validated.code, validated.stderr).toBe(0)
    // Every game of the docs was checked.
    const games = new Set([...origin.keys()].filter((p) => p.startsWith('rules/')).map((p) => p.split('/')[1]))
    expect(games.size).toBeGreaterThanOrEqual(3)
  })

  it("each `npm run <script>` the docs name is a script of this repository's package.json or of a designer's (init's)", () => {
    const scripts = [root, initDir].flatMap((dir) =>
      Object.keys(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts),
    )
    const named = PAGES.filter((p) => !NOT_CHECKED.has(p)).flatMap((p) =>
      [...pageText[p]!.matchAll(/npm run ([\w:-]+)/g)].map((m) => ({ page: p, script: m[1]! })),
    )
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((n) => !scripts.includes(n.script))).toEqual([])
  })

  it('marked init are what `deckwright init` writes', () => {
    const init = checked.filter((b) => b.attrs['init'])
    expect(init.length).toBeGreaterThan(0)
    for (const b of init) {
      const path = b.attrs['file'] as string
      expect(readFileSync(join(initDir, path), 'utf8'), where(b)).toBe(b.text)
    }
  })
})
