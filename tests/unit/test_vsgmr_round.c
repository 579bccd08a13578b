/*
 * test_vsgmr_round - who decides what, when, and how a VSGMR game ends
 * (src/rules/vsgmr/round.c): whole rounds walked for 2, 3, 4 and 8
 * players, players passed over, the game's ends, scores and ranks,
 * each scenario's own end (VIII), solo play (X) and Spawning's die.
 *
 * A walk is written as the decisions it awaits, in order: a player's
 * letter (A is seat 0) and the decision's initial, i the initiative
 * choice, m movement, d distance attacks, h hand to hand, s skill
 * rolls; "|" a round over, "#" the game over.  Every expected walk is
 * spelt out by hand from the rulebook, never asked of round.c.
 */
#include "game/result.h"
#include "rules/vsgmr/vsgmr.h"
#include "unit.h"

#define A 0x01u
#define B 0x02u
#define C 0x04u
#define D 0x08u
#define E 0x10u
#define F 0x20u
#define G 0x40u
#define H 0x80u

enum { PA, PB, PC, PD, PE, PF, PG, PH };

#define MAX_ROUNDS 12

/* What the table does during a walk. */
struct plan {
	int players, rounds;
	enum vs_end end;
	bool solo;
	unsigned alive;		/* at the start */
	const unsigned *able;	/* NULL: everyone in every phase */
	int winner[MAX_ROUNDS];	/* the initiative's, by round */
	int choice[MAX_ROUNDS];	/* the winner's choice */
	int fall_after;		/* after so many decisions (0: never) */
	unsigned fall;		/* these players' figures all gone */
	int fall_after2;	/* and again */
	unsigned fall2;
	unsigned off;		/* of those, the ones whose last figures
				   left the table: not destroyed (VS-45) */
};

struct walked {
	char text[1024];
	struct vs_round pos;
	unsigned alive;
	unsigned destroyed;
};

static void
append(struct walked *w, const char *s)
{
	size_t len = strlen(w->text);

	snprintf(w->text + len, sizeof(w->text) - len, "%s%s", len ? " " :
		"", s);
}

static void
walk(struct walked *w, const struct plan *pl)
{
	static const char initial[VS_PHASES] = { 'i', 'm', 'd', 'h', 's' };
	int decisions = 0, r;

	memset(w, 0, sizeof(*w));
	w->alive = pl->alive;
	assert_int_equal(vs_round_init(&w->pos, pl->players, pl->rounds,
	    pl->end), 0);
	w->pos.solo = pl->solo;
	r = vs_round_begin(&w->pos, pl->winner[0], w->alive, w->destroyed,
	    pl->able);
	for (int guard = 0; guard < 500; guard++) {
		if (r == VS_DECIDE) {
			char tok[3] = { (char)('A' + w->pos.player),
				initial[w->pos.phase], 0 };
			append(w, tok);
			decisions++;
			if (decisions == pl->fall_after) {
				w->alive &= ~pl->fall;
				w->destroyed |= pl->fall & ~pl->off;
			}
			if (decisions == pl->fall_after2) {
				w->alive &= ~pl->fall2;
				w->destroyed |= pl->fall2 & ~pl->off;
			}
			if (w->pos.phase == VS_PHASE_INITIATIVE)
				assert_int_equal(vs_round_choose(&w->pos,
				    pl->choice[w->pos.round - 1], w->alive), 0);
			r = vs_round_next(&w->pos, w->alive, w->destroyed,
			    pl->able);
		} else if (r == VS_ROUND_OVER) {
			append(w, "|");
			int k = w->pos.round < MAX_ROUNDS ? w->pos.round :
				MAX_ROUNDS - 1;
			r = vs_round_begin(&w->pos, pl->winner[k], w->alive,
				w->destroyed, pl->able);
		} else if (r == VS_GAME_OVER) {
			append(w, "#");
			return;
		} else {
			append(w, "!");
			return;
		}
	}
	fail_msg("no end after 500 steps: %s", w->text);
}

#define assert_walk(w, want) do {					\
	if (strcmp((w)->text, (want)))					\
		fail_msg("walked\n  %s\nwanted\n  %s", (w)->text, (want)); \
} while (0)

/* ---------------------------------------------------------------- names */

static void
names(void **state)
{
	static const char *const phases[VS_PHASES] = {
		"initiative", "move", "distance", "hand-to-hand", "skill",
	};
	static const char *const scenarios[VS_SCENARIOS] = {
		"basic", "escape", "transport", "spawning", "ambush",
		"fortress-assault",
	};
	static const char *const edges[VS_EDGES] = {
		"own", "right", "opposite", "left",
	};

	(void)state;
	for (int i = 0; i < VS_PHASES; i++)
		assert_string_equal(vs_phase_names[i], phases[i]);
	for (int i = 0; i < VS_SCENARIOS; i++)
		assert_string_equal(vs_scenario_names[i], scenarios[i]);
	for (int i = 0; i < VS_EDGES; i++)
		assert_string_equal(vs_edge_names[i], edges[i]);
	assert_int_equal(VS_ROUNDS, 5);
}

/* ----------------------------------------------------------- whole rounds */

/* II: two players, five rounds, the winner choosing each time; the game
 * ends when round 5's skill rolls are done (VS-45). */
static void
two_players_five_rounds(void **state)
{
	struct plan pl = {
		.players = 2, .rounds = VS_ROUNDS, .alive = A | B,
		.winner = { PA, PB, PB, PA, PB },
		.choice = { PA, PA, PB, PB, PA },
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w,
	    "Ai Am Bm Ad Bd Ah Bh As Bs | "
	    "Bi Am Bm Ad Bd Ah Bh As Bs | "
	    "Bi Bm Am Bd Ad Bh Ah Bs As | "
	    "Ai Bm Am Bd Ad Bh Ah Bs As | "
	    "Bi Am Bm Ad Bd Ah Bh As Bs #");
	assert_int_equal(w.pos.round, 5);
	assert_int_equal(w.pos.over, VS_OVER_ROUNDS);
	assert_int_equal(w.pos.player, -1);
}

/* II: "The person to the starting player's left takes the next turn":
 * the next seat (VS-41). */
static void
three_players(void **state)
{
	struct plan pl = {
		.players = 3, .rounds = 2, .alive = A | B | C,
		.winner = { PA, PC }, .choice = { PB, PC },
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w,
	    "Ai Bm Cm Am Bd Cd Ad Bh Ch Ah Bs Cs As | "
	    "Ci Cm Am Bm Cd Ad Bd Ch Ah Bh Cs As Bs #");
}

static void
four_players(void **state)
{
	struct plan pl = {
		.players = 4, .rounds = 1, .alive = A | B | C | D,
		.winner = { PC }, .choice = { PD },
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w,
	    "Ci Dm Am Bm Cm Dd Ad Bd Cd Dh Ah Bh Ch Ds As Bs Cs #");
	assert_int_equal(w.pos.winner, PC);
	assert_int_equal(w.pos.first, PD);
}

static void
eight_players(void **state)
{
	struct plan pl = {
		.players = 8, .rounds = 2, .alive = 0xffu,
		.winner = { PA, PH }, .choice = { PF, PA },
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w,
	    "Ai "
	    "Fm Gm Hm Am Bm Cm Dm Em "
	    "Fd Gd Hd Ad Bd Cd Dd Ed "
	    "Fh Gh Hh Ah Bh Ch Dh Eh "
	    "Fs Gs Hs As Bs Cs Ds Es | "
	    "Hi "
	    "Am Bm Cm Dm Em Fm Gm Hm "
	    "Ad Bd Cd Dd Ed Fd Gd Hd "
	    "Ah Bh Ch Dh Eh Fh Gh Hh "
	    "As Bs Cs Ds Es Fs Gs Hs #");
}

/* VS-44: a player is awaited in a phase only with a figure that can act
 * in it; one with none in any phase but movement still moves. */
static void
only_the_able(void **state)
{
	/* Distance: B and D have shooters; hand to hand: only C touches an
	 * enemy; skill: A and C have guys on foot. */
	static const unsigned able[VS_PHASES] = {
		0, A | B | C | D, B | D, C, A | C,
	};
	struct plan pl = {
		.players = 4, .rounds = 1, .alive = A | B | C | D,
		.able = able, .winner = { PB }, .choice = { PC },
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w, "Bi Cm Dm Am Bm Dd Bd Ch Cs As #");
}

/* A phase nobody can act in is passed over whole. */
static void
a_phase_passed_over(void **state)
{
	static const unsigned able[VS_PHASES] = { 0, A | B, 0, 0, B };
	struct plan pl = {
		.players = 2, .rounds = 1, .alive = A | B, .able = able,
		.winner = { PA }, .choice = { PB },
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w, "Ai Bm Am Bs #");
}

/* VS-42: with a scenario that plays on, a player whose last figure
 * falls in B's distance attacks is passed over for the rest of the
 * round, and rolls and plays no more. */
static void
destroyed_mid_round(void **state)
{
	struct plan pl = {
		.players = 3, .rounds = 2, .end = VS_END_LAST_STANDING,
		.alive = A | B | C, .winner = { PB, PA }, .choice = { PB, PB },
		.fall_after = 5, .fall = C,
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w,
	    "Bi Bm Cm Am Bd Ad Bh Ah Bs As | "
	    "Ai Bm Am Bd Ad Bh Ah Bs As #");
	assert_int_equal(w.pos.over, VS_OVER_ROUNDS);
	assert_int_equal(vs_round_rollers(&w.pos, w.alive), A | B);
}

/* The starting player himself destroyed in the round: the order goes
 * on round the table from his seat. */
static void
starter_destroyed(void **state)
{
	struct plan pl = {
		.players = 4, .rounds = 1, .end = VS_END_SCENARIO,
		.alive = A | B | C | D, .winner = { PA }, .choice = { PC },
		.fall_after = 3, .fall = C,
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	/* C falls in D's move (the third decision). */
	assert_walk(&w, "Ai Cm Dm Am Bm Dd Ad Bd Dh Ah Bh Ds As Bs #");
}

/* VS-45: II's literal end, with any number of players: the step that
 * leaves one player with no figures ends the game there. */
static void
first_fallen_ends_at_once(void **state)
{
	struct plan pl = {
		.players = 3, .rounds = VS_ROUNDS, .alive = A | B | C,
		.winner = { PB, PC }, .choice = { PB, PA },
		.fall_after = 15, .fall = C,
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w,
	    "Bi Bm Cm Am Bd Cd Ad Bh Ch Ah Bs Cs As | Ci Am #");
	assert_int_equal(w.pos.over, VS_OVER_FALLEN);
	assert_int_equal(w.pos.round, 2);
}

/* A scenario's last force standing: the game goes on until one player
 * is left. */
static void
last_standing(void **state)
{
	struct plan pl = {
		.players = 3, .rounds = 2, .end = VS_END_LAST_STANDING,
		.alive = A | B | C, .winner = { PA, PC }, .choice = { PA, PA },
		.fall_after = 3, .fall = B,
	};
	struct walked w;

	(void)state;
	/* B falls in his own move. */
	walk(&w, &pl);
	assert_walk(&w,
	    "Ai Am Bm Cm Ad Cd Ah Ch As Cs | "
	    "Ci Am Cm Ad Cd Ah Ch As Cs #");
	assert_int_equal(w.pos.over, VS_OVER_ROUNDS);
	/* A has won no initiative he did not roll for (VS-42). */
	pl.winner[1] = PB;
	walk(&w, &pl);
	assert_walk(&w, "Ai Am Bm Cm Ad Cd Ah Ch As Cs | !");
	/* A falls too, in his skill rolls: C is the last standing. */
	pl.fall_after2 = 9;
	pl.fall2 = A;
	walk(&w, &pl);
	assert_walk(&w, "Ai Am Bm Cm Ad Cd Ah Ch As #");
	assert_int_equal(w.pos.over, VS_OVER_LAST);
	assert_int_equal(w.pos.round, 1);
}

/* VS-43: with nobody else taking turns the choice is not asked. */
static void
choice_made_for_him(void **state)
{
	struct plan pl = {
		.players = 3, .rounds = 1, .end = VS_END_SCENARIO,
		.alive = B, .winner = { PB },
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w, "Bm Bd Bh Bs #");
	assert_int_equal(w.pos.first, PB);
}

/* VS-45: a round with nobody to ask ends the game. */
static void
stalled(void **state)
{
	static const unsigned none[VS_PHASES] = { 0 };
	struct plan pl = {
		.players = 2, .rounds = 0, .end = VS_END_SCENARIO,
		.alive = A | B, .able = none, .winner = { PA },
		.choice = { PB },
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w, "Ai #");
	assert_int_equal(w.pos.over, VS_OVER_STALLED);
}

/* VS-52: no round limit: the game goes on past round 5. */
static void
no_round_limit(void **state)
{
	static const unsigned able[VS_PHASES] = { 0, A | B, 0, 0, 0 };
	struct plan pl = {
		.players = 2, .rounds = 0, .end = VS_END_SCENARIO,
		.alive = A | B, .able = able,
		.winner = { PA, PA, PA, PA, PA, PA, PA },
		.choice = { PA, PA, PA, PA, PA, PA, PA },
		.fall_after = 20, .fall = A | B,
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w,
	    "Ai Am Bm | Ai Am Bm | Ai Am Bm | Ai Am Bm | Ai Am Bm | "
	    "Ai Am Bm | Ai Am #");
	assert_int_equal(w.pos.round, 7);
	/* Nobody left to take turns: nothing can change (VS-45). */
	assert_int_equal(w.pos.over, VS_OVER_STALLED);
}

/* VS-45: a player whose last figure leaves the table (here C's flees
 * off it from fear in A's move) is not destroyed, VI's "out of the
 * game": he takes no more turns, and II's game goes on. */
static void
fled_off_goes_on(void **state)
{
	struct plan pl = {
		.players = 3, .rounds = 2, .alive = A | B | C,
		.winner = { PB, PA }, .choice = { PB, PA },
		.fall_after = 15, .fall = C, .off = C,
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w,
	    "Bi Bm Cm Am Bd Cd Ad Bh Ch Ah Bs Cs As | "
	    "Ai Am Bm Ad Bd Ah Bh As Bs #");
	assert_int_equal(w.pos.over, VS_OVER_ROUNDS);
	assert_int_equal(w.pos.round, 2);
	/* He rolls no initiative after. */
	assert_int_equal(vs_round_rollers(&w.pos, w.alive), A | B);
}

/* The same step with C's last figure killed: II's end, at once. */
static void
killed_ends(void **state)
{
	struct plan pl = {
		.players = 3, .rounds = 2, .alive = A | B | C,
		.winner = { PB, PA }, .choice = { PB, PA },
		.fall_after = 15, .fall = C,
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w,
	    "Bi Bm Cm Am Bd Cd Ad Bh Ch Ah Bs Cs As | Ai Am #");
	assert_int_equal(w.pos.over, VS_OVER_FALLEN);
	assert_int_equal(w.pos.round, 2);
}

/* Recruited is "defeated" (V): B's last figure, recruited in A's hand
 * to hand, leaves B destroyed and ends the game. */
static void
recruited_ends(void **state)
{
	struct plan pl = {
		.players = 2, .rounds = VS_ROUNDS, .alive = A | B,
		.winner = { PA }, .choice = { PA },
		.fall_after = 6, .fall = B,
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w, "Ai Am Bm Ad Bd Ah #");
	assert_int_equal(w.pos.over, VS_OVER_FALLEN);
}

/* Escape (VIII): A's last two figures get across, too few to win; B and
 * C play on to the end of round 5 (VS-45, VS-49). */
static void
escaped_goes_on(void **state)
{
	static const unsigned able[VS_PHASES] = { 0, A | B | C, 0, 0, 0 };
	struct plan pl = {
		.players = 3, .rounds = VS_ROUNDS, .alive = A | B | C,
		.able = able,
		.winner = { PA, PB, PC, PB, PC }, .choice = { PA, PB, PC, PB, PC },
		.fall_after = 2, .fall = A, .off = A,
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w,
	    "Ai Am Bm Cm | Bi Bm Cm | Ci Cm Bm | Bi Bm Cm | Ci Cm Bm #");
	assert_int_equal(w.pos.over, VS_OVER_ROUNDS);
}

/* destroyed wins over alive: never awaited; and all gone off the table
 * with nobody destroyed stalls (VS-45). */
static void
destroyed_and_alive(void **state)
{
	struct vs_round pos;

	(void)state;
	assert_int_equal(vs_round_init(&pos, 3, 5, VS_END_SCENARIO), 0);
	assert_int_equal(vs_round_begin(&pos, PC, A | B | C, C, NULL), -1);
	assert_int_equal(vs_round_begin(&pos, PA, A | B | C, C, NULL),
	    VS_DECIDE);
	assert_int_equal(vs_round_choose(&pos, PB, A | B | C), 0);
	assert_int_equal(vs_round_next(&pos, A | B | C, C, NULL), VS_DECIDE);
	assert_int_equal(pos.player, PB);
	assert_int_equal(vs_round_next(&pos, A | B | C, C, NULL), VS_DECIDE);
	assert_int_equal(pos.player, PA);
	assert_int_equal(pos.phase, VS_PHASE_MOVE);
	/* Everybody's last figure off the table. */
	assert_int_equal(vs_round_next(&pos, 0, C, NULL), VS_GAME_OVER);
	assert_int_equal(pos.over, VS_OVER_STALLED);

	assert_int_equal(vs_round_init(&pos, 2, 5, VS_END_FIRST_FALLEN), 0);
	assert_int_equal(vs_round_begin(&pos, PA, A | B, 0, NULL), VS_DECIDE);
	assert_int_equal(vs_round_choose(&pos, PA, A | B), 0);
	assert_int_equal(vs_round_next(&pos, 0, 0, NULL), VS_GAME_OVER);
	assert_int_equal(pos.over, VS_OVER_STALLED);
	/* II: destroyed ends it even with the mask of alive stale. */
	assert_int_equal(vs_round_init(&pos, 2, 5, VS_END_FIRST_FALLEN), 0);
	assert_int_equal(vs_round_begin(&pos, PA, A | B, B, NULL),
	    VS_GAME_OVER);
	assert_int_equal(pos.over, VS_OVER_FALLEN);
}

/* VS-52, VS-45: with no round limit, umpire's own cap, 100 rounds, ends
 * a game nobody can finish: both players pass every decision. */
static void
round_cap(void **state)
{
	struct vs_ending e;
	struct vs_round pos;
	int r, decisions = 0, rounds_over = 0;

	(void)state;
	assert_int_equal(VS_MAX_ROUNDS, 100);
	vs_ending_of(&e, VS_AMBUSH);
	assert_int_equal(e.rounds, 0);
	assert_int_equal(vs_round_init(&pos, 2, e.rounds, e.end), 0);
	r = vs_round_begin(&pos, PA, A | B, 0, NULL);
	for (int guard = 0; r != VS_GAME_OVER && guard < 5000; guard++) {
		if (r == VS_DECIDE) {
			decisions++;
			if (pos.phase == VS_PHASE_INITIATIVE)
				assert_int_equal(vs_round_choose(&pos, PB, A | B),
				    0);
			r = vs_round_next(&pos, A | B, 0, NULL);
		} else if (r == VS_ROUND_OVER) {
			rounds_over++;
			r = vs_round_begin(&pos, PB, A | B, 0, NULL);
		} else {
			fail_msg("step %d", r);
		}
	}
	assert_int_equal(r, VS_GAME_OVER);
	assert_int_equal(pos.over, VS_OVER_ROUNDS);
	assert_int_equal(pos.round, 100);
	assert_int_equal(rounds_over, 99);
	/* Each round: the choice, then 4 phases of 2 players. */
	assert_int_equal(decisions, 100 * 9);

	/* A limit the scenario sets, past the cap, is its own. */
	assert_int_equal(vs_round_init(&pos, 1, 150, VS_END_SCENARIO), 0);
	r = vs_round_begin(&pos, PA, A, 0, NULL);
	for (int guard = 0; r != VS_GAME_OVER && guard < 5000; guard++)
		r = r == VS_DECIDE ? vs_round_next(&pos, A, 0, NULL) :
		    vs_round_begin(&pos, PA, A, 0, NULL);
	assert_int_equal(pos.over, VS_OVER_ROUNDS);
	assert_int_equal(pos.round, 150);
}

static void
refusals(void **state)
{
	struct vs_round pos;

	(void)state;
	assert_int_equal(vs_round_init(&pos, 0, 5, VS_END_FIRST_FALLEN), -1);
	assert_int_equal(vs_round_init(&pos, VS_MAX_PLAYERS + 1, 5,
	    VS_END_FIRST_FALLEN), -1);
	assert_int_equal(vs_round_init(&pos, 2, -1, VS_END_FIRST_FALLEN), -1);
	assert_int_equal(vs_round_init(&pos, VS_MAX_PLAYERS, 5,
	    VS_END_FIRST_FALLEN), 0);

	assert_int_equal(vs_round_init(&pos, 3, 5, VS_END_LAST_STANDING), 0);
	assert_int_equal(pos.round, 0);
	assert_int_equal(pos.first, -1);
	assert_int_equal(pos.player, -1);
	/* Nothing to go on from before the first round. */
	assert_int_equal(vs_round_next(&pos, A | B | C, 0, NULL), -1);
	/* A winner out of the game, or with no figures. */
	assert_int_equal(vs_round_begin(&pos, 3, A | B | C, 0, NULL), -1);
	assert_int_equal(vs_round_begin(&pos, -1, A | B | C, 0, NULL), -1);
	assert_int_equal(vs_round_begin(&pos, PC, A | B, 0, NULL), -1);
	assert_int_equal(vs_round_begin(&pos, PA, A | B, 0, NULL), VS_DECIDE);
	assert_int_equal(pos.phase, VS_PHASE_INITIATIVE);
	assert_int_equal(pos.player, PA);
	/* The choice not yet made. */
	assert_int_equal(vs_round_next(&pos, A | B, 0, NULL), -1);
	/* Choices of nobody, or of a player with no figures. */
	assert_int_equal(vs_round_choose(&pos, 3, A | B), -1);
	assert_int_equal(vs_round_choose(&pos, -1, A | B), -1);
	assert_int_equal(vs_round_choose(&pos, PC, A | B), -1);
	assert_int_equal(vs_round_choose(&pos, PB, A | B), 0);
	assert_int_equal(vs_round_next(&pos, A | B, 0, NULL), VS_DECIDE);
	assert_int_equal(pos.player, PB);
	assert_int_equal(pos.phase, VS_PHASE_MOVE);
	/* Too late to choose. */
	assert_int_equal(vs_round_choose(&pos, PA, A | B), -1);
}

/* ------------------------------------------------------------------ solo */

/* VS-54: first settled at set-up by a roll-off, then every round the
 * activation dice and no initiative; the bot's side awaited like any. */
static void
solo(void **state)
{
	struct plan pl = {
		.players = 2, .rounds = 3, .solo = true, .alive = A | B,
		/* Set-up's roll-off won by B; later winners are ignored. */
		.winner = { PB, PA, PA },
	};
	struct walked w;
	struct vs_round pos;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w,
	    "Bm Am Bd Ad Bh Ah Bs As | "
	    "Bm Am Bd Ad Bh Ah Bs As | "
	    "Bm Am Bd Ad Bh Ah Bs As #");

	assert_int_equal(vs_round_init(&pos, 2, 3, VS_END_FIRST_FALLEN), 0);
	pos.solo = true;
	pos.bots = B;
	/* Set-up: both sides roll once. */
	assert_int_equal(vs_round_rollers(&pos, A | B), A | B);
	assert_int_equal(vs_round_activation(&pos, A | B), A | B);
	assert_int_equal(vs_round_begin(&pos, PB, A | B, 0, NULL), VS_DECIDE);
	assert_int_equal(pos.player, PB);
	assert_int_equal(pos.phase, VS_PHASE_MOVE);
	assert_true(vs_round_by_bot(&pos));
	assert_int_equal(vs_round_next(&pos, A | B, 0, NULL), VS_DECIDE);
	assert_int_equal(pos.player, PA);
	assert_false(vs_round_by_bot(&pos));
	/* No initiative after set-up; activation dice every round. */
	assert_int_equal(vs_round_rollers(&pos, A | B), 0);
	assert_int_equal(vs_round_activation(&pos, A | B), A | B);

	/* Out of solo play: everybody rolls initiative, nobody activation. */
	assert_int_equal(vs_round_init(&pos, 3, 5, VS_END_FIRST_FALLEN), 0);
	assert_int_equal(vs_round_rollers(&pos, A | C), A | C);
	assert_int_equal(vs_round_activation(&pos, A | B | C), 0);
	assert_int_equal(vs_round_begin(&pos, PA, A | B | C, 0, NULL),
	    VS_DECIDE);
	assert_int_equal(vs_round_rollers(&pos, A | B | C), A | B | C);
}

/* A side owed a returning figure is awaited in skill rolls (VS-54). */
static void
solo_revival_awaited(void **state)
{
	/* B rolled a 6 with a figure to bring back; no guy able to try a
	 * skill. */
	static const unsigned able[VS_PHASES] = { 0, A | B, A, A | B, B };
	struct plan pl = {
		.players = 2, .rounds = 1, .solo = true, .alive = A | B,
		.able = able, .winner = { PA },
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w, "Am Bm Ad Ah Bh Bs #");
}

/* ---------------------------------------------------------------- ending */

static void
endings(void **state)
{
	/* Rounds, end, win, sides, from VS-45 to VS-53. */
	static const struct vs_ending book[VS_SCENARIOS] = {
		[VS_BASIC] = { 5, VS_END_FIRST_FALLEN, VS_WIN_POINTS, false },
		[VS_ESCAPE] = { 5, VS_END_FIRST_FALLEN, VS_WIN_POINTS, false },
		[VS_TRANSPORT] = { 5, VS_END_FIRST_FALLEN, VS_WIN_POINTS,
			false },
		[VS_SPAWNING] = { 5, VS_END_FIRST_FALLEN, VS_WIN_POINTS, true },
		[VS_AMBUSH] = { 0, VS_END_SCENARIO, VS_WIN_POINTS, true },
		[VS_FORTRESS] = { 5, VS_END_SCENARIO, VS_WIN_POINTS, true },
	};

	(void)state;
	for (int s = 0; s < VS_SCENARIOS; s++) {
		struct vs_ending e;

		vs_ending_of(&e, (enum vs_scenario)s);
		if (e.rounds != book[s].rounds || e.end != book[s].end ||
		    e.win != book[s].win || e.sides != book[s].sides)
			fail_msg("%s: %d %d %d %d", vs_scenario_names[s],
			    e.rounds, e.end, e.win, e.sides);
	}
}

static const char *const seats[] = { "A", "B", "C", "D", "E" };

/* Rank n players of the given scores through core; check ranks. */
static void
ranked(const long long *score, int n, const int *want)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_result r;

	umpire_result_init(&r, &a, seats, (size_t)n);
	umpire_result_end(&r, 40, "round 5 is over");
	assert_int_equal(vs_result_rank(&r, score, n), 0);
	for (int i = 0; i < n; i++) {
		if (r.v[i].score != score[i] || r.v[i].rank != want[i])
			fail_msg("%s: score %lld rank %d, wanted %lld %d",
			    seats[i], r.v[i].score, r.v[i].rank, score[i],
			    want[i]);
	}
	assert_true(r.over);
	/* A result of another size is refused. */
	assert_int_equal(vs_result_rank(&r, score, n + 1), -1);
	umpire_arena_free(&a);
}

/* II, VS-46: points of opponents' figures defeated; two tied first are
 * both 1st and the next is 3rd. */
static void
points(void **state)
{
	static const int defeated[4] = { 9, 12, 12, 3 };
	static const int want[4] = { 3, 1, 1, 4 };
	long long score[4];

	(void)state;
	assert_int_equal(vs_score(score, 4, VS_WIN_POINTS, defeated,
	    A | B | C | D, 0), 0);
	assert_int_equal(score[0], 9);
	assert_int_equal(score[1], 12);
	assert_int_equal(score[2], 12);
	assert_int_equal(score[3], 3);
	ranked(score, 4, want);
}

/* Points decide even for a player with no figures left (VS-42). */
static void
points_of_the_fallen(void **state)
{
	static const int defeated[3] = { 14, 6, 0 };
	static const int want[3] = { 1, 2, 3 };
	long long score[3];

	(void)state;
	assert_int_equal(vs_score(score, 3, VS_WIN_POINTS, defeated, B | C,
	    0), 0);
	assert_int_equal(score[0], 14);
	ranked(score, 3, want);
}

static void
all_equal_is_a_draw(void **state)
{
	static const int defeated[3] = { 4, 4, 4 };
	static const int want[3] = { 1, 1, 1 };
	long long score[3];

	(void)state;
	assert_int_equal(vs_score(score, 3, VS_WIN_POINTS, defeated, A | B | C,
	    0), 0);
	ranked(score, 3, want);
}

/* VS-47: the survivors share first place. */
static void
survivors(void **state)
{
	static const int want[4] = { 1, 3, 1, 3 };
	static const int none[4] = { 1, 1, 1, 1 };
	long long score[4];

	(void)state;
	assert_int_equal(vs_score(score, 4, VS_WIN_SURVIVORS, NULL, A | C, 0),
	    0);
	assert_int_equal(score[0], 1);
	assert_int_equal(score[1], 0);
	assert_int_equal(score[2], 1);
	assert_int_equal(score[3], 0);
	ranked(score, 4, want);
	/* One left alone wins; none left, a draw. */
	static const int alone[4] = { 2, 2, 2, 1 };
	assert_int_equal(vs_score(score, 4, VS_WIN_SURVIVORS, NULL, D, 0), 0);
	ranked(score, 4, alone);
	assert_int_equal(vs_score(score, 4, VS_WIN_SURVIVORS, NULL, 0, 0), 0);
	ranked(score, 4, none);
	/* Points need the tally. */
	assert_int_equal(vs_score(score, 4, VS_WIN_POINTS, NULL, A, 0), -1);
	assert_int_equal(vs_score(score, 0, VS_WIN_SURVIVORS, NULL, A, 0), -1);
}

/* VS-48: a side's players score its total and share its rank. */
static void
sides(void **state)
{
	/* A and C against B, D and E. */
	static const int defeated[5] = { 3, 4, 5, 2, 1 };
	static const int want[5] = { 1, 3, 1, 3, 3 };
	static const int alive_want[5] = { 4, 1, 4, 1, 1 };
	long long score[5];

	(void)state;
	assert_int_equal(vs_score(score, 5, VS_WIN_POINTS, defeated,
	    A | B | C | D | E, A | C), 0);
	assert_int_equal(score[0], 8);
	assert_int_equal(score[1], 7);
	assert_int_equal(score[2], 8);
	assert_int_equal(score[3], 7);
	assert_int_equal(score[4], 7);
	ranked(score, 5, want);
	/* Survival by side: one of B, D, E left is enough for all three. */
	assert_int_equal(vs_score(score, 5, VS_WIN_SURVIVORS, NULL, E, A | C),
	    0);
	assert_int_equal(score[0], 0);
	assert_int_equal(score[1], 1);
	assert_int_equal(score[3], 1);
	assert_int_equal(score[4], 1);
	ranked(score, 5, alive_want);
}

/* ------------------------------------------------------------- scenarios */

/* VIII, Escape: "more than half his original number of figures". */
static void
escape(void **state)
{
	static const int start[4] = { 7, 6, 5, 4 };
	int across[4] = { 3, 3, 3, 2 };

	(void)state;
	/* 3 of 7, 3 of 6, 2 of 4 are not more than half; 3 of 5 is. */
	assert_int_equal(vs_escape_winners(start, across, 4), C);
	across[0] = 4;
	across[3] = 3;
	assert_int_equal(vs_escape_winners(start, across, 4), A | C | D);
	int none[4] = { 0, 0, 0, 0 };
	assert_int_equal(vs_escape_winners(start, none, 4), 0);
}

/* VIII, Transport: back to the side where his force began. */
static void
transport(void **state)
{
	(void)state;
	assert_int_equal(vs_transport_winner(2, VS_EDGE_OWN), 2);
	assert_int_equal(vs_transport_winner(2, VS_EDGE_OPPOSITE), -1);
	assert_int_equal(vs_transport_winner(2, VS_EDGE_LEFT), -1);
	assert_int_equal(vs_transport_winner(2, VS_EDGE_RIGHT), -1);
	assert_int_equal(vs_transport_winner(2, VS_EDGES), -1);
	assert_int_equal(vs_transport_winner(-1, VS_EDGE_OWN), -1);
}

/* VIII, Ambush: "all Ambusher figures or all Target figures". */
static void
ambush(void **state)
{
	(void)state;
	/* A and B ambush C and D. */
	assert_false(vs_ambush_end(4, A | B, A | B | C | D));
	assert_false(vs_ambush_end(4, A | B, A | D));
	assert_false(vs_ambush_end(4, A | B, B | C));
	assert_true(vs_ambush_end(4, A | B, C | D));
	assert_true(vs_ambush_end(4, A | B, D));
	assert_true(vs_ambush_end(4, A | B, A | B));
	assert_true(vs_ambush_end(4, A | B, B));
	assert_true(vs_ambush_end(4, A | B, 0));
}

/* VIII, Fortress Assault: 2 hits, +1 per Assaulter player after the
 * first; the survivors of the winning side win (VS-53). */
static void
fortress(void **state)
{
	unsigned won;

	(void)state;
	assert_int_equal(vs_fortress_hits(A), 2);
	assert_int_equal(vs_fortress_hits(A | B), 3);
	assert_int_equal(vs_fortress_hits(A | B | C), 4);
	assert_int_equal(vs_fortress_hits(B | D | F | H), 5);

	/* A assaults B and C's fortress. */
	assert_false(vs_fortress_end(&won, 3, A, A | B | C, 0));
	assert_int_equal(won, 0);
	assert_false(vs_fortress_end(&won, 3, A, A | B | C, 1));
	assert_true(vs_fortress_end(&won, 3, A, A | B | C, 2));
	assert_int_equal(won, A);
	/* All Assaulter figures defeated: the surviving Defenders. */
	assert_true(vs_fortress_end(&won, 3, A, B | C, 1));
	assert_int_equal(won, B | C);
	assert_true(vs_fortress_end(&won, 3, A, C, 0));
	assert_int_equal(won, C);
	/* Both in one step: the Defenders. */
	assert_true(vs_fortress_end(&won, 3, A, B, 2));
	assert_int_equal(won, B);
	/* The Defenders all gone: the Assaulters go on at the building. */
	assert_false(vs_fortress_end(&won, 3, A, A, 1));
	assert_true(vs_fortress_end(&won, 3, A, A, 2));
	assert_int_equal(won, A);

	/* A and B assault C: 3 hits; only A survives to win. */
	assert_false(vs_fortress_end(&won, 3, A | B, A | C, 2));
	assert_true(vs_fortress_end(&won, 3, A | B, A | C, 3));
	assert_int_equal(won, A);
	/* B gone alone: the game goes on (VS-42). */
	assert_false(vs_fortress_end(&won, 3, A | B, A | C, 0));

	/* Winners share first, the rest the next. */
	long long score[3];
	static const int want[3] = { 3, 1, 1 };
	vs_score_winners(score, 3, B | C);
	assert_int_equal(score[0], 0);
	assert_int_equal(score[1], 1);
	assert_int_equal(score[2], 1);
	ranked(score, 3, want);
}

/* One Assaulter left with the Defenders gone plays on alone: the
 * initiative choice is his without asking (VS-43). */
static void
fortress_last_assaulter(void **state)
{
	static const unsigned able[VS_PHASES] = { 0, A | B | C, A, A, A };
	struct plan pl = {
		.players = 3, .rounds = 2, .end = VS_END_SCENARIO,
		.alive = A | B | C, .able = able,
		.winner = { PB, PA }, .choice = { PC },
		.fall_after = 2, .fall = B | C,
	};
	struct walked w;

	(void)state;
	walk(&w, &pl);
	assert_walk(&w, "Bi Cm Am Ad Ah As | Am Ad Ah As #");
}

/* ---------------------------------------------------------------- spawning */

static void
spawn_table(void **state)
{
	/* VIII, Spawning, face by face. */
	static const struct {
		bool place, choose;
		enum vs_edge edge;
	} book[7] = {
		[1] = { true, false, VS_EDGE_OPPOSITE },
		[2] = { true, false, VS_EDGE_RIGHT },
		[3] = { true, false, VS_EDGE_OWN },
		[4] = { true, false, VS_EDGE_LEFT },
		[5] = { true, true, VS_EDGES },
		[6] = { false, false, VS_EDGES },
	};
	struct vs_spawn s;

	(void)state;
	for (int die = 1; die <= 6; die++) {
		assert_int_equal(vs_spawn_judge(&s, die), 0);
		if (s.die != die || s.place != book[die].place ||
		    s.choose != book[die].choose || s.edge != book[die].edge)
			fail_msg("spawning die %d: %d %d %d", die, s.place,
			    s.choose, s.edge);
	}
	assert_int_equal(vs_spawn_judge(&s, 0), -1);
	assert_int_equal(s.place, false);
	assert_int_equal(vs_spawn_judge(&s, 7), -1);
}

/* VS-51: the die comes before a Spawner's movement, while he has
 * figures to come, and he is awaited in movement for it. */
static void
spawn_due(void **state)
{
	/* A infiltrates; B and C spawn; C has none left to come.  B's only
	 * figure on the table cannot move, but he has figures to come. */
	static const unsigned able[VS_PHASES] = {
		0, A | B | C, A | C, A | B | C, A,
	};
	const unsigned spawners = B | C, to_come = B;
	struct vs_round pos;
	char seen[64] = "";
	int r;

	(void)state;
	assert_int_equal(vs_round_init(&pos, 3, 1, VS_END_FIRST_FALLEN), 0);
	r = vs_round_begin(&pos, PC, A | B | C, 0, able);
	assert_int_equal(r, VS_DECIDE);
	assert_false(vs_spawn_due(&pos, spawners, to_come));
	assert_int_equal(vs_round_choose(&pos, PB, A | B | C), 0);
	for (r = vs_round_next(&pos, A | B | C, 0, able); r == VS_DECIDE;
	    r = vs_round_next(&pos, A | B | C, 0, able)) {
		char tok[4] = { (char)('A' + pos.player),
			"imdhs"[pos.phase],
			vs_spawn_due(&pos, spawners, to_come) ? '*' : ' ', 0 };
		strcat(seen, tok);
	}
	assert_int_equal(r, VS_GAME_OVER);
	assert_string_equal(seen, "Bm*Cm Am Cd Ad Bh Ch Ah As ");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names),
		cmocka_unit_test(two_players_five_rounds),
		cmocka_unit_test(three_players),
		cmocka_unit_test(four_players),
		cmocka_unit_test(eight_players),
		cmocka_unit_test(only_the_able),
		cmocka_unit_test(a_phase_passed_over),
		cmocka_unit_test(destroyed_mid_round),
		cmocka_unit_test(starter_destroyed),
		cmocka_unit_test(first_fallen_ends_at_once),
		cmocka_unit_test(last_standing),
		cmocka_unit_test(choice_made_for_him),
		cmocka_unit_test(stalled),
		cmocka_unit_test(no_round_limit),
		cmocka_unit_test(fled_off_goes_on),
		cmocka_unit_test(killed_ends),
		cmocka_unit_test(recruited_ends),
		cmocka_unit_test(escaped_goes_on),
		cmocka_unit_test(destroyed_and_alive),
		cmocka_unit_test(round_cap),
		cmocka_unit_test(refusals),
		cmocka_unit_test(solo),
		cmocka_unit_test(solo_revival_awaited),
		cmocka_unit_test(endings),
		cmocka_unit_test(points),
		cmocka_unit_test(points_of_the_fallen),
		cmocka_unit_test(all_equal_is_a_draw),
		cmocka_unit_test(survivors),
		cmocka_unit_test(sides),
		cmocka_unit_test(escape),
		cmocka_unit_test(transport),
		cmocka_unit_test(ambush),
		cmocka_unit_test(fortress),
		cmocka_unit_test(fortress_last_assaulter),
		cmocka_unit_test(spawn_table),
		cmocka_unit_test(spawn_due),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
