import type { ReactNode } from 'react'
import { defineTemplates, type FaceContext, type FieldName } from 'deckwright'
import { Face, FitText, IconRow, defaultRoles, RoleTag, safeArea, Title, ValueBadge, type InlineWords } from 'deckwright/components'
import game from '../../rules/arc-ship/game.ts'

/** A field of this game's cards: what the components' `field` props take. */
type Field = FieldName<typeof game>

type Ctx = FaceContext<typeof game>

/** Deep space and the Arc Ship's gold: the colours every back shares. */
const SPACE = '#14213d'
const GOLD = '#f2a93b'
const PAPER = '#f4efe1'
const INK = '#1b1b1b'

/** Identity colours; each also carries a word and an icon, so the card reads in greyscale. */
const NATION = { fill: '#1f5fa8', icon: 'game-icons:globe', word: 'NATION' }
const TRAITOR = { fill: '#8e1b1b', icon: 'game-icons:domino-mask', word: 'TRAITOR' }
const MONEY = '#2f6b3a'
const FAKE = '#6b3fa0'
const EVENT = '#b8590f'
const OR_EVENT = '#3d3580'
const STEEL = '#3d5a80'

const PAYER_WORDS = { participants: 'Participants pay', everyone: 'Everyone pays', 'world-leader': 'The World Leader pays', 'mission-leader': 'The Mission Leader pays' } as const
type Payer = keyof typeof PAYER_WORDS

/** Ink-friendly faces are framed by a line in the card's colour, drawn inside the margin: the content keeps its safe area. */
const inkBorder = (ctx: Ctx, color: string) => (ctx.inkFriendly ? { border: `${ctx.mm(1)}px solid ${color}`, padding: ctx.box.bleed + ctx.box.safe - ctx.mm(1) } : {})

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0')

/** Inline icons of rule text: `draws 1 [money]`, `[health] World Health`. */
const WORDS: InlineWords = {
  money: { label: 'Money', icon: 'game-icons:two-coins', color: MONEY },
  health: { label: 'World Health', icon: 'game-icons:heart-beats', color: defaultRoles.red.color },
  tech: { label: 'Arc Ship technology', icon: 'game-icons:spaceship', color: STEEL },
  traitor: { label: 'Traitor', icon: TRAITOR.icon, color: TRAITOR.fill },
  nation: { label: 'Nation', icon: NATION.icon, color: NATION.fill },
}

/** The shared back of a deck: a starfield frame, the game's name, the deck's name and its emblem. */
const Back = ({ ctx, deck, icon, accent = GOLD }: { ctx: Ctx; deck: string; icon: string; accent?: string }) => {
  const bg = ctx.inkFriendly ? '#ffffff' : SPACE
  const fg = ctx.inkFriendly ? SPACE : '#ffffff'
  return (
    <Face ctx={ctx} background={bg} style={{ alignItems: 'center', justifyContent: 'center', color: fg }}>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', flexGrow: 1, width: '100%', border: `${ctx.mm(0.8)}px solid ${accent}`, borderRadius: ctx.mm(3) }}>
        <img src={ctx.icon('game-icons:spaceship', GOLD)} width={ctx.mm(9)} height={ctx.mm(9)} />
        <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(4.6), letterSpacing: ctx.mm(0.4), marginTop: ctx.mm(1) }}>ARC SHIP</div>
        <img src={ctx.icon(icon, accent)} width={ctx.mm(15)} height={ctx.mm(15)} style={{ marginTop: ctx.mm(4) }} />
        <div style={{ display: 'flex', fontSize: ctx.mm(3), fontWeight: 700, letterSpacing: ctx.mm(0.5), color: accent, marginTop: ctx.mm(1.5) }}>{deck}</div>
      </div>
    </Face>
  )
}

/** The height of a title band: the bleed and safe zone, the label, the title. */
const bandHeight = (ctx: Ctx) => ctx.box.bleed + ctx.box.safe + ctx.mm(13.5)

/** The room under a title band, inside the safe zone. */
const body = (ctx: Ctx, top: number) => {
  const pad = ctx.box.bleed + ctx.box.safe
  return { width: ctx.box.width - 2 * pad, height: ctx.box.height - bandHeight(ctx) - top - pad }
}

/** A title band across the top of a face, running into the bleed. */
const Band = ({ ctx, fill, icon, label, title, scene }: { ctx: Ctx; fill: string; icon: string; label: string; title: string; scene?: string }) => {
  const pad = ctx.box.bleed + ctx.box.safe
  const bg = ctx.inkFriendly ? '#ffffff' : fill
  const fg = ctx.inkFriendly ? fill : '#ffffff'
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', width: ctx.box.width, height: bandHeight(ctx), flexShrink: 0, background: bg, color: fg, padding: pad, paddingBottom: ctx.mm(2.5), borderBottom: ctx.inkFriendly ? `${ctx.mm(0.6)}px solid ${fill}` : undefined }}>
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ display: 'flex', alignItems: 'center', fontSize: ctx.mm(2.6), fontWeight: 700, letterSpacing: ctx.mm(0.4) }}>
          <img src={ctx.icon(icon, fg)} width={ctx.mm(3.6)} height={ctx.mm(3.6)} style={{ marginRight: ctx.mm(1.2) }} />
          {label}
        </div>
        <Title ctx={ctx} field="title" text={title} width={ctx.box.width - 2 * pad - (scene ? ctx.mm(13) : 0)} size={ctx.mm(5.4)} color={fg} align="left" style={{ marginTop: ctx.mm(0.8) }} />
      </div>
      {scene ? <img src={ctx.icon(scene, fg)} width={ctx.mm(11)} height={ctx.mm(11)} /> : null}
    </div>
  )
}

/** An event's effects in the order they happen: 1 the payment, 2 World Health, 3 the text, in a box of `width` × `height`. */
const Effects = ({ ctx, payer, pay, health, text, field, color, size, width, height }: { ctx: Ctx; payer?: Payer; pay?: number; health: number; text?: string; field: Field; color: string; size: number; width: number; height: number }) => {
  const steps: { icon: string; text: string; field?: Field }[] = []
  if (payer && pay !== undefined) steps.push({ icon: 'game-icons:two-coins', text: `${PAYER_WORDS[payer]} ${pay} [money].` })
  if (health !== 0) steps.push({ icon: health > 0 ? 'game-icons:heart-plus' : 'game-icons:broken-heart', text: `World Health ${signed(health)}.` })
  if (text) steps.push({ icon: 'game-icons:papers', text, field })
  const gap = size * 0.5
  const textWidth = width - size * (1.5 + 0.5 + 1.3 + 0.4)
  // The payment and World Health take two lines at most; the card's own text has the rest.
  const fixed = size * 1.2 * 2
  const own = height - (steps.length - 1) * gap - steps.filter((s) => !s.field).length * fixed
  return (
    <div style={{ display: 'flex', flexDirection: 'column', width, height, justifyContent: 'center' }}>
      {steps.map((step, i) => (
        <div key={i} style={{ display: 'flex', alignItems: 'center', marginTop: i ? gap : 0 }}>
          <div style={{ display: 'flex', width: size * 1.5, height: size * 1.5, borderRadius: size, background: color, color: '#ffffff', fontSize: size * 0.9, fontWeight: 700, alignItems: 'center', justifyContent: 'center', marginRight: size * 0.5, flexShrink: 0 }}>{String(i + 1)}</div>
          <img src={ctx.icon(step.icon, color)} width={size * 1.3} height={size * 1.3} style={{ marginRight: size * 0.4, flexShrink: 0 }} />
          <FitText ctx={ctx} field={step.field} text={step.text} width={textWidth} height={step.field ? own : fixed} size={size} lineHeight={1.2} align="left" words={WORDS} hug />
        </div>
      ))}
    </div>
  )
}

const Flavour = ({ ctx, text, width, height }: { ctx: Ctx; text?: string; width: number; height: number }) =>
  text ? <FitText ctx={ctx} field="flavour" text={text} width={width} height={height} size={ctx.mm(2.7)} italic color="#555555" align="left" valign="top" /> : <div style={{ display: 'flex', height }} />

/** One result box of an OR Event: the role's colour, its icon and its word (SUCCESS / FAIL). */
const Result = ({ ctx, role, label, width, height, children }: { ctx: Ctx; role: 'green' | 'red'; label: string; width: number; height: number; children: (inner: { width: number; height: number }) => ReactNode }) => {
  const r = defaultRoles[role]
  const edge = ctx.mm(0.5) + ctx.mm(2)
  const header = ctx.mm(4 + 1.5)
  return (
    <div style={{ display: 'flex', flexDirection: 'column', width, height, background: r.light, border: `${ctx.mm(0.5)}px solid ${r.color}`, borderRadius: ctx.mm(2), padding: ctx.mm(2) }}>
      <RoleTag ctx={ctx} role={role} label={label} size={ctx.mm(3.2)} color={r.color} style={{ height: ctx.mm(4), marginBottom: ctx.mm(1.5) }} />
      {children({ width: width - 2 * edge, height: height - 2 * edge - header })}
    </div>
  )
}

/** The width inside a banknote's frame. */
const noteWidth = (ctx: Ctx) => ctx.box.width - 2 * (ctx.box.bleed + ctx.mm(2)) - 2 * ctx.mm(0.8 + 2.5)

/** A card-sized banknote: a frame in the note's colour, the value in the corners. */
const Note = ({ ctx, fill, corner, struck = false, children }: { ctx: Ctx; fill: string; corner: string; struck?: boolean; children: ReactNode }) => {
  const c = (turned: boolean) => (
    <div style={{ display: 'flex', width: '100%', justifyContent: turned ? 'flex-end' : 'flex-start', transform: turned ? 'rotate(180deg)' : undefined }}>
      <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(8), color: fill, textDecoration: struck ? 'line-through' : undefined }}>{corner}</div>
    </div>
  )
  return (
    <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : fill} style={{ padding: ctx.box.bleed + ctx.mm(2) }}>
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, background: ctx.inkFriendly ? '#ffffff' : PAPER, border: `${ctx.mm(0.8)}px solid ${ctx.inkFriendly ? fill : PAPER}`, borderRadius: ctx.mm(2.5), padding: ctx.mm(2.5), justifyContent: 'space-between', color: INK }}>
        {c(false)}
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>{children}</div>
        {c(true)}
      </div>
    </Face>
  )
}

/** The World Health and Year tracks: numbered spaces, the start marked by a word and a ring. */
const Track = ({ ctx, from, to, start, color, last }: { ctx: Ctx; from: number; to: number; start: number; color: string; last: (n: number) => string | undefined }) => {
  const cell = ctx.mm(14)
  const spaces = Array.from({ length: to - from + 1 }, (_, i) => from + i)
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', width: '100%' }}>
      {spaces.map((n) => {
        const isStart = n === start
        const note = isStart ? 'START' : last(n)
        return (
          <div key={n} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', width: cell, height: cell, margin: ctx.mm(0.7), borderRadius: cell / 2, border: `${ctx.mm(isStart ? 1.2 : 0.5)}px solid ${color}`, background: isStart ? color : '#ffffff', color: isStart ? '#ffffff' : color }}>
            <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(5.5), lineHeight: 1 }}>{String(n)}</div>
            {note ? <div style={{ display: 'flex', fontSize: ctx.mm(2.2), fontWeight: 700 }}>{note}</div> : null}
          </div>
        )
      })}
    </div>
  )
}

/** A vote or an outcome: one word on its role's colour (white with a coloured border for ink-friendly prints), its icon above, what it does below. */
const Verdict = ({ ctx, role, icon, word, size, caption }: { ctx: Ctx; role: { color: string }; icon: string; word: string; size: number; caption: string }) => {
  const bg = ctx.inkFriendly ? '#ffffff' : role.color
  const ink = ctx.inkFriendly ? role.color : '#ffffff'
  return (
    <Face ctx={ctx} background={bg} style={{ color: ink, alignItems: 'center', justifyContent: 'center', ...inkBorder(ctx, role.color) }}>
      <img src={ctx.icon(icon, ink)} width={ctx.mm(18)} height={ctx.mm(18)} />
      <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(size), marginTop: ctx.mm(2) }}>{word}</div>
      <div style={{ display: 'flex', fontSize: ctx.mm(2.4), marginTop: ctx.mm(2), textAlign: 'center' }}>{caption}</div>
    </Face>
  )
}

export default defineTemplates(game, {
  fonts: [], // Inter and Bitter Bold come with deckwright
  types: {
    identity: {
      front: (card, ctx) => {
        const side = card.fields.identity === 'Nation' ? NATION : TRAITOR
        const ink = ctx.inkFriendly ? side.fill : '#ffffff'
        const { width } = safeArea(ctx)
        return (
          <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : side.fill} style={{ alignItems: 'center', justifyContent: 'space-between', color: ctx.inkFriendly ? side.fill : '#ffffff', ...inkBorder(ctx, side.fill) }}>
            <div style={{ display: 'flex', fontSize: ctx.mm(2.6), fontWeight: 700, letterSpacing: ctx.mm(0.5) }}>SECRET IDENTITY</div>
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <img src={ctx.icon(side.icon, ctx.inkFriendly ? side.fill : '#ffffff')} width={ctx.mm(24)} height={ctx.mm(24)} />
              <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(9), letterSpacing: ctx.mm(0.5), marginTop: ctx.mm(2) }}>{side.word}</div>
              <Title ctx={ctx} field="country" text={card.fields.country} width={width} size={ctx.mm(3.6)} family="Inter" weight={700} color={ink} style={{ marginTop: ctx.mm(2) }} />
            </div>
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: '100%' }}>
              <FitText ctx={ctx} field="motto" text={`“${card.fields.motto}”`} width={width} height={ctx.mm(8)} size={ctx.mm(2.8)} italic color={ink} />
              <FitText
                ctx={ctx}
                text={card.fields.identity === 'Nation' ? `Keep the world [health] alive for ${game.params.years} years, and keep the [traitor] Traitors from stealing the whole Arc Ship [tech].` : `Steal every piece of the Arc Ship [tech] within ${game.params.years} years. You know the other [traitor] Traitors.`}
                width={width}
                height={ctx.mm(11)}
                size={ctx.mm(2.7)}
                color={ink}
                disc="#ffffff"
                words={WORDS}
                style={{ marginTop: ctx.mm(1.5) }}
              />
            </div>
          </Face>
        )
      },
      back: (_, ctx) => <Back ctx={ctx} deck="IDENTITY" icon="game-icons:id-card" />,
    },
    money: {
      front: (card, ctx) => (
        <Note ctx={ctx} fill={MONEY} corner={String(card.fields.value)}>
          <img src={ctx.icon(card.fields.value > 1 ? 'game-icons:coins-pile' : 'game-icons:two-coins', MONEY)} width={ctx.mm(18)} height={ctx.mm(18)} />
          <Title ctx={ctx} field="note" text={card.fields.note} width={noteWidth(ctx)} size={ctx.mm(5)} color={MONEY} style={{ marginTop: ctx.mm(2) }} />
          <div style={{ display: 'flex', fontSize: ctx.mm(3), fontWeight: 700, letterSpacing: ctx.mm(0.4), marginTop: ctx.mm(1.5) }}>{`GENUINE · WORTH ${card.fields.value}`}</div>
          <FitText ctx={ctx} field="motto" text={card.fields.motto} width={noteWidth(ctx)} height={ctx.mm(7)} size={ctx.mm(2.6)} italic color="#555555" style={{ marginTop: ctx.mm(1) }} />
        </Note>
      ),
      back: (_, ctx) => <Back ctx={ctx} deck="MONEY" icon="game-icons:money-stack" />,
    },
    counterfeit: {
      front: (card, ctx) => (
        <Note ctx={ctx} fill={FAKE} corner={String(card.fields.printed)} struck>
          <img src={ctx.icon('game-icons:robber-mask', FAKE)} width={ctx.mm(16)} height={ctx.mm(16)} />
          <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(5.2), color: '#ffffff', background: FAKE, padding: `${ctx.mm(1)}px ${ctx.mm(2.5)}px`, marginTop: ctx.mm(2), transform: 'rotate(-8deg)', letterSpacing: ctx.mm(0.4) }}>COUNTERFEIT</div>
          <div style={{ display: 'flex', fontSize: ctx.mm(3.4), fontWeight: 700, letterSpacing: ctx.mm(0.4), marginTop: ctx.mm(3) }}>WORTH 0</div>
          <FitText ctx={ctx} field="tell" text={card.fields.tell} width={noteWidth(ctx)} height={ctx.mm(7)} size={ctx.mm(2.6)} italic color="#555555" style={{ marginTop: ctx.mm(1) }} />
        </Note>
      ),
      // Never drawn: the Money deck's back (its first type's) is shared by both types.
      back: (_, ctx) => <Back ctx={ctx} deck="MONEY" icon="game-icons:money-stack" />,
    },
    event: {
      front: (card, ctx) => {
        const { width, height } = body(ctx, ctx.mm(3))
        const effects = height - ctx.mm(9 + 30 + 3 + 3 * 2.5)
        return (
          <Face ctx={ctx} background="#ffffff" style={{ padding: 0, color: INK }}>
            <Band ctx={ctx} fill={EVENT} icon="game-icons:scroll-unfurled" label="EVENT" title={card.fields.title} />
            <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, padding: ctx.box.bleed + ctx.box.safe, paddingTop: ctx.mm(3), justifyContent: 'space-between' }}>
              <Flavour ctx={ctx} text={card.fields.flavour} width={width} height={ctx.mm(9)} />
              <div style={{ display: 'flex', justifyContent: 'center' }}>
                <img src={ctx.icon(ctx.word('scenes', card.fields.scene[0]!).icon, EVENT, 'scene')} width={ctx.mm(30)} height={ctx.mm(30)} />
              </div>
              <Effects ctx={ctx} payer={card.fields.payer} pay={card.fields.pay} health={card.fields.health} text={card.fields.text} field="text" color={EVENT} size={ctx.mm(3.8)} width={width} height={effects} />
              <div style={{ display: 'flex', height: ctx.mm(3), alignItems: 'flex-end', fontSize: ctx.mm(2.3), color: '#666666' }}>Follow in order. If a step fails, stop.</div>
            </div>
          </Face>
        )
      },
      back: (_, ctx) => <Back ctx={ctx} deck="EVENT" icon="game-icons:earth-crack" />,
    },
    orEvent: {
      front: (card, ctx) => {
        const size = ctx.mm(3.1)
        const { width, height } = body(ctx, ctx.mm(2.5))
        const result = (height - ctx.mm(8 + 6 + 6 + 4 * 1.5)) / 2
        return (
          <Face ctx={ctx} background="#ffffff" style={{ padding: 0, color: INK }}>
            <Band ctx={ctx} fill={OR_EVENT} icon="game-icons:crossroad" label="OR EVENT" title={card.fields.title} scene={ctx.word('scenes', card.fields.scene[0]!).icon} />
            <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, padding: ctx.box.bleed + ctx.box.safe, paddingTop: ctx.mm(2.5), justifyContent: 'space-between' }}>
              <Flavour ctx={ctx} text={card.fields.flavour} width={width} height={ctx.mm(8)} />
              <div style={{ display: 'flex', height: ctx.mm(6), alignItems: 'center', fontSize: ctx.mm(3), fontWeight: 700, color: OR_EVENT }}>
                <img src={ctx.icon('game-icons:three-friends', OR_EVENT)} width={ctx.mm(5)} height={ctx.mm(5)} style={{ marginRight: ctx.mm(1.2) }} />
                {`TEAM ${card.fields.team}`}
                <div style={{ display: 'flex', fontWeight: 400, marginLeft: ctx.mm(1.2), fontSize: ctx.mm(2.4), color: '#555555' }}>{`(${card.fields.team + 1} with ${game.params.biggerTeamsFrom}+ players)`}</div>
              </div>
              <Result ctx={ctx} role="green" label="SUCCESS" width={width} height={result}>
                {(inner) => <Effects ctx={ctx} payer={card.fields.successPayer} pay={card.fields.successPay} health={card.fields.successHealth} text={card.fields.successText} field="successText" color={defaultRoles.green.color} size={size} {...inner} />}
              </Result>
              <div style={{ display: 'flex', height: ctx.mm(6), alignItems: 'center', justifyContent: 'center', fontFamily: 'Bitter', fontSize: ctx.mm(4.5), color: OR_EVENT }}>OR</div>
              <Result ctx={ctx} role="red" label="FAIL" width={width} height={result}>
                {(inner) => <Effects ctx={ctx} health={card.fields.failHealth} text={card.fields.failText} field="failText" color={defaultRoles.red.color} size={size} {...inner} />}
              </Result>
            </div>
          </Face>
        )
      },
      // Never drawn: the Event deck's back (the plain Event's) is shared by both types.
      back: (_, ctx) => <Back ctx={ctx} deck="EVENT" icon="game-icons:earth-crack" />,
    },
    tech: {
      front: (card, ctx) => (
        <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : STEEL} style={{ color: ctx.inkFriendly ? STEEL : '#ffffff', justifyContent: 'space-between', ...inkBorder(ctx, STEEL) }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', width: '100%' }}>
            <div style={{ display: 'flex', fontSize: ctx.mm(2.6), fontWeight: 700, letterSpacing: ctx.mm(0.4) }}>ARC SHIP TECHNOLOGY</div>
            <ValueBadge ctx={ctx} value={card.fields.number} size={ctx.mm(8)} fill={GOLD} ink={SPACE} />
          </div>
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
            <IconRow ctx={ctx} vocabulary="systems" words={card.fields.system} size={ctx.mm(24)} />
            <Title ctx={ctx} field="name" text={card.fields.name} width={safeArea(ctx).width} size={ctx.mm(5.6)} color={ctx.inkFriendly ? STEEL : '#ffffff'} style={{ marginTop: ctx.mm(2) }} />
            <div style={{ display: 'flex', alignItems: 'center', marginTop: ctx.mm(2), background: GOLD, color: SPACE, borderRadius: ctx.mm(2), padding: `${ctx.mm(0.8)}px ${ctx.mm(2.5)}px`, fontSize: ctx.mm(3.4), fontWeight: 700 }}>
              <img src={ctx.icon('game-icons:two-coins', SPACE)} width={ctx.mm(4.5)} height={ctx.mm(4.5)} style={{ marginRight: ctx.mm(1) }} />
              {`COST ${card.fields.cost}`}
            </div>
          </div>
          <FitText ctx={ctx} field="flavour" text={card.fields.flavour} width={safeArea(ctx).width} height={ctx.mm(11)} size={ctx.mm(2.8)} italic color={ctx.inkFriendly ? STEEL : '#ffffff'} valign="bottom" />
        </Face>
      ),
      // The back shows when a piece is stolen: the card is turned face down.
      back: (_, ctx) => <Back ctx={ctx} deck="STOLEN" icon="game-icons:robber-mask" accent="#e0524a" />,
    },
    vote: {
      front: (card, ctx) => {
        const yes = card.fields.vote === 'YES'
        return <Verdict ctx={ctx} role={defaultRoles[yes ? 'green' : 'red']} icon={yes ? 'game-icons:thumb-up' : 'game-icons:thumb-down'} word={card.fields.vote} size={10} caption={yes ? 'The event goes ahead' : 'Cancel the event'} />
      },
      back: (_, ctx) => <Back ctx={ctx} deck="VOTE" icon="game-icons:vote" />,
    },
    outcome: {
      front: (card, ctx) => {
        const success = card.fields.result === 'SUCCESS'
        const role = defaultRoles[success ? 'green' : 'red']
        return <Verdict ctx={ctx} role={role} icon={role.symbol} word={card.fields.result} size={success ? 6.4 : 9} caption={success ? 'Nations always play this' : 'One FAIL fails the mission'} />
      },
      back: (_, ctx) => <Back ctx={ctx} deck="MISSION" icon="game-icons:rocket-flight" />,
    },
    tracker: {
      front: (card, ctx) => {
        const health = card.fields.track === 'health'
        const color = health ? defaultRoles.red.color : STEEL
        return (
          <Face ctx={ctx} background="#ffffff" style={{ padding: 0, color: INK }}>
            <Band ctx={ctx} fill={color} icon={health ? 'game-icons:heart-beats' : 'game-icons:calendar'} label={health ? 'TRACKER · 0 IS LOST' : `TRACKER · ${card.fields.to} YEARS`} title={card.fields.title} />
            <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, padding: ctx.box.bleed + ctx.box.safe, paddingTop: ctx.mm(4), justifyContent: 'space-between', alignItems: 'center' }}>
              <Track ctx={ctx} from={card.fields.from} to={card.fields.to} start={card.fields.start} color={color} last={(n) => (health ? (n === 0 ? 'LOST' : n === card.fields.to ? 'MAX' : undefined) : n === card.fields.to ? 'LAST' : undefined)} />
              <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <img src={ctx.icon(health ? 'game-icons:earth-america' : 'game-icons:spaceship', color)} width={ctx.mm(16)} height={ctx.mm(16)} style={{ marginBottom: ctx.mm(2) }} />
                <FitText ctx={ctx} field="text" text={card.fields.text} width={safeArea(ctx).width} height={ctx.mm(14)} size={ctx.mm(3.4)} words={WORDS} />
              </div>
            </div>
          </Face>
        )
      },
      back: (_, ctx) => <Back ctx={ctx} deck="TRACKER" icon="game-icons:sands-of-time" />,
    },
    leader: {
      front: (card, ctx) => {
        const world = card.fields.role === 'world-leader'
        const fill = world ? SPACE : OR_EVENT
        const ink = ctx.inkFriendly ? fill : '#ffffff'
        const { width, height } = safeArea(ctx)
        return (
          <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : fill} style={{ color: ctx.inkFriendly ? fill : '#ffffff', ...inkBorder(ctx, fill) }}>
            <div style={{ display: 'flex', alignItems: 'center', height: ctx.mm(10) }}>
              <img src={ctx.icon(world ? 'game-icons:crown' : 'game-icons:flag-objective', GOLD)} width={ctx.mm(10)} height={ctx.mm(10)} style={{ marginRight: ctx.mm(2) }} />
              <Title ctx={ctx} field="title" text={card.fields.title} width={width - ctx.mm(12)} size={ctx.mm(5.6)} color={ink} align="left" />
            </div>
            <FitText ctx={ctx} field="duties" text={card.fields.duties} width={width} height={height - ctx.mm(13)} size={ctx.mm(3.2)} color={ink} align="left" valign="top" words={WORDS} disc="#ffffff" style={{ marginTop: ctx.mm(3) }} />
          </Face>
        )
      },
      back: (_, ctx) => <Back ctx={ctx} deck="LEADER" icon="game-icons:crown" />,
    },
  },
})
