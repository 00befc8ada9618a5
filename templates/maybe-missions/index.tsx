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
  },
})
