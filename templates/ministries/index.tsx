import type { ReactNode } from 'react'
import { defineTemplates, type FaceContext } from 'deckwright'
import { CostStrip, Face, FitText, safeArea, TextBox, Title, type InlineWords } from 'deckwright/components'
import game from '../../rules/ministries/game.ts'

type Ctx = FaceContext<typeof game>

/** Each deck's colour and emblem; every colour also comes with a word and an icon, so a card reads in greyscale. */
const DECKS = {
  milestone: { name: 'MILESTONE', color: '#94650f', light: '#fbf3df', icon: 'game-icons:tower-flag' },
  ministry: { name: 'MINISTRY', color: '#1d3557', light: '#e4ebf5', icon: 'game-icons:capitol' },
  challenge: { name: 'CHALLENGE', color: '#9b2226', light: '#f8e3e1', icon: 'game-icons:hazard-sign' },
  resource: { name: 'RESOURCE', color: '#3d4a3d', light: '#edf1ea', icon: 'game-icons:swap-bag' },
} as const

interface Deck {
  name: string
  color: string
  light: string
  icon: string
}

const USES = {
  action: { label: 'ACTION', hint: 'Play as your action', icon: 'game-icons:card-play', color: '#1d3557' },
  assist: { label: 'ASSIST', hint: 'Play to assist a Milestone', icon: 'game-icons:rally-the-troops', color: '#6b3fa0' },
} as const

const INK = '#1b1b1b'

/** Inline icons of ability text, besides the resources: the decks' emblems (`Draw 1 [resource] Resource card`). */
const WORDS: InlineWords = {
  resource: { label: 'Resource card', icon: DECKS.resource.icon, color: DECKS.resource.color },
  ministry: { label: 'Ministry card', icon: DECKS.ministry.icon, color: DECKS.ministry.color },
  challenge: { label: 'Challenge', icon: DECKS.challenge.icon, color: DECKS.challenge.color },
  milestone: { label: 'Milestone', icon: DECKS.milestone.icon, color: DECKS.milestone.color },
  points: { label: 'points', icon: 'game-icons:laurels', color: DECKS.milestone.color },
}

/** The frame's border and padding, and the room inside it. */
const FRAME = { border: 0.4, inkBorder: 0.8, padding: 2.5 }
const inner = (ctx: Ctx) => {
  const { width, height } = safeArea(ctx)
  const edge = 2 * (ctx.mm(ctx.inkFriendly ? FRAME.inkBorder : FRAME.border) + ctx.mm(FRAME.padding))
  return { width: width - edge, height: height - edge }
}
/** A panel's padding, and its label's height with the space under it. */
const PANEL = { padding: 1.8, label: 2.3 * 1.2 + 1, gap: 2 }

/**
 * A card front: the deck colour runs into the bleed; a white panel inside the safe zone holds the content.
 * Ink-friendly faces are white with a coloured frame.
 */
const Frame = ({ ctx, deck, children }: { ctx: Ctx; deck: Deck; children: ReactNode }) => (
  <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : deck.color} style={{ color: INK }}>
    <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, background: '#ffffff', borderRadius: ctx.mm(2.5), border: `${ctx.mm(ctx.inkFriendly ? FRAME.inkBorder : FRAME.border)}px solid ${deck.color}`, padding: ctx.mm(FRAME.padding) }}>
      {children}
    </div>
  </Face>
)

/** The header's height: the deck's word and emblem, the title under it. */
const HEADER = 3.6 + 1 + 4.8 * 1.15

/** The deck's word and emblem, then the card's title. */
const Header = ({ ctx, deck, label, title, icon, color }: { ctx: Ctx; deck: Deck; label?: string; title: string; icon?: string; color?: string }) => (
  <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: '100%' }}>
    <div style={{ display: 'flex', alignItems: 'center', fontSize: ctx.mm(2.6), fontWeight: 700, letterSpacing: ctx.mm(0.4), color: color ?? deck.color }}>
      <img src={ctx.icon(icon ?? deck.icon, color ?? deck.color)} width={ctx.mm(3.6)} height={ctx.mm(3.6)} style={{ marginRight: ctx.mm(1) }} />
      {label ?? deck.name}
    </div>
    <Title ctx={ctx} field="title" text={title} width={inner(ctx).width} size={ctx.mm(4.8)} minSize={ctx.mm(3.2)} color={INK} style={{ marginTop: ctx.mm(1) }} />
  </div>
)

/** A labelled panel in the deck's light tint. */
const Panel = ({ ctx, deck, label, children, grow }: { ctx: Ctx; deck: Deck; label: string; children: ReactNode; grow?: boolean }) => (
  <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: '100%', background: deck.light, borderRadius: ctx.mm(2), padding: ctx.mm(PANEL.padding), marginTop: ctx.mm(PANEL.gap), flexGrow: grow ? 1 : 0, justifyContent: 'center' }}>
    <div style={{ display: 'flex', fontSize: ctx.mm(2.3), fontWeight: 700, letterSpacing: ctx.mm(0.3), color: deck.color, marginBottom: ctx.mm(1), textAlign: 'center', justifyContent: 'center' }}>{label}</div>
    {children}
  </div>
)

/** A cost: the resources' icons, then the same cost in words. */
const Cost = ({ ctx, deck, cost }: { ctx: Ctx; deck: Deck; cost: readonly string[] }) => (
  <Panel ctx={ctx} deck={deck} label="COST">
    <CostStrip ctx={ctx} vocabulary="resources" cost={cost} field="cost" size={ctx.mm(9)} width={inner(ctx).width - 2 * ctx.mm(PANEL.padding)} spelled={INK} />
  </Panel>
)

/** The flavour text's room at the foot of a card. */
const FLAVOR = 2 + 2 * 2.5 * 1.25

const Flavor = ({ ctx, text }: { ctx: Ctx; text?: string }) =>
  text ? <FitText ctx={ctx} field="flavor" text={text} width={inner(ctx).width} height={ctx.mm(FLAVOR - 2)} size={ctx.mm(2.5)} italic color="#555555" valign="bottom" style={{ marginTop: ctx.mm(2) }} /> : null

/** A deck's shared back: the game's name, the deck's name and its emblem. */
const Back = ({ ctx, deck }: { ctx: Ctx; deck: Deck }) => {
  const bg = ctx.inkFriendly ? '#ffffff' : deck.color
  const ink = ctx.inkFriendly ? deck.color : '#ffffff'
  return (
    <Face ctx={ctx} background={bg} style={{ alignItems: 'center', justifyContent: 'center', color: ink }}>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', flexGrow: 1, width: '100%', border: `${ctx.mm(0.8)}px solid ${ink}`, borderRadius: ctx.mm(3) }}>
        <img src={ctx.icon(deck.icon, ink)} width={ctx.mm(20)} height={ctx.mm(20)} />
        <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(6.5), marginTop: ctx.mm(3) }}>Ministries</div>
        <div style={{ display: 'flex', fontSize: ctx.mm(3), fontWeight: 700, letterSpacing: ctx.mm(0.6), marginTop: ctx.mm(1) }}>{deck.name}</div>
      </div>
    </Face>
  )
}

export default defineTemplates(game, {
  fonts: [], // Inter and Bitter Bold come with deckwright
  types: {
    milestone: {
      front: (card, ctx) => {
        const deck = DECKS.milestone
        return (
          <Frame ctx={ctx} deck={deck}>
            <Header ctx={ctx} deck={deck} title={card.fields.title} />
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', marginTop: ctx.mm(2), flexGrow: 1, justifyContent: 'center' }}>
              <div style={{ display: 'flex', alignItems: 'center' }}>
                <img src={ctx.icon('game-icons:laurels', deck.color)} width={ctx.mm(10)} height={ctx.mm(10)} />
                <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(11), color: deck.color, marginLeft: ctx.mm(1.5), marginRight: ctx.mm(1.5) }}>{card.fields.points}</div>
                <img src={ctx.icon('game-icons:laurels', deck.color)} width={ctx.mm(10)} height={ctx.mm(10)} style={{ transform: 'scaleX(-1)' }} />
              </div>
              <div style={{ display: 'flex', fontSize: ctx.mm(2.4), fontWeight: 700, letterSpacing: ctx.mm(0.4), color: deck.color }}>{card.fields.points === 1 ? 'POINT' : 'POINTS'}</div>
            </div>
            <Cost ctx={ctx} deck={deck} cost={card.fields.cost} />
            <Flavor ctx={ctx} text={card.fields.flavor} />
          </Frame>
        )
      },
      back: (_, ctx) => <Back ctx={ctx} deck={DECKS.milestone} />,
    },
    ministry: {
      front: (card, ctx) => {
        const deck = DECKS.ministry
        const use = USES[card.fields.use]
        return (
          <Frame ctx={ctx} deck={{ ...deck, color: use.color }}>
            <Header ctx={ctx} deck={deck} label={`MINISTRY · ${use.label}`} icon={use.icon} color={use.color} title={card.fields.title} />
            <div style={{ display: 'flex', justifyContent: 'center', marginTop: ctx.mm(2) }}>
              <img src={ctx.icon(deck.icon, deck.color)} width={ctx.mm(14)} height={ctx.mm(14)} />
            </div>
            <Panel ctx={ctx} deck={{ ...deck, color: use.color }} label={use.hint.toUpperCase()} grow>
              <FitText ctx={ctx} field="ability" text={card.fields.ability} width={inner(ctx).width - 2 * ctx.mm(PANEL.padding)} height={inner(ctx).height - ctx.mm(HEADER + 16 + PANEL.gap + 2 * PANEL.padding + PANEL.label + FLAVOR)} size={ctx.mm(3.6)} words={WORDS} />
            </Panel>
            <Flavor ctx={ctx} text={card.fields.flavor} />
          </Frame>
        )
      },
      back: (_, ctx) => <Back ctx={ctx} deck={DECKS.ministry} />,
    },
    challenge: {
      front: (card, ctx) => {
        const deck = DECKS.challenge
        const n = card.fields.penalty
        return (
          <Frame ctx={ctx} deck={deck}>
            <Header ctx={ctx} deck={deck} title={card.fields.title} />
            <Cost ctx={ctx} deck={deck} cost={card.fields.cost} />
            <Panel ctx={ctx} deck={deck} label="PENALTY" grow>
              <div style={{ display: 'flex', alignItems: 'center' }}>
                {Array.from({ length: n }, (_, i) => (
                  <img key={i} src={ctx.icon('game-icons:card-discard', deck.color)} width={ctx.mm(7)} height={ctx.mm(7)} style={{ margin: ctx.mm(0.5) }} />
                ))}
              </div>
              <TextBox size={ctx.mm(3)} style={{ justifyContent: 'center', marginTop: ctx.mm(1) }}>{`The team discards ${n} card${n === 1 ? '' : 's'}.`}</TextBox>
            </Panel>
            <Flavor ctx={ctx} text={card.fields.flavor} />
          </Frame>
        )
      },
      back: (_, ctx) => <Back ctx={ctx} deck={DECKS.challenge} />,
    },
    resource: {
      front: (card, ctx) => {
        const word = ctx.word('resources', card.fields.resource)
        const color = word.color ?? DECKS.resource.color
        const bg = ctx.inkFriendly ? '#ffffff' : color
        const ink = ctx.inkFriendly ? color : '#ffffff'
        const corner = (turned: boolean) => (
          <div style={{ display: 'flex', width: '100%', justifyContent: turned ? 'flex-end' : 'flex-start', transform: turned ? 'rotate(180deg)' : undefined }}>
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <img src={ctx.icon(word.icon, ink)} width={ctx.mm(7)} height={ctx.mm(7)} />
              <div style={{ display: 'flex', fontSize: ctx.mm(2.2), fontWeight: 700, letterSpacing: ctx.mm(0.2) }}>{word.label.toUpperCase()}</div>
            </div>
          </div>
        )
        return (
          <Face ctx={ctx} background={bg} style={{ color: ink }}>
            <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'space-between', padding: ctx.mm(1), borderRadius: ctx.mm(2.5), border: ctx.inkFriendly ? `${ctx.mm(0.8)}px solid ${color}` : undefined }}>
              {corner(false)}
              <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <div style={{ display: 'flex', width: ctx.mm(30), height: ctx.mm(30), borderRadius: ctx.mm(15), background: '#ffffff', border: `${ctx.mm(0.8)}px solid ${ctx.inkFriendly ? color : '#ffffff'}`, alignItems: 'center', justifyContent: 'center' }}>
                  <img src={ctx.icon(word.icon, color)} width={ctx.mm(21)} height={ctx.mm(21)} />
                </div>
                <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(7), marginTop: ctx.mm(2) }}>{word.label}</div>
              </div>
              {corner(true)}
            </div>
          </Face>
        )
      },
      back: (_, ctx) => <Back ctx={ctx} deck={DECKS.resource} />,
    },
  },
})
