import { deflateSync } from 'node:zlib'
import { crc32 } from 'node:zlib'
import { PNG } from 'pngjs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { checkImage, DEFAULT_LIMITS } from '../../src/images/image-check.ts'

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}
/** A PNG file that declares width × height pixels, however little data it holds (as a hostile one does). */
const pngDeclaring = (width: number, height: number) => {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
const realPng = () => {
  const png = new PNG({ width: 40, height: 30 })
  png.data.fill(200)
  return PNG.sync.write(png)
}

describe('images from untrusted data, checked before they are decoded', () => {
  it('refuses a PNG or JPEG with more pixels than the limit, from its header, with how to shrink it', async () => {
    const bomb = pngDeclaring(50_000, 50_000)
    expect(bomb.length).toBeLessThan(2000)
    const refused = checkImage(bomb, 'png')
    expect(refused).toMatchObject({
      ok: false,
      problem: 'too-large',
      message: expect.stringContaining('50000×50000 pixels (2500 megapixels), the limit is 50'),
    })
    expect(!refused.ok && refused.message).toContain('--max-image-pixels')
    // The limit can be raised.
    expect(checkImage(pngDeclaring(8000, 8000), 'png', { ...DEFAULT_LIMITS, maxPixels: 100_000_000 })).toEqual({
      ok: true,
    })
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer()
    expect(checkImage(jpeg, 'jpeg')).toEqual({ ok: true })
    expect(checkImage(jpeg, 'jpeg', { ...DEFAULT_LIMITS, maxPixels: 300 * 199 })).toMatchObject({
      ok: false,
      problem: 'too-large',
      message: expect.stringContaining('300×200 pixels'),
    })
    expect(checkImage(realPng(), 'png', { maxPixels: 1e9, maxBytes: 100 })).toMatchObject({
      ok: false,
      problem: 'too-large',
      message: expect.stringContaining('the limit is 0.0 MB'),
    })
  })

  it('finds a PNG or JPEG cut short or damaged', async () => {
    const png = realPng()
    expect(checkImage(png, 'png')).toEqual({ ok: true })
    expect(checkImage(png.subarray(0, png.length - 20), 'png')).toMatchObject({ ok: false, problem: 'corrupt' })
    const damaged = Buffer.from(png)
    damaged[45] = damaged[45]! ^ 0xff
    expect(checkImage(damaged, 'png')).toMatchObject({
      ok: false,
      problem: 'corrupt',
      message: expect.stringContaining('chunk is damaged'),
    })
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer()
    expect(checkImage(jpeg.subarray(0, jpeg.length - 30), 'jpeg')).toMatchObject({
      ok: false,
      problem: 'corrupt',
      message: expect.stringContaining('no end'),
    })
  })

  it('refuses SVG art with entities, scripts, handlers or references outside itself', () => {
    const svg = (body: string, head = '') =>
      Buffer.from(`${head}<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`)
    expect(
      checkImage(
        svg('<rect width="10" height="10" fill="url(#g)"/><use href="#r"/><image href="data:image/png;base64,AAAA"/>'),
        'svg',
      ),
    ).toEqual({ ok: true })
    const unsafe = [
      svg('<text>&lol9;</text>', '<!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol9 "&lol;&lol;">]>'),
      svg('<script>alert(1)</script>'),
      svg('<rect onload="alert(1)" width="1" height="1"/>'),
      svg('<image href="https://example.com/x.png"/>'),
      svg('<image xlink:href="file:///etc/passwd"/>'),
      svg('<rect style="fill: url(http://example.com/p)"/>'),
    ]
    unsafe.push(
      svg('<filter id="f"><feGaussianBlur stdDeviation="50"/></filter><rect filter="url(#f)" width="10" height="10"/>'),
      svg('<image href = " https://example.com/x.png"/>'),
      svg('<IMAGE HREF="HTTP://example.com/x.png"/>'),
    )
    for (const bytes of unsafe) expect(checkImage(bytes, 'svg')).toMatchObject({ ok: false, problem: 'unsafe' })
    expect(checkImage(svg('<use href="#r"/>'.repeat(600)), 'svg')).toMatchObject({
      ok: false,
      problem: 'too-large',
      message: expect.stringContaining('<use>'),
    })
    expect(checkImage(svg('<g/>'.repeat(60_000)), 'svg')).toMatchObject({
      ok: false,
      problem: 'too-large',
      message: expect.stringContaining('50,000 elements'),
    })
  })
})
