import { defineTemplates, type FaceContext } from 'deckwright'
import { Face, FitText, IconRow, safeArea, SplitFront, Title, ValueBadge, type HalfArea } from 'deckwright/components'
import game from '../../rules/my-game/game.ts'

/**
 * How My Game's cards look. A face is JSX with flexbox styles (satori), in pixels at 300 dpi on the whole
 * canvas, bleed included: `ctx.mm(n)` converts millimetres. A `div` with several children needs `display: 'flex'`.
 * The words the templates print themselves come from lang/en.yaml (`ctx.t('points')`), so that a translation
 * of the game (lang/<language>.yaml) prints its own.
 */
type Ctx = FaceContext<typeof game>

// The colours of the decks: change them here.
const HARVEST = '#2f5d3a'
const ORDER = '#7a4a1e'
const PAPER = '#f7f1e3'
const INK = '#1b1b1b'

/** A deck's shared back: the game's title, the deck's name and an emblem. Light for `--ink-friendly` prints. */
const Back = ({ ctx, color, deck, icon }: { ctx: Ctx; color: string; deck: string; icon: string }) => {
  const ink = ctx.inkFriendly ? color : '#ffffff'
  return (
    <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : color} style={{ alignItems: 'center', justifyContent: 'center', color: ink }}>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', flexGrow: 1, width: '100%', border: `${ctx.mm(0.8)}px solid ${ink}`, borderRadius: ctx.mm(3) }}>
        <img src={ctx.icon(icon, ink)} width={ctx.mm(22)} height={ctx.mm(22)} />
        <Title ctx={ctx} text={ctx.game.title} width={safeArea(ctx).width - ctx.mm(6)} size={ctx.mm(7)} color={ink} style={{ marginTop: ctx.mm(3) }} />
        <div style={{ display: 'flex', fontSize: ctx.mm(3), fontWeight: 700, letterSpacing: ctx.mm(0.6), marginTop: ctx.mm(1) }}>{deck}</div>
      </div>
    </Face>
  )
}

/** One half of a Harvest card: the card's title and the goods it yields. `area` is the room the half has, and its colours. */
const HarvestHalf = ({ ctx, area, title, goods, field }: { ctx: Ctx; area: HalfArea; title: string; goods: readonly string[]; field: 'sun' | 'rain' }) => (
  <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: area.width }}>
    <Title ctx={ctx} field="title" text={title} width={area.width} size={ctx.mm(5)} color={area.ink} style={{ marginBottom: ctx.mm(2) }} />
    {/* labels: each icon's word under it, so goods read without colour too */}
    <IconRow ctx={ctx} vocabulary="goods" words={goods} field={field} size={ctx.mm(goods.length > 2 ? 12 : 14)} labels={area.ink} />
  </div>
)

export default defineTemplates(game, {
  fonts: [], // Inter and Bitter Bold come with deckwright; add Fontsource fonts here
  types: {
    harvest: {
      // SplitFront draws the type's `halves` (yellow SUN, blue RAIN): their colours, symbols and words.
      front: (card, ctx) => (
        <SplitFront
          ctx={ctx}
          first={{ children: (area) => <HarvestHalf ctx={ctx} area={area} title={card.fields.title} goods={card.fields.sun} field="sun" /> }}
          second={{ children: (area) => <HarvestHalf ctx={ctx} area={area} title={card.fields.title} goods={card.fields.rain} field="rain" /> }}
        />
      ),
      // A shared back is drawn once for the whole deck, so it gets no card.
      back: (_, ctx) => <Back ctx={ctx} color={HARVEST} deck={ctx.t('deck-harvest')} icon="game-icons:barn" />,
    },
    order: {
      front: (card, ctx) => {
        const { title, cost, points, bonus } = card.fields
        const { width } = safeArea(ctx)
        const inner = width - 2 * ctx.mm(3) // the white panel's padding
        return (
          <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : ORDER} style={{ color: INK }}>
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', flexGrow: 1, background: PAPER, borderRadius: ctx.mm(2.5), border: `${ctx.mm(0.5)}px solid ${ORDER}`, padding: ctx.mm(3) }}>
              {/* The header: the deck's name on the left, the points on the right. */}
              <div style={{ display: 'flex', width: '100%', alignItems: 'flex-start', justifyContent: 'space-between' }}>
                <div style={{ display: 'flex', alignItems: 'center', fontSize: ctx.mm(2.8), fontWeight: 700, letterSpacing: ctx.mm(0.4), color: ORDER, marginTop: ctx.mm(1) }}>
                  <img src={ctx.icon('game-icons:scroll-unfurled', ORDER)} width={ctx.mm(4)} height={ctx.mm(4)} style={{ marginRight: ctx.mm(1) }} />
                  {ctx.t('deck-order')}
                </div>
                <ValueBadge ctx={ctx} value={points} size={ctx.mm(10)} fill={ORDER} ink="#ffffff" caption={ctx.t('points')} />
              </div>
              <Title ctx={ctx} field="title" text={title} width={inner} size={ctx.mm(6.5)} color={INK} style={{ marginTop: ctx.mm(2) }} />
              {/* The cost fills the middle of the card. */}
              <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', flexGrow: 1 }}>
                <div style={{ display: 'flex', fontSize: ctx.mm(2.6), fontWeight: 700, letterSpacing: ctx.mm(0.4), color: ORDER, marginBottom: ctx.mm(1.5) }}>{ctx.t('deliver')}</div>
                <IconRow ctx={ctx} vocabulary="goods" words={cost} field="cost" size={ctx.mm(cost.length > 3 ? 10 : 12)} labels={INK} />
              </div>
              {/* The bonus, only on cards that have one: FitText shrinks it to fit, and draws [wood] as its icon. */}
              {bonus ? (
                <div style={{ display: 'flex', width: '100%', justifyContent: 'center', background: '#ffffff', borderRadius: ctx.mm(1.5), padding: ctx.mm(1.5), border: `${ctx.mm(0.3)}px solid ${ORDER}` }}>
                  <FitText ctx={ctx} field="bonus" text={bonus} width={inner - 2 * ctx.mm(1.8)} height={ctx.mm(10)} size={ctx.mm(3.6)} />
                </div>
              ) : null}
            </div>
          </Face>
        )
      },
      back: (_, ctx) => <Back ctx={ctx} color={ORDER} deck={ctx.t('deck-order')} icon="game-icons:scroll-unfurled" />,
    },
  },
})
