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
    const tag = only('{{< sc a="1" b=2 c=true d=1.5 e=false f=abc g=-3 h=".5" i=.5 j=1e3 >}}')
    expect(tag.params).toEqual({ a: '1', b: 2, c: true, d: 1.5, e: false, f: 'abc', g: -3, h: '.5', i: 0.5, j: '1e3' })
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

  it('does not treat single quotes as quotes (Hugo does not)', () => {
    expect(only("{{< sc 'a b' >}}").positional).toEqual(["'a", "b'"])
  })

  it('refuses to mix named and positional parameters, pointing at the offender', () => {
    const result = lex('Intro\n{{< sc a="1" two >}}')
    expect(result.diagnostics).toMatchObject([{ rule: 'rules/shortcode-syntax', severity: 'error', line: 2, column: 14 }])
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
    expect(tokens.filter((t) => t.type === 'literal').map((t) => (t as Extract<Token, { type: 'literal' }>).value)).toEqual([
      '{{< rules-block heading="x" >}}',
      '{{% remark %}}',
    ])
    expect(tokens.some((t) => t.type === 'open')).toBe(false)
  })

  it('gives every token its offset and 1-based line and column', () => {
    const source = 'one\ntwo {{% a x=1 %}}\n  {{< /a >}}'
    const tokens = lex(source).value
    expect(tokens.map((t) => [t.type, t.position.start.line, t.position.start.column, t.position.start.offset])).toEqual([
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
