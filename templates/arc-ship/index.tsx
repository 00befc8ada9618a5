import type { ReactNode } from 'react'
import { defineTemplates, type FaceContext } from 'deckwright'
import { Face, IconRow, roles, TextBox } from 'deckwright/components'
import game from '../../rules/arc-ship/game.ts'

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

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0')

/** A row: a small icon followed by text. */
const Line = ({ ctx, icon, color, size, children }: { ctx: Ctx; icon: string; color: string; size: number; children: ReactNode }) => (
  <div style={{ display: 'flex', alignItems: 'center' }}>
    <img src={ctx.icon(icon, color)} width={size * 1.3} height={size * 1.3} style={{ marginRight: size * 0.4, flexShrink: 0 }} />
    <div style={{ display: 'flex', fontSize: size, lineHeight: 1.2, flexShrink: 1, flexGrow: 1 }}>{children}</div>
  </div>
)

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

/** A title band across the top of a face, running into the bleed. */
const Band = ({ ctx, fill, icon, label, title, art }: { ctx: Ctx; fill: string; icon: string; label: string; title: string; art?: string }) => {
  const pad = ctx.box.bleed + ctx.box.safe
  const bg = ctx.inkFriendly ? '#ffffff' : fill
  const fg = ctx.inkFriendly ? fill : '#ffffff'
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', width: ctx.box.width, background: bg, color: fg, padding: pad, paddingBottom: ctx.mm(2.5), borderBottom: ctx.inkFriendly ? `${ctx.mm(0.6)}px solid ${fill}` : undefined }}>
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ display: 'flex', alignItems: 'center', fontSize: ctx.mm(2.6), fontWeight: 700, letterSpacing: ctx.mm(0.4) }}>
          <img src={ctx.icon(icon, fg)} width={ctx.mm(3.6)} height={ctx.mm(3.6)} style={{ marginRight: ctx.mm(1.2) }} />
          {label}
        </div>
        <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(5.4), marginTop: ctx.mm(0.8) }}>{title}</div>
      </div>
      {art ? <img src={ctx.icon(art, fg)} width={ctx.mm(11)} height={ctx.mm(11)} /> : null}
    </div>
  )
}

/** An event's effects in the order they happen: 1 the payment, 2 World Health, 3 the text. */
const Effects = ({ ctx, payer, pay, health, text, color, size }: { ctx: Ctx; payer?: Payer; pay?: number; health: number; text?: string; color: string; size: number }) => {
  const steps: ReactNode[] = []
  if (payer && pay !== undefined)
    steps.push(
      <Line ctx={ctx} icon="game-icons:two-coins" color={color} size={size}>
        {`${PAYER_WORDS[payer]} ${pay} Money.`}
      </Line>,
    )
  if (health !== 0)
    steps.push(
      <Line ctx={ctx} icon={health > 0 ? 'game-icons:heart-plus' : 'game-icons:broken-heart'} color={color} size={size}>
        {`World Health ${signed(health)}.`}
      </Line>,
    )
  if (text)
    steps.push(
      <Line ctx={ctx} icon="game-icons:papers" color={color} size={size}>
        {text}
      </Line>,
    )
  return (
    <div style={{ display: 'flex', flexDirection: 'column', width: '100%' }}>
      {steps.map((step, i) => (
        <div key={i} style={{ display: 'flex', alignItems: 'center', marginTop: i ? size * 0.5 : 0 }}>
          <div style={{ display: 'flex', width: size * 1.5, height: size * 1.5, borderRadius: size, background: color, color: '#ffffff', fontSize: size * 0.9, fontWeight: 700, alignItems: 'center', justifyContent: 'center', marginRight: size * 0.5, flexShrink: 0 }}>{String(i + 1)}</div>
          <div style={{ display: 'flex', flexShrink: 1 }}>{step}</div>
        </div>
      ))}
    </div>
  )
}

const Flavour = ({ ctx, text }: { ctx: Ctx; text?: string }) =>
  text ? <div style={{ display: 'flex', fontStyle: 'italic', fontSize: ctx.mm(2.7), color: '#555555', lineHeight: 1.25 }}>{text}</div> : null

/** One result box of an OR Event: the role's colour, its icon and its word (SUCCESS / FAIL). */
const Result = ({ ctx, role, label, children }: { ctx: Ctx; role: 'green' | 'red'; label: string; children: ReactNode }) => {
  const r = roles[role]
  return (
    <div style={{ display: 'flex', flexDirection: 'column', width: '100%', background: r.light, border: `${ctx.mm(0.5)}px solid ${r.fill}`, borderRadius: ctx.mm(2), padding: ctx.mm(2) }}>
      <div style={{ display: 'flex', alignItems: 'center', color: r.fill, fontSize: ctx.mm(3.2), fontWeight: 700, letterSpacing: ctx.mm(0.3), marginBottom: ctx.mm(1.5) }}>
        <img src={ctx.icon(r.icon, r.fill)} width={ctx.mm(4)} height={ctx.mm(4)} style={{ marginRight: ctx.mm(1) }} />
        {label}
      </div>
      {children}
    </div>
  )
}

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
            {note ? <div style={{ display: 'flex', fontSize: ctx.mm(1.9), fontWeight: 700 }}>{note}</div> : null}
          </div>
        )
      })}
    </div>
  )
}

export default defineTemplates(game, {
  fonts: [{ name: 'Bitter', package: '@fontsource/bitter', weight: 700 }],
  types: {
    identity: {
      front: (card, ctx) => {
        const side = card.fields.identity === 'Nation' ? NATION : TRAITOR
        return (
          <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : side.fill} style={{ alignItems: 'center', justifyContent: 'space-between', color: ctx.inkFriendly ? side.fill : '#ffffff', border: ctx.inkFriendly ? `${ctx.mm(1)}px solid ${side.fill}` : undefined }}>
            <div style={{ display: 'flex', fontSize: ctx.mm(2.6), fontWeight: 700, letterSpacing: ctx.mm(0.5) }}>SECRET IDENTITY</div>
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <img src={ctx.icon(side.icon, ctx.inkFriendly ? side.fill : '#ffffff')} width={ctx.mm(24)} height={ctx.mm(24)} />
              <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(9), letterSpacing: ctx.mm(0.5), marginTop: ctx.mm(2) }}>{side.word}</div>
              <div style={{ display: 'flex', fontSize: ctx.mm(3.6), fontWeight: 700, marginTop: ctx.mm(2), textAlign: 'center' }}>{card.fields.country}</div>
            </div>
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: '100%' }}>
              <TextBox size={ctx.mm(2.8)} style={{ fontStyle: 'italic', justifyContent: 'center' }}>{`“${card.fields.motto}”`}</TextBox>
              <TextBox size={ctx.mm(2.4)} style={{ marginTop: ctx.mm(2), justifyContent: 'center' }}>
                {card.fields.identity === 'Nation'
                  ? `Keep the world alive for ${game.params.years} years, and keep the Traitors from stealing the whole Arc Ship.`
                  : `Steal every piece of the Arc Ship within ${game.params.years} years. You know the other Traitors.`}
              </TextBox>
            </div>
          </Face>
        )
      },
      back: (ctx) => <Back ctx={ctx} deck="IDENTITY" icon="game-icons:id-card" />,
    },
    money: {
      front: (card, ctx) => (
        <Note ctx={ctx} fill={MONEY} corner={String(card.fields.value)}>
          <img src={ctx.icon(card.fields.value > 1 ? 'game-icons:coins-pile' : 'game-icons:two-coins', MONEY)} width={ctx.mm(18)} height={ctx.mm(18)} />
          <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(5), color: MONEY, marginTop: ctx.mm(2), textAlign: 'center' }}>{card.fields.note}</div>
          <div style={{ display: 'flex', fontSize: ctx.mm(3), fontWeight: 700, letterSpacing: ctx.mm(0.4), marginTop: ctx.mm(1.5) }}>{`GENUINE · WORTH ${card.fields.value}`}</div>
          <div style={{ display: 'flex', fontSize: ctx.mm(2.6), fontStyle: 'italic', marginTop: ctx.mm(1.5), color: '#555555' }}>{card.fields.motto}</div>
        </Note>
      ),
      back: (ctx) => <Back ctx={ctx} deck="MONEY" icon="game-icons:money-stack" />,
    },
    counterfeit: {
      front: (card, ctx) => (
        <Note ctx={ctx} fill={FAKE} corner={String(card.fields.printed)} struck>
          <img src={ctx.icon('game-icons:robber-mask', FAKE)} width={ctx.mm(16)} height={ctx.mm(16)} />
          <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(5.2), color: '#ffffff', background: FAKE, padding: `${ctx.mm(1)}px ${ctx.mm(2.5)}px`, marginTop: ctx.mm(2), transform: 'rotate(-8deg)', letterSpacing: ctx.mm(0.4) }}>COUNTERFEIT</div>
          <div style={{ display: 'flex', fontSize: ctx.mm(3.4), fontWeight: 700, letterSpacing: ctx.mm(0.4), marginTop: ctx.mm(3) }}>WORTH 0</div>
          <TextBox size={ctx.mm(2.6)} style={{ fontStyle: 'italic', marginTop: ctx.mm(1.5), color: '#555555', justifyContent: 'center' }}>{card.fields.tell}</TextBox>
        </Note>
      ),
      // Never drawn: the Money deck's back (its first type's) is shared by both types.
      back: (ctx) => <Back ctx={ctx} deck="MONEY" icon="game-icons:money-stack" />,
    },
    event: {
      front: (card, ctx) => (
        <Face ctx={ctx} background="#ffffff" style={{ padding: 0, color: INK }}>
          <Band ctx={ctx} fill={EVENT} icon="game-icons:scroll-unfurled" label="EVENT" title={card.fields.title} />
          <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, padding: ctx.box.bleed + ctx.box.safe, paddingTop: ctx.mm(3), justifyContent: 'space-between' }}>
            <Flavour ctx={ctx} text={card.fields.flavour} />
            <div style={{ display: 'flex', justifyContent: 'center' }}>
              <img src={ctx.icon(ctx.word('scenes', card.fields.art[0]!).icon, EVENT)} width={ctx.mm(30)} height={ctx.mm(30)} />
            </div>
            <Effects ctx={ctx} payer={card.fields.payer} pay={card.fields.pay} health={card.fields.health} text={card.fields.text} color={EVENT} size={ctx.mm(3.8)} />
            <div style={{ display: 'flex', fontSize: ctx.mm(2.3), color: '#666666' }}>Follow in order. If a step fails, stop.</div>
          </div>
        </Face>
      ),
      back: (ctx) => <Back ctx={ctx} deck="EVENT" icon="game-icons:earth-crack" />,
    },
    orEvent: {
      front: (card, ctx) => {
        const size = ctx.mm(3.1)
        return (
          <Face ctx={ctx} background="#ffffff" style={{ padding: 0, color: INK }}>
            <Band ctx={ctx} fill={OR_EVENT} icon="game-icons:crossroad" label="OR EVENT" title={card.fields.title} art={ctx.word('scenes', card.fields.art[0]!).icon} />
            <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, padding: ctx.box.bleed + ctx.box.safe, paddingTop: ctx.mm(2.5), justifyContent: 'space-between' }}>
              <Flavour ctx={ctx} text={card.fields.flavour} />
              <div style={{ display: 'flex', alignItems: 'center', fontSize: ctx.mm(3), fontWeight: 700, color: OR_EVENT }}>
                <img src={ctx.icon('game-icons:three-friends', OR_EVENT)} width={ctx.mm(5)} height={ctx.mm(5)} style={{ marginRight: ctx.mm(1.2) }} />
                {`TEAM ${card.fields.team}`}
                <div style={{ display: 'flex', fontWeight: 400, marginLeft: ctx.mm(1.2), fontSize: ctx.mm(2.4), color: '#555555' }}>{`(${card.fields.team + 1} with ${game.params.biggerTeamsFrom}+ players)`}</div>
              </div>
              <Result ctx={ctx} role="green" label="SUCCESS">
                <Effects ctx={ctx} payer={card.fields.successPayer} pay={card.fields.successPay} health={card.fields.successHealth} text={card.fields.successText} color={roles.green.fill} size={size} />
              </Result>
              <div style={{ display: 'flex', justifyContent: 'center', fontFamily: 'Bitter', fontSize: ctx.mm(4.5), color: OR_EVENT }}>OR</div>
              <Result ctx={ctx} role="red" label="FAIL">
                <Effects ctx={ctx} health={card.fields.failHealth} text={card.fields.failText} color={roles.red.fill} size={size} />
              </Result>
            </div>
          </Face>
        )
      },
      // Never drawn: the Event deck's back (the plain Event's) is shared by both types.
      back: (ctx) => <Back ctx={ctx} deck="EVENT" icon="game-icons:earth-crack" />,
    },
    tech: {
      front: (card, ctx) => (
        <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : STEEL} style={{ color: ctx.inkFriendly ? STEEL : '#ffffff', justifyContent: 'space-between', border: ctx.inkFriendly ? `${ctx.mm(1)}px solid ${STEEL}` : undefined }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', width: '100%' }}>
            <div style={{ display: 'flex', fontSize: ctx.mm(2.6), fontWeight: 700, letterSpacing: ctx.mm(0.4) }}>ARC SHIP TECHNOLOGY</div>
            <div style={{ display: 'flex', width: ctx.mm(8), height: ctx.mm(8), borderRadius: ctx.mm(4), background: GOLD, color: SPACE, fontFamily: 'Bitter', fontSize: ctx.mm(4.5), alignItems: 'center', justifyContent: 'center' }}>{String(card.fields.number)}</div>
          </div>
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
            <IconRow ctx={ctx} vocabulary="systems" words={card.fields.system} size={ctx.mm(24)} />
            <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(5.6), marginTop: ctx.mm(2), textAlign: 'center' }}>{card.fields.name}</div>
            <div style={{ display: 'flex', alignItems: 'center', marginTop: ctx.mm(2), background: GOLD, color: SPACE, borderRadius: ctx.mm(2), padding: `${ctx.mm(0.8)}px ${ctx.mm(2.5)}px`, fontSize: ctx.mm(3.4), fontWeight: 700 }}>
              <img src={ctx.icon('game-icons:two-coins', SPACE)} width={ctx.mm(4.5)} height={ctx.mm(4.5)} style={{ marginRight: ctx.mm(1) }} />
              {`COST ${card.fields.cost}`}
            </div>
          </div>
          <TextBox size={ctx.mm(2.7)} style={{ fontStyle: 'italic', justifyContent: 'center', width: '100%' }}>{card.fields.flavour}</TextBox>
        </Face>
      ),
      // The back shows when a piece is stolen: the card is turned face down.
      back: (ctx) => <Back ctx={ctx} deck="STOLEN" icon="game-icons:robber-mask" accent="#e0524a" />,
    },
    vote: {
      front: (card, ctx) => {
        const yes = card.fields.vote === 'YES'
        const role = roles[yes ? 'green' : 'red']
        const bg = ctx.inkFriendly ? '#ffffff' : role.fill
        const ink = ctx.inkFriendly ? role.fill : '#ffffff'
        return (
          <Face ctx={ctx} background={bg} style={{ color: ink, alignItems: 'center', justifyContent: 'center', border: ctx.inkFriendly ? `${ctx.mm(1)}px solid ${role.fill}` : undefined }}>
            <img src={ctx.icon(yes ? 'game-icons:thumb-up' : 'game-icons:thumb-down', ink)} width={ctx.mm(18)} height={ctx.mm(18)} />
            <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(10), marginTop: ctx.mm(2) }}>{card.fields.vote}</div>
            <div style={{ display: 'flex', fontSize: ctx.mm(2.4), marginTop: ctx.mm(2), textAlign: 'center' }}>{yes ? 'The event goes ahead' : 'Cancel the event'}</div>
          </Face>
        )
      },
      back: (ctx) => <Back ctx={ctx} deck="VOTE" icon="game-icons:vote" />,
    },
    outcome: {
      front: (card, ctx) => {
        const success = card.fields.result === 'SUCCESS'
        const role = roles[success ? 'green' : 'red']
        const bg = ctx.inkFriendly ? '#ffffff' : role.fill
        const ink = ctx.inkFriendly ? role.fill : '#ffffff'
        return (
          <Face ctx={ctx} background={bg} style={{ color: ink, alignItems: 'center', justifyContent: 'center', border: ctx.inkFriendly ? `${ctx.mm(1)}px solid ${role.fill}` : undefined }}>
            <img src={ctx.icon(role.icon, ink)} width={ctx.mm(18)} height={ctx.mm(18)} />
            <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(success ? 6.4 : 9), marginTop: ctx.mm(2) }}>{card.fields.result}</div>
            <div style={{ display: 'flex', fontSize: ctx.mm(2.4), marginTop: ctx.mm(2), textAlign: 'center' }}>{success ? 'Nations always play this' : 'One FAIL fails the mission'}</div>
          </Face>
        )
      },
      back: (ctx) => <Back ctx={ctx} deck="MISSION" icon="game-icons:rocket-flight" />,
    },
    tracker: {
      front: (card, ctx) => {
        const health = card.fields.track === 'health'
        const color = health ? roles.red.fill : STEEL
        return (
          <Face ctx={ctx} background="#ffffff" style={{ padding: 0, color: INK }}>
            <Band ctx={ctx} fill={color} icon={health ? 'game-icons:heart-beats' : 'game-icons:calendar'} label={health ? 'TRACKER · 0 IS LOST' : `TRACKER · ${card.fields.to} YEARS`} title={card.fields.title} />
            <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, padding: ctx.box.bleed + ctx.box.safe, paddingTop: ctx.mm(4), justifyContent: 'space-between', alignItems: 'center' }}>
              <Track ctx={ctx} from={card.fields.from} to={card.fields.to} start={card.fields.start} color={color} last={(n) => (health ? (n === 0 ? 'LOST' : n === card.fields.to ? 'MAX' : undefined) : n === card.fields.to ? 'LAST' : undefined)} />
              <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <img src={ctx.icon(health ? 'game-icons:earth-america' : 'game-icons:spaceship', color)} width={ctx.mm(16)} height={ctx.mm(16)} style={{ marginBottom: ctx.mm(2) }} />
                <TextBox size={ctx.mm(3.2)} style={{ justifyContent: 'center' }}>{card.fields.text}</TextBox>
              </div>
            </div>
          </Face>
        )
      },
      back: (ctx) => <Back ctx={ctx} deck="TRACKER" icon="game-icons:sands-of-time" />,
    },
    leader: {
      front: (card, ctx) => {
        const world = card.fields.role === 'world-leader'
        const fill = world ? SPACE : OR_EVENT
        return (
          <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : fill} style={{ color: ctx.inkFriendly ? fill : '#ffffff', border: ctx.inkFriendly ? `${ctx.mm(1)}px solid ${fill}` : undefined }}>
            <div style={{ display: 'flex', alignItems: 'center' }}>
              <img src={ctx.icon(world ? 'game-icons:crown' : 'game-icons:flag-objective', GOLD)} width={ctx.mm(10)} height={ctx.mm(10)} style={{ marginRight: ctx.mm(2) }} />
              <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(5.6) }}>{card.fields.title}</div>
            </div>
            <div style={{ display: 'flex', flexDirection: 'column', marginTop: ctx.mm(3) }}>
              {card.fields.duties.split('\n').map((line, i) => (
                <div key={i} style={{ display: 'flex', fontSize: ctx.mm(world ? 2.75 : 3.1), lineHeight: 1.25, marginBottom: ctx.mm(world ? 1.1 : 2) }}>{line}</div>
              ))}
            </div>
          </Face>
        )
      },
      back: (ctx) => <Back ctx={ctx} deck="LEADER" icon="game-icons:crown" />,
    },
  },
})
