import { defineTemplates } from 'deckwright'
import { Face, FitText, safeArea } from 'deckwright/components'
import game from '../../rules/party/game.ts'

const COLOURS = { Memories: '#2b6cb0', Wishes: '#2f855a', Secrets: '#6b46c1', Opinions: '#c05621' } as const

export default defineTemplates(game, {
  fonts: [{ name: 'Bitter', package: '@fontsource/bitter', weight: 400 }],
  // A few cards show ※, 「」 or ★, which only the CJK font has.
  fallbacks: ['@fontsource/noto-sans-sc'],
  types: {
    question: {
      front: (card, ctx) => {
        const { width, height } = safeArea(ctx)
        return (
          <Face ctx={ctx} background="#fbf7ef" style={{ color: '#1b1b1b' }}>
            <div
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                height: ctx.mm(7),
                color: COLOURS[card.fields.category],
                fontFamily: 'Bitter',
                fontWeight: 700,
                fontSize: ctx.mm(4),
              }}
            >
              <div style={{ display: 'flex' }}>{card.fields.category}</div>
              <div style={{ display: 'flex' }}>{`${card.fields.points} ★`}</div>
            </div>
            <FitText
              ctx={ctx}
              field="text"
              text={card.fields.text}
              width={width}
              height={height - ctx.mm(14)}
              size={ctx.mm(4.2)}
              family="Bitter"
              weight={400}
              align="left"
              valign="top"
            />
            <div
              style={{
                display: 'flex',
                height: ctx.mm(7),
                alignItems: 'flex-end',
                fontSize: ctx.mm(2.6),
                color: '#555555',
              }}
            >
              {card.id}
            </div>
          </Face>
        )
      },
      back: (_, ctx) => (
        <Face
          ctx={ctx}
          background="#2b2d42"
          style={{ alignItems: 'center', justifyContent: 'center', color: '#ffffff' }}
        >
          <div style={{ display: 'flex', fontFamily: 'Bitter', fontWeight: 700, fontSize: ctx.mm(9) }}>Questions</div>
        </Face>
      ),
    },
    dare: {
      front: (card, ctx) => {
        const { width, height } = safeArea(ctx)
        return (
          <Face ctx={ctx} background="#fff1f1" style={{ color: '#2d1b1b' }}>
            <FitText
              ctx={ctx}
              field="title"
              text={card.fields.title}
              width={width}
              height={ctx.mm(10)}
              size={ctx.mm(5)}
              family="Bitter"
              weight={700}
              color="#b3261e"
            />
            <FitText
              ctx={ctx}
              text={ctx.t(card.id)}
              width={width}
              height={height - ctx.mm(18)}
              size={ctx.mm(3.8)}
              align="center"
              valign="center"
            />
            <div
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                height: ctx.mm(8),
                alignItems: 'flex-end',
                fontSize: ctx.mm(2.8),
                color: '#8a5a5a',
              }}
            >
              <div style={{ display: 'flex' }}>{card.id}</div>
              <div style={{ display: 'flex' }}>{'★'.repeat(card.fields.points)}</div>
            </div>
          </Face>
        )
      },
      back: (_, ctx) => (
        <Face
          ctx={ctx}
          background="#b3261e"
          style={{ alignItems: 'center', justifyContent: 'center', color: '#ffffff' }}
        >
          <div style={{ display: 'flex', fontFamily: 'Bitter', fontWeight: 700, fontSize: ctx.mm(9) }}>Dares</div>
        </Face>
      ),
    },
  },
})
