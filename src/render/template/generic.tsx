import type { Card } from '../../engine/define.ts'
import type { FaceContext, TypeTemplate } from './template.ts'
import { Face } from './components/index.tsx'

const show = (v: unknown): string => (Array.isArray(v) ? v.join(' ') : String(v))

/** Draws any card as plain text (type, id, fields) so a game prints before its templates exist; the type's name in the face's language. */
export const genericTemplate = (typeId: string): TypeTemplate<any, string> => ({
  front: (card: Card, ctx: FaceContext<any>) => (
    <Face ctx={ctx} background="#ffffff" style={{ color: '#111111' }}>
      <div style={{ display: 'flex', fontSize: ctx.mm(3), color: '#666666' }}>
        {ctx.game.types[typeId]?.name ?? typeId}
      </div>
      <div
        style={{
          display: 'flex',
          fontSize: ctx.mm(4.5),
          fontWeight: 700,
          marginBottom: ctx.mm(3),
          fontFamily: 'Bitter',
        }}
      >
        {card.id}
      </div>
      {Object.entries(card.fields).map(([name, value]) => (
        <div key={name} style={{ display: 'flex', flexDirection: 'column', marginBottom: ctx.mm(1.5) }}>
          <div style={{ display: 'flex', fontSize: ctx.mm(2.4), color: '#666666' }}>{name}</div>
          <div style={{ display: 'flex', fontSize: ctx.mm(3.2) }}>{show(value)}</div>
        </div>
      ))}
    </Face>
  ),
  back: (_card: Card | undefined, ctx: FaceContext<any>) => (
    <Face ctx={ctx} background="#444444" style={{ color: '#ffffff', alignItems: 'center', justifyContent: 'center' }}>
      <div style={{ display: 'flex', fontSize: ctx.mm(5), fontFamily: 'Bitter' }}>{ctx.game.title}</div>
      <div style={{ display: 'flex', fontSize: ctx.mm(3.5) }}>{ctx.game.types[typeId]?.name ?? typeId}</div>
    </Face>
  ),
})
