import { describe, expect, it } from 'vitest'
import { lexShortcodes, type OpenToken, type Token } from '../../src/shortcodes/lexer.ts'

const lex = (source: string) => lexShortcodes(source, { file: 'rules.md' })
const tags = (source: string) => lex(source).value.filter((t): t is OpenToken => t.type === 'open')
const only = (source: string): OpenToken => {
  const [tag] = tags(source)
  expect(tag).toBeDefined()
  return tag!
}

describe('shortcode parameters', () => {
  it('types bare values as Hugo does and keeps quoted values strings', () => {
    const tag = only('{{< sc a="1" b=2 c=true d=1.5 e=false f=abc g=-3 h=".5" i=.5 j=1e3 k=`7` >}}')
    expect(tag.params).toEqual({
      a: '1',
      b: 2,
      c: true,
      d: 1.5,
      e: false,
      f: 'abc',
      g: -3,
      h: '.5',
      i: 0.5,
      j: '1e3',
      k: '7',
    })
    expect(tag.positional).toEqual([])
  })

  it('reads positional parameters, quoted or bare, typed the same way', () => {
    const tag = only('{{< icon "vote token" 3 true "3" >}}')
    expect(tag.positional).toEqual(['vote token', 3, true, '3'])
    expect(tag.params).toEqual({})
  })

  it('unescapes \\" inside double quotes', () => {
    expect(only('{{< sc title="say \\"hi\\"" >}}').params).toEqual({ title: 'say "hi"' })
  })

  it('keeps backtick raw strings verbatim, quotes and line breaks included', () => {
    expect(only('{{< sc text=`a "b" \\n\nc` >}}').params).toEqual({ text: 'a "b" \\n\nc' })
  })

  it('does not treat single quotes as quotes: Hugo refuses them', () => {
    expect(lex("{{< sc 'a b' >}}").diagnostics).toMatchObject([{ rule: 'rules/shortcode-syntax', line: 1, column: 8 }])
  })

  it('refuses to mix named and positional parameters, pointing at the offender', () => {
    const result = lex('Intro\n{{< sc a="1" two >}}')
    expect(result.diagnostics).toMatchObject([
      { rule: 'rules/shortcode-syntax', severity: 'error', line: 2, column: 14 },
    ])
    expect(result.value.map((t) => t.type)).toEqual(['text', 'invalid'])
  })
})

describe('shortcode tags', () => {
  it('tells the two delimiters apart', () => {
    expect(only('{{% remark %}}').delimiter).toBe('%')
    expect(only('{{< remark >}}').delimiter).toBe('<')
  })

  it('reads closing tags, with or without spaces', () => {
    const closes = lex('{{% /rules-block %}}{{</x>}}').value
    expect(closes).toMatchObject([
      { type: 'close', name: 'rules-block', delimiter: '%' },
      { type: 'close', name: 'x', delimiter: '<' },
    ])
  })

  it('reads self-closing tags', () => {
    expect(only('{{< img src="a.png" />}}')).toMatchObject({ name: 'img', selfClosing: true, params: { src: 'a.png' } })
    expect(only('{{< img/>}}')).toMatchObject({ name: 'img', selfClosing: true })
    expect(only('{{< img >}}').selfClosing).toBe(false)
  })

  it('allows namespaced names and tags spread over lines', () => {
    expect(only('{{< games/icon\n   name="vote"\n>}}')).toMatchObject({ name: 'games/icon', params: { name: 'vote' } })
  })

  it('turns the commented form into literal text', () => {
    const tokens = lex('Write {{</* rules-block heading="x" */>}} or {{%/* remark */%}}.').value
    expect(
      tokens.filter((t) => t.type === 'literal').map((t) => (t as Extract<Token, { type: 'literal' }>).value),
    ).toEqual(['{{< rules-block heading="x" >}}', '{{% remark %}}'])
    expect(tokens.some((t) => t.type === 'open')).toBe(false)
  })

  it('gives every token its offset and 1-based line and column', () => {
    const source = 'one\ntwo {{% a x=1 %}}\n  {{< /a >}}'
    const tokens = lex(source).value
    expect(
      tokens.map((t) => [t.type, t.position.start.line, t.position.start.column, t.position.start.offset]),
    ).toEqual([
      ['text', 1, 1, 0],
      ['open', 2, 5, 8],
      ['text', 2, 18, 21],
      ['close', 3, 3, 24],
    ])
    expect(tokens[1]!.position.end).toEqual({ line: 2, column: 18, offset: 21 })
    expect(source.slice(8, 21)).toBe(tokens[1]!.raw)
  })

  it('reports an unterminated tag and goes on lexing after it', () => {
    const result = lex('{{< sc title="oops >}}\nText {{< ok >}}')
    expect(result.diagnostics).toMatchObject([{ rule: 'rules/shortcode-syntax', line: 1, column: 14 }])
    expect(result.value.map((t) => t.type)).toEqual(['invalid', 'text', 'open'])
  })

  it('reports a tag that never ends', () => {
    const result = lex('text\n{{% remark ')
    expect(result.diagnostics).toMatchObject([{ rule: 'rules/shortcode-syntax', line: 2, column: 1 }])
  })

  it('leaves text without shortcodes alone, single braces included', () => {
    expect(lex('a {b} {{c}} % > d').value).toMatchObject([{ type: 'text', raw: 'a {b} {{c}} % > d' }])
  })
})

/**
 * Hugo's own lexer cases (gohugoio/hugo parser/pageparser/pageparser_shortcode_test.go), each checked against
 * Debian's hugo 0.111 with a template that prints its parameters' types: what Hugo reads, we read; where Hugo fails
 * the build, we report an error at the offending character.
 */
describe("Hugo's shortcode lexer cases", () => {
  const ok: Array<[string, string, Partial<OpenToken>]> = [
    ['with EOL', '{{< sc1 \n >}}', { name: 'sc1', positional: [], params: {} }],
    ['forward slash inside name', '{{< sc/sub >}}', { name: 'sc/sub' }],
    ['with spaces', '{{<     sc1     >}}', { name: 'sc1' }],
    ['no spaces at all', '{{<sc1>}}', { name: 'sc1' }],
    ['YouTube id', '{{< sc1 -ziL-Q_456igdO-4 >}}', { positional: ['-ziL-Q_456igdO-4'] }],
    ['non-alphanumerics quoted', '{{< sc1 "-ziL-.%QigdO-4" >}}', { positional: ['-ziL-.%QigdO-4'] }],
    ['two params', '{{< sc1 param1   param2 >}}', { positional: ['param1', 'param2'] }],
    ['self-closing', '{{< sc1 />}}', { selfClosing: true }],
    ['self-closing with param', '{{< sc1 param1 />}}', { selfClosing: true, positional: ['param1'] }],
    ['two quoted params', '{{< sc1 "param nr. 1" "param nr. 2" >}}', { positional: ['param nr. 1', 'param nr. 2'] }],
    [
      'two named params',
      '{{< sc1 param1="Hello World" param2="p2Val">}}',
      { params: { param1: 'Hello World', param2: 'p2Val' } },
    ],
    ['escaped quotes', '{{< sc1 param1=\\"Hello World\\"  >}}', { params: { param1: 'Hello World' } }],
    ['escaped quotes, positional param', '{{< sc1 \\"param1\\"  >}}', { positional: ['param1'] }],
    [
      'escaped quotes inside nonescaped quotes',
      '{{< sc1 param1="Hello \\"escaped\\" World"  >}}',
      { params: { param1: 'Hello "escaped" World' } },
    ],
    [
      'escaped quotes inside nonescaped quotes in positional param',
      '{{< sc1 "Hello \\"escaped\\" World"  >}}',
      { positional: ['Hello "escaped" World'] },
    ],
    ['a backslash without a quote stays', '{{< sc1 a="x\\y" >}}', { params: { a: 'x\\y' } }],
    [
      'typed positional values',
      '{{< sc1 1 1.5 true "2" `3` 1e3 -3 a.b >}}',
      { positional: [1, 1.5, true, '2', '3', '1e3', -3, 'a.b'] },
    ],
    ['spaces around "="', '{{< sc1 a = 1 >}}', { params: { a: 1 } }],
    ['a dotted key', '{{< sc1 a.b=1 >}}', { params: { 'a.b': 1 } }],
    ['raw strings hold quotes and lines', '{{< sc1 a=`x"y\nz` b=c >}}', { params: { a: 'x"y\nz', b: 'c' } }],
    ['unicode keys', '{{< sc1 é=1 >}}', { params: { é: 1 } }],
    ['inline shortcode name', '{{< sc1.inline >}}', { name: 'sc1.inline' }],
  ]
  it.each(ok)('%s', (_, source, expected) => {
    const result = lex(source)
    expect(result.diagnostics).toEqual([])
    expect(only(source)).toMatchObject(expected)
  })

  const failing: Array<[string, string, number]> = [
    ['mismatched right delimiter', '{{< sc1 %}}', 9],
    ['close with extra keyword', '{{< sc1 >}}{{< /sc1 keyword>}}', 21],
    ['escaped quotes inside escaped quotes', '{{< sc1 param1=\\"Hello \\"escaped\\" World\\"  >}}', 26],
    ['unterminated quote', '{{< sc1 param2="Hello World>}}', 16],
    ['one named param, one not', '{{< sc1 param1="Hello World" p2 >}}', 30],
    ['one named param, one quoted positional param', '{{< sc1 param1="Hello World" "And Universe" >}}', 30],
    ['one quoted positional param, one named param', '{{< sc1 "param1" param2="And Universe" >}}', 18],
    ['one positional param, one named', '{{< sc1 param1 param2="Hello World">}}', 16],
    ['commented out, missing close', '{{</* sc1 >}}', 1],
    ['commented out, misplaced close', '{{</* sc1 >}}*/', 1],
    ['inline case mismatch', '{{< sc1.Inline >}}Hello World{{< /sc1.Inline >}}', 8],
    ['a period in a name', '{{< sc.x >}}', 7],
    ['a name starting with a hyphen', '{{< -sc >}}', 5],
    ['a bare value with a percent sign', '{{< sc 50% >}}', 10],
    ['a bare value starting with a period', '{{< sc .5 >}}', 8],
    ['a bare named value glued to the delimiter', '{{< sc a=b>}}', 11],
    ['a quoted value over two lines', '{{< sc p="a\nb" >}}', 10],
    ['a tag never ended', '{{< sc a="b"', 1],
  ]
  it.each(failing)('%s is an error', (_, source, column) => {
    const result = lex(`Before.\n${source}\nAfter.`)
    expect(result.diagnostics[0]).toMatchObject({ rule: 'rules/shortcode-syntax', severity: 'error', line: 2, column })
    expect(result.value.some((t) => t.type === 'invalid')).toBe(true)
  })

  it('commented out, with an asterisk inside', () => {
    const tokens = lex('{{</* sc1 "**/*.pdf" */>}}').value
    expect(tokens).toMatchObject([{ type: 'literal', value: '{{< sc1 "**/*.pdf" >}}' }])
  })

  it('nested complex', () => {
    const tokens = lex('{{< sc1 >}}ab{{% sc2 param1 %}}cd{{< sc3 >}}ef{{< /sc3 >}}gh{{% /sc2 %}}ij{{< /sc1 >}}kl').value
    expect(
      tokens.map((t) =>
        t.type === 'text' ? t.raw : t.type === 'open' ? `<${t.name}>` : t.type === 'close' ? `</${t.name}>` : t.type,
      ),
    ).toEqual(['<sc1>', 'ab', '<sc2>', 'cd', '<sc3>', 'ef', '</sc3>', 'gh', '</sc2>', 'ij', '</sc1>', 'kl'])
  })

  it('multiple self-closing tags in a row', () => {
    expect(tags('{{< sc1 param1 />}}{{< sc2 param1 />}}').map((t) => [t.name, t.selfClosing])).toEqual([
      ['sc1', true],
      ['sc2', true],
    ])
  })
})
