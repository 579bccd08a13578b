/*
 * round.c - who decides what, when, and how a VSGMR game ends: the
 * order of a round's decisions (II), the end of the game and its
 * scores (II, VIII), solo play's sequence (X) and Spawning's die.
 *
 * Nothing here looks at the table or rolls a die: the caller says which
 * players still have figures and which can act in a phase, draws the
 * dice and judges them (fight.c), and this file says whose decision
 * comes next.  Asking again after every step, with the table as it now
 * is, is what lets a player destroyed in the middle of a round, or a
 * figure that can no longer fight, drop out of the order by itself.
 */
#include <string.h>

#include "game/result.h"
#include "vsgmr.h"

const char *const vs_phase_names[VS_PHASES] = {
	"initiative", "move", "distance", "hand-to-hand", "skill",
};

const char *const vs_scenario_names[VS_SCENARIOS] = {
	"basic", "escape", "transport", "spawning", "ambush",
	"fortress-assault",
};

const char *const vs_edge_names[VS_EDGES] = {
	"own", "right", "opposite", "left",
};

/* Players 0 to n-1, n at most VS_MAX_PLAYERS: fewer bits than unsigned's. */
static unsigned
everyone(int n)
{
	return (1u << n) - 1u;
}

static int
count(unsigned set)
{
	int k = 0;

	for (; set; set &= set - 1)
		k++;
	return k;
}

static bool
in(unsigned set, int player)
{
	return player >= 0 && player < VS_MAX_PLAYERS && ((set >> player) & 1u);
}

/* ------------------------------------------------------------------ round */

int
vs_round_init(struct vs_round *out, int players, int rounds, enum vs_end end)
{
	memset(out, 0, sizeof(*out));
	if (players < 1 || players > VS_MAX_PLAYERS || rounds < 0)
		return -1;
	out->players = players;
	out->rounds = rounds;
	out->end = end;
	out->winner = -1;
	out->first = -1;
	out->player = -1;
	return 0;
}

static bool
position_ok(const struct vs_round *pos)
{
	return pos->players >= 1 && pos->players <= VS_MAX_PLAYERS &&
		pos->phase < VS_PHASES;
}

/* The last round: the scenario's, or umpire's own cap (VS-45, VS-52). */
static int
last_round(const struct vs_round *pos)
{
	return pos->rounds ? pos->rounds : VS_MAX_ROUNDS;
}

/* Whether the fall of forces has ended the game (VS-45): destroyed, a
 * player's whole force defeated; alive, players who can take turns. */
static bool
fallen(struct vs_round *pos, unsigned alive, unsigned destroyed)
{
	destroyed &= everyone(pos->players);
	alive &= everyone(pos->players) & ~destroyed;
	/* II: "one player's entire group of figures is destroyed"; one
	 * whose last figures left the table is not (VI). */
	if (pos->end == VS_END_FIRST_FALLEN && destroyed) {
		pos->over = VS_OVER_FALLEN;
		return true;
	}
	if (pos->end == VS_END_LAST_STANDING && count(alive) < 2) {
		pos->over = VS_OVER_LAST;
		return true;
	}
	/* Nobody left to act: whatever the scenario, nothing can happen. */
	if (!alive) {
		pos->over = VS_OVER_STALLED;
		return true;
	}
	return false;
}

static int
game_over(struct vs_round *pos)
{
	pos->player = -1;
	return VS_GAME_OVER;
}

unsigned
vs_round_rollers(const struct vs_round *pos, unsigned alive)
{
	alive &= everyone(pos->players);
	/* X: "Determine which side will act first", once, at set-up. */
	if (pos->solo)
		return pos->round == 0 ? alive : 0;
	return alive;					/* VS-42 */
}

unsigned
vs_round_activation(const struct vs_round *pos, unsigned alive)
{
	/* X: "At the very beginning of each turn, for each side" (VS-54). */
	return pos->solo ? alive & everyone(pos->players) : 0;
}

bool
vs_round_by_bot(const struct vs_round *pos)
{
	return in(pos->bots, pos->player);
}

int
vs_round_begin(struct vs_round *pos, int winner, unsigned alive,
	unsigned destroyed, const unsigned *able)
{
	if (!position_ok(pos))
		return -1;
	if (pos->round >= last_round(pos)) {
		pos->over = VS_OVER_ROUNDS;
		return game_over(pos);
	}
	if (fallen(pos, alive, destroyed))
		return game_over(pos);
	alive &= ~destroyed;
	bool settled = pos->solo && pos->round > 0;	/* VS-54 */
	if (!settled && !in(alive, winner))
		return -1;
	pos->round++;
	pos->phase = VS_PHASE_INITIATIVE;
	pos->acts = 0;
	if (settled)
		return vs_round_next(pos, alive, destroyed, able);
	pos->winner = winner;
	pos->player = winner;
	/* X's highest die acts first, no choosing; and with nobody else
	 * taking turns there is nothing to choose (VS-43). */
	if (pos->solo || count(alive & everyone(pos->players)) < 2) {
		pos->first = winner;
		return vs_round_next(pos, alive, destroyed, able);
	}
	pos->first = -1;
	return VS_DECIDE;
}

int
vs_round_choose(struct vs_round *pos, int first, unsigned alive)
{
	if (!position_ok(pos) || pos->phase != VS_PHASE_INITIATIVE ||
	    pos->round < 1 || first >= pos->players || !in(alive, first))
		return -1;
	pos->first = first;
	return 0;
}

int
vs_round_next(struct vs_round *pos, unsigned alive, unsigned destroyed,
	const unsigned *able)
{
	int n = pos->players;

	if (!position_ok(pos) || pos->round < 1 || pos->first < 0 ||
	    pos->first >= n || (pos->phase != VS_PHASE_INITIATIVE &&
	    (pos->player < 0 || pos->player >= n)))
		return -1;
	if (fallen(pos, alive, destroyed))
		return game_over(pos);
	alive &= ~destroyed;
	/* From the choice, the first player's movement; else the seat after
	 * the one just awaited.  Seats go round from the starting player
	 * (VS-41), each asked again of who is still there (VS-42, VS-44). */
	int phase = pos->phase, k = 0;
	if (phase == VS_PHASE_INITIATIVE)
		phase = VS_PHASE_MOVE;
	else
		k = (pos->player - pos->first + n) % n + 1;
	for (; phase < VS_PHASES; phase++, k = 0) {
		unsigned awaited = alive & (able ? able[phase] : ~0u);
		for (; k < n; k++) {
			int p = (pos->first + k) % n;
			if (in(awaited, p)) {
				pos->phase = (enum vs_phase)phase;
				pos->player = p;
				pos->acts++;
				return VS_DECIDE;
			}
		}
	}
	pos->phase = VS_PHASE_SKILL;
	pos->player = -1;
	/* A round with nobody to ask leaves the table as it was (VS-45). */
	if (!pos->acts) {
		pos->over = VS_OVER_STALLED;
		return game_over(pos);
	}
	if (pos->round >= last_round(pos)) {
		pos->over = VS_OVER_ROUNDS;
		return game_over(pos);
	}
	return VS_ROUND_OVER;
}

/* ---------------------------------------------------------------- ending */

void
vs_ending_of(struct vs_ending *out, enum vs_scenario s)
{
	memset(out, 0, sizeof(*out));
	out->rounds = VS_ROUNDS;
	out->end = VS_END_FIRST_FALLEN;
	out->win = VS_WIN_POINTS;
	switch (s) {
	case VS_BASIC:
	case VS_ESCAPE:
	case VS_TRANSPORT:
	case VS_SCENARIOS:
		break;
	case VS_SPAWNING:
		out->sides = true;			/* VS-48, VS-51 */
		break;
	case VS_AMBUSH:
		out->rounds = 0;			/* VS-52 */
		out->end = VS_END_SCENARIO;
		out->sides = true;
		break;
	case VS_FORTRESS:
		out->end = VS_END_SCENARIO;		/* VS-53 */
		out->sides = true;
		break;
	}
}

int
vs_score(long long *out, int n, enum vs_win win, const int *defeated,
	unsigned alive, unsigned side)
{
	if (n < 1 || n > VS_MAX_PLAYERS || (win == VS_WIN_POINTS && !defeated))
		return -1;
	unsigned all = everyone(n);
	long long pool[2] = { 0, 0 };	/* the side's, the other's */

	side &= all;
	for (int i = 0; i < n; i++) {
		/* VS-46, VS-47 */
		out[i] = win == VS_WIN_SURVIVORS ? in(alive, i) : defeated[i];
		long long *to = &pool[!in(side, i)];
		if (win == VS_WIN_SURVIVORS)
			*to = *to || out[i];
		else
			*to += out[i];
	}
	/* A side wins or loses together (VS-48). */
	if (side)
		for (int i = 0; i < n; i++)
			out[i] = pool[!in(side, i)];
	return 0;
}

void
vs_score_winners(long long *out, int n, unsigned winners)
{
	for (int i = 0; i < n && i < VS_MAX_PLAYERS; i++)
		out[i] = in(winners, i);
}

int
vs_result_rank(struct umpire_result *r, const long long *score, int n)
{
	if (n < 1 || (size_t)n != r->n)
		return -1;
	/* The result lists the players in the game's order, which is the
	 * seat order (VS-41). */
	for (int i = 0; i < n; i++)
		umpire_result_score(r, r->v[i].player, score[i]);
	umpire_result_rank_by_score(r);
	return 0;
}

unsigned
vs_escape_winners(const int *start, const int *across, int n)
{
	unsigned won = 0;

	/* "More than half his original number of figures" (VS-49). */
	for (int i = 0; i < n && i < VS_MAX_PLAYERS; i++)
		if (start[i] > 0 && 2 * across[i] > start[i])
			won |= 1u << i;
	return won;
}

int
vs_transport_winner(int holder, enum vs_edge at)
{
	/* "Back to the side ... where his force began" (VS-50). */
	return holder >= 0 && at == VS_EDGE_OWN ? holder : -1;
}

bool
vs_ambush_end(int n, unsigned ambushers, unsigned standing)
{
	unsigned all = everyone(n);

	ambushers &= all;
	standing &= all;
	/* "All Ambusher figures or all Target figures" (VS-52). */
	return !(standing & ambushers) || !(standing & ~ambushers);
}

int
vs_fortress_hits(unsigned assaulters)
{
	int k = count(assaulters);

	/* "2 times (+1 time per additional Assaulter player after the
	 * first)" (VS-53). */
	return 2 + (k > 1 ? k - 1 : 0);
}

bool
vs_fortress_end(unsigned *winners, int n, unsigned assaulters,
	unsigned standing, int hits)
{
	unsigned all = everyone(n);
	unsigned a = standing & assaulters & all;
	unsigned d = standing & ~assaulters & all;

	*winners = 0;
	/* The building down with Assaulters left to win, theirs; no
	 * Assaulter left, the Defenders' (VS-53). */
	if (hits >= vs_fortress_hits(assaulters & all) && a) {
		*winners = a;
		return true;
	}
	if (!a) {
		*winners = d;
		return true;
	}
	return false;
}

/* --------------------------------------------------------------- spawning */

int
vs_spawn_judge(struct vs_spawn *out, int die)
{
	/* VIII, Spawning, face by face: 1 opposite, 2 right, 3 own, 4
	 * left, 5 the player's choice, 6 none. */
	static const enum vs_edge edge[6] = {
		VS_EDGE_OPPOSITE, VS_EDGE_RIGHT, VS_EDGE_OWN, VS_EDGE_LEFT,
		VS_EDGES, VS_EDGES,
	};

	memset(out, 0, sizeof(*out));
	if (die < 1 || die > 6)
		return -1;
	out->die = die;
	out->place = die != 6;
	out->choose = die == 5;
	out->edge = edge[die - 1];
	return 0;
}

bool
vs_spawn_due(const struct vs_round *pos, unsigned spawners, unsigned to_come)
{
	/* "When a Spawner player's turn begins": his movement (VS-51). */
	return pos->phase == VS_PHASE_MOVE && in(spawners & to_come,
		pos->player);
}
