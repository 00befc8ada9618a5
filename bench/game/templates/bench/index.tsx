import { defineTemplates } from 'deckwright'
import { Face, IconRow, SplitFront } from 'deckwright/components'
import game from '../../rules/bench/game.ts'

export default defineTemplates(game, {
  fonts: [],
  types: {
    mission: {
      front: (card, ctx) => {
        const half = (words: readonly string[]) => (
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
            <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(4) }}>{card.fields.title}</div>
            <IconRow ctx={ctx} vocabulary="resources" words={words} size={ctx.mm(11)} />
          </div>
        )
        return (
          <SplitFront
            ctx={ctx}
            first={{ label: 'SUCCESS', children: half(card.fields.green) }}
            second={{ label: 'FAIL', children: half(card.fields.red) }}
          />
        )
      },
      back: (_, ctx) => (
        <Face ctx={ctx} background="#1d2540" style={{ alignItems: 'center', justifyContent: 'center', color: '#fff' }}>
          <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(6) }}>Bench</div>
        </Face>
      ),
    },
    token: {
      front: (card, ctx) => (
        <Face
          ctx={ctx}
          background={card.fields.vote === 'YES' ? '#2e7d4f' : '#b3261e'}
          style={{ alignItems: 'center', justifyContent: 'center', color: '#fff' }}
        >
          <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(9) }}>{card.fields.vote}</div>
          <div style={{ display: 'flex', fontSize: ctx.mm(5) }}>{card.fields.number}</div>
        </Face>
      ),
    },
  },
})
