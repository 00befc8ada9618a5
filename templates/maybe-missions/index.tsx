import { defineTemplates, type FaceContext } from 'deckwright'
import { Face, IconRow, roles, SplitFront, TextBox } from 'deckwright/components'
import game from '../../rules/maybe-missions/game.ts'

type Ctx = FaceContext<typeof game>

const NAVY = '#1d2540'
const GOLD = '#e2b53e'

/** The shared back of a deck: the game's name, the deck's name and its emblem. */
const Back = ({ ctx, deck, icon }: { ctx: Ctx; deck: string; icon: string }) => (
  <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : NAVY} style={{ alignItems: 'center', justifyContent: 'center', color: ctx.inkFriendly ? NAVY : '#ffffff' }}>
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', flexGrow: 1, width: '100%', border: `${ctx.mm(0.8)}px solid ${GOLD}`, borderRadius: ctx.mm(3) }}>
      <img src={ctx.icon(icon, GOLD)} width={ctx.mm(16)} height={ctx.mm(16)} />
      <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(5), marginTop: ctx.mm(3) }}>Maybe Missions</div>
      <div style={{ display: 'flex', fontSize: ctx.mm(2.8), letterSpacing: ctx.mm(0.5), color: GOLD, marginTop: ctx.mm(1) }}>{deck}</div>
    </div>
  </Face>
)

/** An identity: a title, a rule in a framed box, and the resources the rule speaks of. */
const Identity = ({ ctx, kind, title, text, resources, accent }: { ctx: Ctx; kind: string; title: string; text: string; resources?: readonly string[]; accent: string }) => (
  <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : '#f4efe3'} style={{ color: '#1b1b1b', alignItems: 'center' }}>
    <div style={{ display: 'flex', fontSize: ctx.mm(2.6), letterSpacing: ctx.mm(0.4), color: accent }}>{kind}</div>
    <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(5.2), marginTop: ctx.mm(1), marginBottom: ctx.mm(3) }}>{title}</div>
    <img src={ctx.icon('game-icons:domino-mask', accent)} width={ctx.mm(18)} height={ctx.mm(18)} />
    <div style={{ display: 'flex', flexGrow: 1, alignItems: 'center', marginTop: ctx.mm(3), padding: ctx.mm(3), border: `${ctx.mm(0.5)}px solid ${accent}`, borderRadius: ctx.mm(2), width: '100%' }}>
      <TextBox size={ctx.mm(3.4)} style={{ justifyContent: 'center', width: '100%' }}>{text}</TextBox>
    </div>
    {resources ? <div style={{ display: 'flex', marginTop: ctx.mm(2) }}><IconRow ctx={ctx} vocabulary="resources" words={resources} size={ctx.mm(8)} /></div> : null}
  </Face>
)

const ARROW_DOWN = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><path d="M9 2h6v11h5l-8 9-8-9h5z" fill="#fff"/></svg>').toString('base64')}`

/** One half of a Shop Card: the cost above, the reward below. */
const Offer = ({ ctx, cost, reward }: { ctx: Ctx; cost: readonly string[]; reward: string }) => (
  <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: '100%' }}>
    <IconRow ctx={ctx} vocabulary="resources" words={cost} size={ctx.mm(cost.length > 2 ? 8 : 10)} />
    <img src={ARROW_DOWN} width={ctx.mm(5)} height={ctx.mm(5)} style={{ margin: ctx.mm(1) }} />
    <TextBox size={ctx.mm(3.2)} style={{ justifyContent: 'center' }}>{reward}</TextBox>
  </div>
)

export default defineTemplates(game, {
  fonts: [{ name: 'Bitter', package: '@fontsource/bitter', weight: 700 }],
  types: {
    vote: {
      front: (card, ctx) => {
        const yes = card.fields.vote === 'YES'
        const role = roles[yes ? 'green' : 'red']
        const bg = ctx.inkFriendly ? '#ffffff' : role.fill
        const ink = ctx.inkFriendly ? role.fill : '#ffffff'
        const corner = (turned: boolean) => (
          <div style={{ display: 'flex', width: '100%', justifyContent: turned ? 'flex-end' : 'flex-start', transform: turned ? 'rotate(180deg)' : undefined }}>
            <div style={{ display: 'flex', width: ctx.mm(9), height: ctx.mm(9), borderRadius: ctx.mm(4.5), background: ink, color: bg, fontFamily: 'Bitter', fontSize: ctx.mm(5), alignItems: 'center', justifyContent: 'center', textDecoration: 'underline' }}>{card.fields.number}</div>
          </div>
        )
        return (
          <Face ctx={ctx} background={bg} style={{ color: ink, justifyContent: 'space-between', border: ctx.inkFriendly ? `${ctx.mm(1)}px solid ${role.fill}` : undefined }}>
            {corner(false)}
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <img src={ctx.icon(yes ? 'game-icons:thumb-up' : 'game-icons:thumb-down', ink)} width={ctx.mm(13)} height={ctx.mm(13)} />
              <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(9) }}>{card.fields.vote}</div>
            </div>
            {corner(true)}
          </Face>
        )
      },
      back: (ctx) => <Back ctx={ctx} deck="VOTE" icon="game-icons:vote" />,
    },
    master: {
      front: (card, ctx) => {
        const rule = (text: string) => (
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: '100%' }}>
            <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(4.2), marginBottom: ctx.mm(2) }}>{card.fields.title}</div>
            <TextBox size={ctx.mm(3.4)} style={{ justifyContent: 'center' }}>{text}</TextBox>
          </div>
        )
        return (
          <SplitFront
            ctx={ctx}
            first={{ role: 'green', label: 'SUCCESS', children: rule(card.fields.green) }}
            second={{ role: 'red', label: 'FAIL', children: rule(card.fields.red) }}
          />
        )
      },
      back: (ctx) => <Back ctx={ctx} deck="MASTER CARD" icon="game-icons:crown" />,
    },
    mission: {
      front: (card, ctx) => (
        <SplitFront
          ctx={ctx}
          first={{ role: 'green', label: 'SUCCESS', children: <IconRow ctx={ctx} vocabulary="resources" words={card.fields.green} size={ctx.mm(card.fields.green.length > 2 ? 12 : 15)} /> }}
          second={{ role: 'red', label: 'FAIL', children: <IconRow ctx={ctx} vocabulary="resources" words={card.fields.red} size={ctx.mm(card.fields.red.length > 2 ? 12 : 15)} /> }}
        />
      ),
      back: (ctx) => <Back ctx={ctx} deck="MISSION" icon="game-icons:spy" />,
    },
    publicIdentity: {
      front: (card, ctx) => <Identity ctx={ctx} kind="PUBLIC IDENTITY" title={card.fields.title} text={card.fields.ability} accent="#1f6fb2" />,
      back: (ctx) => <Back ctx={ctx} deck="PUBLIC IDENTITY" icon="game-icons:id-card" />,
    },
    secretIdentity: {
      front: (card, ctx) => <Identity ctx={ctx} kind="SECRET IDENTITY" title={card.fields.title} text={card.fields.scoring} resources={card.fields.resources} accent="#6b3fa0" />,
      back: (ctx) => <Back ctx={ctx} deck="SECRET IDENTITY" icon="game-icons:domino-mask" />,
    },
    shop: {
      front: (card, ctx) => (
        <SplitFront
          ctx={ctx}
          first={{ role: 'green', label: 'SUCCESS', children: <Offer ctx={ctx} cost={card.fields.greenCost} reward={card.fields.greenReward} /> }}
          second={{ role: 'red', label: 'FAIL', children: <Offer ctx={ctx} cost={card.fields.redCost} reward={card.fields.redReward} /> }}
        />
      ),
      back: (ctx) => <Back ctx={ctx} deck="GADGET SHOP" icon="game-icons:shop" />,
    },
  },
})
