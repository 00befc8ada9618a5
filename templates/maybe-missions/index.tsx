import { defineTemplates, type FaceContext, type FieldName } from 'deckwright'
import { Art, CostStrip, Face, FitText, IconRow, defaultRoles, safeArea, SplitFront, Title, ValueBadge, type HalfArea, type InlineWords } from 'deckwright/components'
import game from '../../rules/maybe-missions/game.ts'

/** A field of this game's cards: what the components' `field` props take. */
type Field = FieldName<typeof game>

type Ctx = FaceContext<typeof game>

const NAVY = '#1d2540'
const GOLD = '#e2b53e'

/** Inline icons for rule text besides the resources: the votes' thumbs (`[yes] YES-voter`), named in the face's language. */
const words = (ctx: Ctx): InlineWords => ({
  yes: { label: ctx.t('vote-yes'), icon: 'game-icons:thumb-up', color: defaultRoles.green.color },
  no: { label: ctx.t('vote-no'), icon: 'game-icons:thumb-down', color: defaultRoles.red.color },
})

/** The shared back of a deck: the game's name, the deck's name and its emblem. */
const Back = ({ ctx, deck, icon }: { ctx: Ctx; deck: string; icon: string }) => {
  const { width } = safeArea(ctx)
  return (
    <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : NAVY} style={{ alignItems: 'center', justifyContent: 'center', color: ctx.inkFriendly ? NAVY : '#ffffff' }}>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', flexGrow: 1, width: '100%', border: `${ctx.mm(0.8)}px solid ${GOLD}`, borderRadius: ctx.mm(3) }}>
        <img src={ctx.icon(icon, GOLD)} width={width * 0.3} height={width * 0.3} />
        <Title ctx={ctx} text={ctx.game.title} width={width - ctx.mm(4)} size={ctx.mm(5)} color={ctx.inkFriendly ? NAVY : '#ffffff'} style={{ marginTop: ctx.mm(3) }} />
        <div style={{ display: 'flex', fontSize: ctx.mm(2.8), letterSpacing: ctx.mm(0.5), color: GOLD, marginTop: ctx.mm(1) }}>{deck}</div>
      </div>
    </Face>
  )
}

/** An identity: its kind, its title, the mask, its rule in a framed box, and the resources the rule speaks of. */
const Identity = ({ ctx, card, kind, title, text, field, resources, accent }: { ctx: Ctx; card: { art?: string }; kind: string; title: string; text: string; field: Field; resources?: readonly string[]; accent: string }) => {
  const { width, height } = safeArea(ctx)
  const frame = ctx.mm(0.5)
  const pad = ctx.mm(2.5)
  // Kind 3.5 + title 7.5 + mask 16 + gaps 5; the resources' row 11 when there is one.
  const box = height - ctx.mm(3.5 + 7.5 + 16 + 5) - (resources ? ctx.mm(11) : 0) - 2 * (frame + pad)
  return (
    <Face ctx={ctx} background={ctx.inkFriendly ? '#ffffff' : '#f4efe3'} style={{ color: '#1b1b1b', alignItems: 'center' }}>
      <div style={{ display: 'flex', height: ctx.mm(3.5), alignItems: 'center', fontSize: ctx.mm(2.6), fontWeight: 700, letterSpacing: ctx.mm(0.4), color: accent }}>{kind}</div>
      <Title ctx={ctx} field="title" text={title} width={width} size={ctx.mm(5.2)} style={{ height: ctx.mm(7.5), justifyContent: 'center' }} />
      {/* The card's portrait (its `art:`), else the mask. */}
      <Art ctx={ctx} card={card} width={ctx.mm(16)} height={ctx.mm(16)} style={{ marginTop: ctx.mm(1), borderRadius: ctx.mm(2), border: `${frame}px solid ${accent}` }}>
        <img src={ctx.icon('game-icons:domino-mask', accent)} width={ctx.mm(16)} height={ctx.mm(16)} style={{ marginTop: ctx.mm(1) }} />
      </Art>
      <div style={{ display: 'flex', marginTop: ctx.mm(4), padding: pad, border: `${frame}px solid ${accent}`, borderRadius: ctx.mm(2), background: '#ffffff' }}>
        <FitText ctx={ctx} field={field} text={text} width={width - 2 * (frame + pad)} height={box} size={ctx.mm(3.6)} words={words(ctx)} />
      </div>
      {resources ? (
        <div style={{ display: 'flex', height: ctx.mm(11), alignItems: 'flex-end' }}>
          <IconRow ctx={ctx} vocabulary="resources" words={resources} size={ctx.mm(8)} field="resources" />
        </div>
      ) : null}
    </Face>
  )
}

const ARROW_DOWN = (color: string) => `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><path d="M9 2h6v11h5l-8 9-8-9h5z" fill="${color}"/></svg>`).toString('base64')}`

/** One half of a Shop Card: the cost above, the reward below. */
const Offer = ({ ctx, area, cost, costField, reward, rewardField }: { ctx: Ctx; area: HalfArea; cost: readonly string[]; costField: Field; reward: string; rewardField: Field }) => (
  <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: area.width }}>
    <CostStrip ctx={ctx} vocabulary="resources" cost={cost} field={costField} size={ctx.mm(10)} width={area.width} />
    <img src={ARROW_DOWN(area.ink)} width={ctx.mm(5)} height={ctx.mm(5)} style={{ margin: ctx.mm(1) }} />
    <FitText ctx={ctx} field={rewardField} text={reward} width={area.width} height={area.height - ctx.mm(10 + 7)} size={ctx.mm(3.4)} color={area.ink} disc="#ffffff" words={words(ctx)} />
  </div>
)

/** One half of a Master Card: the card's title and the rule that holds when the mission ends this way. */
const Rule = ({ ctx, area, title, text, field }: { ctx: Ctx; area: HalfArea; title: string; text: string; field: 'green' | 'red' }) => (
  <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: area.width }}>
    <Title ctx={ctx} field="title" text={title} width={area.width} size={ctx.mm(4.2)} color={area.ink} style={{ marginBottom: ctx.mm(1.5) }} />
    <FitText ctx={ctx} field={field} text={text} width={area.width} height={area.height - ctx.mm(4.2 * 1.15 + 1.5)} size={ctx.mm(3.5)} color={area.ink} disc="#ffffff" words={words(ctx)} />
  </div>
)

export default defineTemplates(game, {
  fonts: [], // Inter and Bitter Bold come with deckwright
  types: {
    vote: {
      front: (card, ctx) => {
        const yes = card.fields.vote === 'YES'
        const role = defaultRoles[yes ? 'green' : 'red']
        const bg = ctx.inkFriendly ? '#ffffff' : role.color
        const ink = ctx.inkFriendly ? role.color : '#ffffff'
        const corner = (turned: boolean) => (
          <div style={{ display: 'flex', width: '100%', justifyContent: turned ? 'flex-end' : 'flex-start', transform: turned ? 'rotate(180deg)' : undefined }}>
            {/* A vote is held either way up in a fanned hand: its number is underlined when it reads as another turned. */}
            <ValueBadge ctx={ctx} value={card.fields.number} size={ctx.mm(9)} fill={ink} ink={bg} readUpsideDown />
          </div>
        )
        return (
          <Face ctx={ctx} background={bg} style={{ color: ink, justifyContent: 'space-between', border: ctx.inkFriendly ? `${ctx.mm(1)}px solid ${role.color}` : undefined }}>
            {corner(false)}
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <img src={ctx.icon(yes ? 'game-icons:thumb-up' : 'game-icons:thumb-down', ink)} width={ctx.mm(13)} height={ctx.mm(13)} />
              <div style={{ display: 'flex', fontFamily: 'Bitter', fontSize: ctx.mm(9) }}>{ctx.t(yes ? 'vote-yes' : 'vote-no')}</div>
            </div>
            {corner(true)}
          </Face>
        )
      },
      back: (_, ctx) => <Back ctx={ctx} deck={ctx.t('deck-vote')} icon="game-icons:vote" />,
    },
    master: {
      front: (card, ctx) => (
        <SplitFront
          ctx={ctx}
          first={{ children: (area) => <Rule ctx={ctx} area={area} title={card.fields.title} text={card.fields.green} field="green" /> }}
          second={{ children: (area) => <Rule ctx={ctx} area={area} title={card.fields.title} text={card.fields.red} field="red" /> }}
        />
      ),
      back: (_, ctx) => <Back ctx={ctx} deck={ctx.t('deck-master')} icon="game-icons:crown" />,
    },
    mission: {
      front: (card, ctx) => {
        const half = (words: readonly string[], field: 'green' | 'red') => (area: HalfArea) => (
          <IconRow ctx={ctx} vocabulary="resources" words={words} field={field} size={ctx.mm(words.length > 2 ? 11 : 14)} labels={area.ink} />
        )
        return <SplitFront ctx={ctx} first={{ children: half(card.fields.green, 'green') }} second={{ children: half(card.fields.red, 'red') }} />
      },
      back: (_, ctx) => <Back ctx={ctx} deck={ctx.t('deck-mission')} icon="game-icons:spy" />,
    },
    publicIdentity: {
      front: (card, ctx) => <Identity ctx={ctx} card={card} kind={ctx.t('deck-public-identity')} title={card.fields.title} text={card.fields.ability} field="ability" accent="#1f6fb2" />,
      back: (_, ctx) => <Back ctx={ctx} deck={ctx.t('deck-public-identity')} icon="game-icons:id-card" />,
    },
    secretIdentity: {
      front: (card, ctx) => <Identity ctx={ctx} card={card} kind={ctx.t('deck-secret-identity')} title={card.fields.title} text={card.fields.scoring} field="scoring" resources={card.fields.resources} accent="#6b3fa0" />,
      back: (_, ctx) => <Back ctx={ctx} deck={ctx.t('deck-secret-identity')} icon="game-icons:domino-mask" />,
    },
    shop: {
      front: (card, ctx) => (
        <SplitFront
          ctx={ctx}
          first={{ children: (area) => <Offer ctx={ctx} area={area} cost={card.fields.greenCost} costField="greenCost" reward={card.fields.greenReward} rewardField="greenReward" /> }}
          second={{ children: (area) => <Offer ctx={ctx} area={area} cost={card.fields.redCost} costField="redCost" reward={card.fields.redReward} rewardField="redReward" /> }}
        />
      ),
      back: (_, ctx) => <Back ctx={ctx} deck={ctx.t('deck-shop')} icon="game-icons:shop" />,
    },
  },
})
