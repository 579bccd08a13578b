/*
 * cards.c - the Power Deck: dealt and drawn from the seed, held in
 * secret hands, with each side's standing reactions (BGW-21).  What only
 * the umpire may know is the game's secret part; the public state holds
 * the counts, the discards, and a commitment to each secret.
 */
#include <stdio.h>
#include <string.h>

#include "bgw.h"
#include "game/secret.h"

void
bgw_deal(struct umpire_ctx *ctx, struct bgw_game *g)
{
	int v[BGW_CARDS];

	for (int c = 0; c < BGW_CARDS; c++)
		v[c] = c;
	umpire_dice_shuffle(ctx->dice, v, BGW_CARDS, "the Power Deck (Setup)");
	/* Dealt one at a time from the top, white first. */
	for (int k = 0; k < 2 * BGW_HAND; k++)
		g->hand[k % 2][g->nhand[k % 2]++] = v[k];
	g->npile = BGW_CARDS - 2 * BGW_HAND;
	memcpy(g->pile, v + 2 * BGW_HAND, sizeof(int) * (size_t)g->npile);
}

bool
bgw_draw(struct umpire_ctx *ctx, struct bgw_game *g, int side)
{
	if (!g->npile && g->ndiscard) {
		/* BGW-24: the discards, shuffled, are the new pile. */
		memcpy(g->pile, g->discard, sizeof(int) * (size_t)g->ndiscard);
		g->npile = g->ndiscard;
		g->ndiscard = 0;
		umpire_dice_shuffle(ctx->dice, g->pile, (size_t)g->npile,
			"the discards, as the new draw pile (BGW-24)");
		umpire_report_printf(ctx->report, "- The draw pile is empty: the "
			"%d discards are shuffled into a new pile (BGW-24).\n",
			g->npile);
	}
	if (!g->npile)
		return false;
	g->hand[side][g->nhand[side]++] = g->pile[0];
	memmove(g->pile, g->pile + 1, sizeof(int) * (size_t)--g->npile);
	return true;
}

void
bgw_play_card(struct bgw_game *g, int side, int c)
{
	for (int k = 0; k < g->nhand[side]; k++)
		if (g->hand[side][k] == c) {
			memmove(g->hand[side] + k, g->hand[side] + k + 1,
				sizeof(int) * (size_t)(g->nhand[side] - k - 1));
			g->nhand[side]--;
			break;
		}
	g->discard[g->ndiscard++] = c;
	/* A reaction for a card no longer held is dropped with it. */
	for (int k = 0; k < g->nreact[side]; k++)
		if ((int)g->react[side][k].card == c) {
			memmove(g->react[side] + k, g->react[side] + k + 1,
				sizeof(g->react[side][0]) *
				(size_t)(g->nreact[side] - k - 1));
			g->nreact[side]--;
			k--;
		}
}

void
bgw_unplay_card(struct bgw_game *g, int side, int c)
{
	for (int k = g->ndiscard - 1; k >= 0; k--)
		if (g->discard[k] == c) {
			memmove(g->discard + k, g->discard + k + 1,
				sizeof(int) * (size_t)(g->ndiscard - k - 1));
			g->ndiscard--;
			break;
		}
	g->hand[side][g->nhand[side]++] = c;
}

/* ---------------------------------------------------------- reactions */

const char *
bgw_reaction_text(struct umpire_arena *a, const struct bgw_reaction *r)
{
	const char *name = bgw_cards[r->card].name;

	switch (r->card) {
	case BGW_PARRY:
		if (r->against == UINT32_MAX)
			return umpire_arena_printf(a, "%s against any card", name);
		else {
			struct umpire_buf b = UMPIRE_BUF_INIT;
			const char *pick[BGW_CARDS];
			size_t n = 0;
			for (int c = 0; c < BGW_CARDS; c++)
				if (r->against & (1u << c))
					pick[n++] = bgw_cards[c].name;
			umpire_join(&b, pick, n);
			const char *s = umpire_arena_printf(a, "%s against %s", name,
				umpire_buf_cstr(&b));
			umpire_buf_free(&b);
			return s;
		}
	case BGW_EVOCATION:
		return umpire_arena_printf(a, "%s when a unit is captured", name);
	case BGW_SABOTAGE:
		return umpire_arena_printf(a, "%s on doubles", name);
	default: {
		/* Poison's die, when not the highest: only then, so that the
		 * commitments to older lists stay as they were. */
		const char *die = r->die < 0 ? ", on the lowest die" : r->die > 0 ?
			umpire_arena_printf(a, ", on a die showing %d", r->die) : "";
		if (!r->when)
			return umpire_arena_printf(a, "%s on doubles%s", name, die);
		return umpire_arena_printf(a, "%s on a roll of %d or more%s", name,
			r->when, die);
	}
	}
}

int
bgw_reactions_read(const struct umpire_node *list, struct bgw_reaction *out)
{
	int n = 0;

	for (size_t i = 0; i < list->u.seq.n && n < BGW_MAX_REACTIONS; i++) {
		const struct umpire_node *e = list->u.seq.v[i];
		const struct umpire_node *card = umpire_map_get(e, "card");
		const struct umpire_node *when = umpire_map_get(e, "when");
		const struct umpire_node *against = umpire_map_get(e, "against");
		const struct umpire_node *die = umpire_map_get(e, "die");
		struct bgw_reaction *r = &out[n++];
		r->card = (enum bgw_card)bgw_find_card(umpire_node_cstr(card));
		r->when = when && when->type == UMPIRE_INT ?
			(int)umpire_node_integer(when, 0) : 0;
		r->die = !die ? 0 : umpire_node_is_str(die, "lowest") ? -1 :
			die->type == UMPIRE_INT ? (int)umpire_node_integer(die, 0) : 0;
		r->against = 0;
		if (!against || umpire_node_is_str(against, "any"))
			r->against = UINT32_MAX;
		else if (against->type == UMPIRE_SEQ)
			for (size_t k = 0; k < against->u.seq.n; k++) {
				int c = bgw_find_card(umpire_node_cstr(against->u.seq.v[k]));
				if (c >= 0)
					r->against |= 1u << c;
			}
	}
	return n;
}

struct umpire_node *
bgw_reactions_node(struct umpire_arena *a, const struct bgw_reaction *r,
	int n)
{
	struct umpire_node *list = umpire_node_seq(a, false);

	for (int i = 0; i < n; i++) {
		struct umpire_node *e = umpire_node_map(a, true);
		umpire_map_add(a, e, "card", umpire_node_str(a,
			bgw_cards[r[i].card].name));
		if (r[i].card == BGW_PARRY) {
			if (r[i].against == UINT32_MAX) {
				umpire_map_add(a, e, "against", umpire_node_str(a, "any"));
			} else {
				struct umpire_node *v = umpire_map_add(a, e, "against",
					umpire_node_seq(a, true));
				for (int c = 0; c < BGW_CARDS; c++)
					if (r[i].against & (1u << c))
						umpire_seq_add(a, v, umpire_node_str(a,
							bgw_cards[c].name));
			}
		} else if (r[i].card != BGW_EVOCATION && r[i].card != BGW_SABOTAGE) {
			umpire_map_add(a, e, "when", r[i].when ? umpire_node_int(a,
				r[i].when) : umpire_node_str(a, "doubles"));
			if (r[i].die)
				umpire_map_add(a, e, "die", r[i].die < 0 ?
					umpire_node_str(a, "lowest") : umpire_node_int(a,
					r[i].die));
		}
		umpire_seq_add(a, list, e);
	}
	return list;
}

/* -------------------------------------------------------- commitments */

static struct umpire_node *
cards_node(struct umpire_arena *a, const int *v, int n)
{
	struct umpire_node *list = umpire_node_seq(a, true);

	for (int i = 0; i < n; i++)
		umpire_seq_add(a, list, umpire_node_str(a, bgw_cards[v[i]].name));
	return list;
}

/* A secret's canonical text: the card names, or reactions, with commas. */
static const char *
cards_text(struct umpire_arena *a, const int *v, int n)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;

	for (int i = 0; i < n; i++)
		umpire_buf_printf(&b, "%s%s", i ? "," : "", bgw_cards[v[i]].name);
	const char *s = umpire_arena_strdup(a, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
	return s;
}

static const char *
reactions_text(struct umpire_arena *a, const struct bgw_reaction *r, int n)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;

	for (int i = 0; i < n; i++)
		umpire_buf_printf(&b, "%s%s", i ? ";" : "",
			bgw_reaction_text(a, &r[i]));
	const char *s = umpire_arena_strdup(a, umpire_buf_cstr(&b));
	umpire_buf_free(&b);
	return s;
}

/*
 * The five commitments (pile, hands, reactions) for the step the game
 * awaits, as encode writes them and secret_decode checks them.  Labels
 * name the step, so that a commitment does not show whether the secret
 * behind it changed (secret.h).
 */
void
bgw_commitments(struct umpire_ctx *ctx, const struct bgw_game *g,
	const char *out[5])
{
	struct umpire_arena *a = ctx->arena;

	out[0] = umpire_secret_commit_str(ctx, umpire_arena_printf(a,
		"pile/%ld", ctx->step), cards_text(a, g->pile, g->npile));
	for (int s = 0; s < 2; s++) {
		out[1 + s] = umpire_secret_commit_str(ctx, umpire_arena_printf(a,
			"hand/%s/%ld", bgw_sides[s], ctx->step), cards_text(a,
			g->hand[s], g->nhand[s]));
		out[3 + s] = umpire_secret_commit_str(ctx, umpire_arena_printf(a,
			"reactions/%s/%ld", bgw_sides[s], ctx->step),
			reactions_text(a, g->react[s], g->nreact[s]));
	}
}

bool
bgw_hides(const struct umpire_node *scenario, struct umpire_buf *why)
{
	const struct umpire_node *v = umpire_map_get(umpire_map_get(scenario,
		"options"), "power-deck");

	if (v && v->type == UMPIRE_BOOL && !v->u.b)
		return false;
	umpire_buf_puts(why, "the Power Deck deals secret hands of cards "
		"(options.power-deck, BGW-21)");
	return true;
}

void
bgw_secret_encode(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *secret)
{
	const struct bgw_game *g = game;
	struct umpire_arena *a = ctx->arena;

	umpire_map_add(a, secret, "pile", cards_node(a, g->pile, g->npile));
	struct umpire_node *h = umpire_map_add(a, secret, "hands",
		umpire_node_map(a, false));
	for (int s = 0; s < 2; s++)
		umpire_map_add(a, h, bgw_sides[s], cards_node(a, g->hand[s],
			g->nhand[s]));
	struct umpire_node *r = umpire_map_add(a, secret, "reactions",
		umpire_node_map(a, false));
	for (int s = 0; s < 2; s++)
		umpire_map_add(a, r, bgw_sides[s], bgw_reactions_node(a, g->react[s],
			g->nreact[s]));
}

static int
read_cards(const struct umpire_node *list, int *v)
{
	int n = 0;

	for (size_t i = 0; list && i < list->u.seq.n && n < BGW_CARDS; i++)
		v[n++] = bgw_find_card(umpire_node_cstr(list->u.seq.v[i]));
	return n;
}

bool
bgw_secret_decode(struct umpire_ctx *ctx, void *game,
	const struct umpire_node *secret)
{
	struct bgw_game *g = game;
	size_t errors = ctx->diags->errors;
	const struct umpire_node *pile = umpire_map_get(secret, "pile");
	const struct umpire_node *hands = umpire_map_get(secret, "hands");
	const struct umpire_node *reacts = umpire_map_get(secret, "reactions");
	int seen[BGW_CARDS] = { 0 }, npile = read_cards(pile, g->pile);

	if (npile != g->npile)
		umpire_node_error(ctx->diags, pile, "pile: %d cards, but the state "
			"says %d", npile, g->npile);
	for (int k = 0; k < npile; k++)
		seen[g->pile[k]]++;
	for (int s = 0; s < 2; s++) {
		const struct umpire_node *h = umpire_map_get(hands, bgw_sides[s]);
		int n = read_cards(h, g->hand[s]);
		if (n != g->nhand[s])
			umpire_node_error(ctx->diags, h, "hands.%s: %d cards, but the "
				"state says %d", bgw_sides[s], n, g->nhand[s]);
		for (int k = 0; k < n; k++)
			seen[g->hand[s][k]]++;
		const struct umpire_node *r = umpire_map_get(reacts, bgw_sides[s]);
		int nr = bgw_reactions_read(r, g->react[s]);
		if (!g->counted)
			g->nreact[s] = nr;
		if (g->counted && nr != g->nreact[s])
			umpire_node_error(ctx->diags, r, "reactions.%s: %d, but the "
				"state says %d", bgw_sides[s], nr, g->nreact[s]);
	}
	for (int k = 0; k < g->ndiscard; k++)
		seen[g->discard[k]]++;
	for (int c = 0; c < BGW_CARDS; c++)
		if (seen[c] != 1)
			umpire_node_error(ctx->diags, secret, "card %s is %s the pile, "
				"the hands and the discards", bgw_cards[c].name,
				seen[c] ? "twice in" : "missing from");
	if (ctx->diags->errors != errors)
		return false;
	g->secret = true;
	/* Each secret opens its commitment in the public state. */
	const char *want[5] = { g->commit_pile, g->commit_hand[0],
		g->commit_hand[1], g->commit_react[0], g->commit_react[1] };
	const char *got[5];
	if (ctx->secret)
		bgw_commitments(ctx, g, got);
	static const char *const what[5] = { "the draw pile", "white's hand",
		"black's hand", "white's reactions", "black's reactions" };
	for (int k = 0; k < 5; k++)
		if (ctx->secret && want[k] && strcmp(want[k], got[k]) != 0)
			umpire_node_error(ctx->diags, secret, "%s in the secret part is "
				"not the one the state's commitment binds", what[k]);
	return ctx->diags->errors == errors;
}

void
bgw_view(struct umpire_ctx *ctx, const void *game, const char *player,
	struct umpire_buf *out)
{
	const struct bgw_game *g = game;
	int side = strcmp(player, "black") == 0;
	struct umpire_arena *a = ctx->arena;

	if (!g->deck)
		return;
	umpire_buf_printf(out, "# %s's hand\n\n", bgw_Sides[side]);
	umpire_buf_printf(out, "Only %s and the umpire know these cards (Power "
		"Deck, BGW-21).\n\n", bgw_sides[side]);
	if (!g->nhand[side])
		umpire_buf_puts(out, "- no card\n");
	for (int k = 0; k < g->nhand[side]; k++) {
		const struct bgw_card_info *c = &bgw_cards[g->hand[side][k]];
		umpire_buf_printf(out, "- %s (%s card)\n", c->title,
			bgw_types[c->needs]);
	}
	umpire_buf_puts(out, "\nStanding reactions:\n\n");
	if (!g->nreact[side])
		umpire_buf_puts(out, "- none\n");
	for (int k = 0; k < g->nreact[side]; k++)
		umpire_buf_printf(out, "- %s\n", bgw_reaction_text(a,
			&g->react[side][k]));
	umpire_buf_printf(out, "\n```yaml\nside: %s\nhand: [", bgw_sides[side]);
	for (int k = 0; k < g->nhand[side]; k++)
		umpire_buf_printf(out, "%s%s", k ? ", " : "",
			bgw_cards[g->hand[side][k]].name);
	umpire_buf_puts(out, "]\nreactions:");
	if (!g->nreact[side])
		umpire_buf_puts(out, " []");
	umpire_buf_puts(out, "\n");
	for (int k = 0; k < g->nreact[side]; k++) {
		const struct bgw_reaction *r = &g->react[side][k];
		umpire_buf_printf(out, "  - {card: %s", bgw_cards[r->card].name);
		if (r->card == BGW_PARRY) {
			if (r->against == UINT32_MAX) {
				umpire_buf_puts(out, ", against: any");
			} else {
				umpire_buf_puts(out, ", against: [");
				int n = 0;
				for (int c = 0; c < BGW_CARDS; c++)
					if (r->against & (1u << c))
						umpire_buf_printf(out, "%s%s", n++ ? ", " : "",
							bgw_cards[c].name);
				umpire_buf_puts(out, "]");
			}
		} else if (r->card != BGW_EVOCATION && r->card != BGW_SABOTAGE) {
			if (r->when)
				umpire_buf_printf(out, ", when: %d", r->when);
			else
				umpire_buf_puts(out, ", when: doubles");
		}
		umpire_buf_puts(out, "}\n");
	}
	umpire_buf_puts(out, "```\n");
}
