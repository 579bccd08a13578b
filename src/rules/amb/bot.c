/*
 * bot.c - uniformly random legal orders for Army Man Backgammon.
 *
 * "Uniform" is over distinct orders: every legal sequence of moves and
 * attacks that uses the most dice (AMB-12), each attack at one target,
 * times every choice of the Stance Phase (no change, or one man who may
 * live to it to one of his three other stances, AMB-14).  Which target
 * an attack names changes what else the turn may do only when a move
 * may follow onto the target's row, by deciding who may live; for the
 * other targets the search weighs the attack by their number instead of
 * branching on them (amb_each_next), and one pass of weighted reservoir
 * sampling picks a turn without storing them.
 */
#include <string.h>

#include "amb.h"

struct pick {
	const struct amb_game *g;
	struct umpire_rng *rng;
	int want;		/* the most dice a turn can use */
	uint64_t weight;	/* orders the current partial turn stands for */
	uint64_t total;		/* weight seen so far */
	struct amb_play cur, chosen;
	/* Per action: an attack whose target is still to be drawn, from
	 * those whose death does not matter. */
	bool draw[AMB_MAX_DICE], chosen_draw[AMB_MAX_DICE];
};

static uint64_t
stance_choices(const struct amb_board *b, int side)
{
	uint64_t alive = 0;

	for (int i = 0; i < AMB_MAX_MEN; i++)
		alive += b->best_row[side][i] != 0;
	return 1 + (AMB_STANCES - 1) * alive;
}

static bool walk_next(void *ctx, const struct amb_action *a,
	const struct amb_board *b, const struct amb_turn *t, uint64_t ways);

static void
walk(struct pick *p, const struct amb_board *b, const struct amb_turn *t)
{
	const struct amb_game *g = p->g;

	if (amb_turn_complete(g, t, NULL, 0) && amb_turn_value(g, t) == p->want) {
		uint64_t w = p->weight * (t->won ? 1 : stance_choices(b, t->side));
		p->total += w;
		if (umpire_rng_below(p->rng, p->total) < w) {
			p->chosen = p->cur;
			memcpy(p->chosen_draw, p->draw, sizeof(p->draw));
		}
	}
	amb_each_next(g, b, t, walk_next, p);
}

static bool
walk_next(void *ctx, const struct amb_action *a, const struct amb_board *b,
	const struct amb_turn *t, uint64_t ways)
{
	struct pick *p = ctx;
	uint64_t weight = p->weight;

	p->draw[p->cur.n] = ways > 1;
	p->cur.a[p->cur.n++] = *a;
	p->weight *= ways;
	walk(p, b, t);
	p->weight = weight;
	p->cur.n--;
	return true;
}

void
amb_bot(struct umpire_ctx *ctx, const void *game, struct umpire_rng *rng,
	struct umpire_node *orders)
{
	const struct amb_game *g = game;
	struct umpire_arena *a = ctx->arena;
	struct pick p = { .g = g, .rng = rng, .weight = 1 };
	struct amb_board b;
	struct amb_turn t;
	int side = g->to_move, enemy = !side;

	if (g->laying) {
		amb_mines_bot(ctx, g, rng, orders);
		return;
	}
	p.want = amb_most_dice(g, NULL);
	amb_board_init(&b, g);
	amb_turn_init(&t, g);
	walk(&p, &b, &t);

	/* Replay the chosen turn, drawing each attack's target. */
	struct umpire_node *list = umpire_map_add(a, orders, "actions",
		umpire_node_seq(a, false));
	amb_board_init(&b, g);
	amb_turn_init(&t, g);
	for (int i = 0; i < p.chosen.n; i++) {
		struct amb_action act = p.chosen.a[i];
		struct umpire_node *n = umpire_seq_add(a, list,
			umpire_node_map(a, true));
		umpire_map_add(a, n, act.kind == AMB_MOVE ? "move" : "attack",
			umpire_node_str(a, g->men[side][act.man].id));
		umpire_map_add(a, n, "die", umpire_node_int(a, act.die));
		if (act.kind == AMB_ATTACK) {
			int targets[AMB_MAX_IN_RANGE], k = 0;
			int in_range = amb_targets(g, &b, side, act.man, act.die,
				targets);
			for (int j = 0; j < in_range; j++)
				if (!amb_kill_matters(g, &b, &t, act.die,
				    b.row[enemy][targets[j]]))
					targets[k++] = targets[j];
			if (p.chosen_draw[i])
				act.targets[0] = targets[umpire_rng_below(rng,
					(uint64_t)k)];
			umpire_map_add(a, n, "target", umpire_node_str(a,
				g->men[enemy][act.targets[0]].id));
		}
		amb_try(g, &b, &t, &act, NULL, 0);
	}
	if (t.won)
		return;
	uint64_t k = umpire_rng_below(rng, stance_choices(&b, side));
	if (k == 0)
		return;
	k--;
	for (int i = 0; i < g->nmen[side]; i++) {
		if (!b.best_row[side][i])
			continue;
		if (k >= AMB_STANCES - 1) {
			k -= AMB_STANCES - 1;
			continue;
		}
		/* The k-th stance other than his own. */
		int to = (int)k + ((int)k >= (int)g->men[side][i].stance);
		struct umpire_node *st = umpire_map_add(a, orders, "stance",
			umpire_node_map(a, true));
		umpire_map_add(a, st, "man", umpire_node_str(a, g->men[side][i].id));
		umpire_map_add(a, st, "to", umpire_node_str(a, amb_stances[to].name));
		return;
	}
}

/*
 * No decision of AMB's is empty: a turn may always change one man's
 * stance (AMB-14) whatever the dice allow, and laying minefields always
 * has a choice of rows (AMB-17).
 */
bool
amb_empty(struct umpire_ctx *ctx, const void *game, struct umpire_node *orders,
	struct umpire_buf *why)
{
	(void)ctx; (void)game; (void)orders; (void)why;
	return false;
}

/*
 * Level 2's rating of a game for player (umpire-amb(7), "The bot"): 100
 * for each man of his alive more than the enemy's, 10 for each row his
 * foremost man is ahead of the enemy's foremost (the race to move a man
 * off), and a row for each row all his men have gone forward, less the
 * enemy's.
 */
long long
amb_evaluate(const void *game, const char *player, const char *ruling)
{
	(void)ruling;	/* one rating in every version so far */
	const struct amb_game *g = game;
	int me = strcmp(player, amb_sides[AMB_TAN]) == 0;
	long long v = 0;

	for (int s = 0; s < 2; s++) {
		long long sign = s == me ? 1 : -1, alive = 0, sum = 0, front = 0;
		for (int i = 0; i < g->nmen[s]; i++) {
			const struct amb_man *m = &g->men[s][i];
			if (m->dead)
				continue;
			int ahead = s == AMB_GREEN ? m->row : AMB_ROWS + 1 - m->row;
			alive++;
			sum += ahead;
			if (ahead > front)
				front = ahead;
		}
		v += sign * (100 * alive + 10 * front + sum);
	}
	return v;
}

/*
 * What player may imagine of the secrets he does not know (ruleset.h,
 * imagine): where his enemy's minefields lie that have not gone off or
 * been cleared, laid again as the bot lays them (amb_mines_bot), the
 * row of two and the row of one on the enemy's half, drawn with rng.
 */
void
amb_imagine(void *game, const char *player, struct umpire_rng *rng)
{
	struct amb_game *g = game;
	int foe = strcmp(player, amb_sides[AMB_TAN]) == 0 ? AMB_GREEN : AMB_TAN;
	int base = foe == AMB_GREEN ? 1 : AMB_HALF + 1;

	if (!g->opt.mine_detector || !g->laid[foe] || !g->secret)
		return;
	int two = (int)umpire_rng_below(rng, AMB_HALF);
	int one = (int)umpire_rng_below(rng, AMB_HALF - 1);
	one += one >= two;
	const int rows[AMB_MINEFIELDS] = { base + two, base + two, base + one };
	for (int i = 0; i < AMB_MINEFIELDS; i++)
		if (!g->mines[foe][i].known)
			g->mines[foe][i].row = rows[i];
}
