/*
 * longgame - make a long game of Army Man Backgammon in a git repository,
 * for the benchmark of umpire verify over a 1,000-step game.
 *
 *   longgame DIR SCENARIO SEED_HEX STEPS
 *
 * Real games end in tens of steps, so each step draws many legal orders
 * from the bot and keeps the one that advances least (small dice, the
 * rearmost man, nobody standing up).  Every step goes through the same
 * check, resolve and commit as `umpire turn`, and verify re-adjudicates
 * all of it, so the fixture is a genuine game, only a slow one.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/fileio.h"
#include "game/game.h"
#include "history/history.h"
#include "rules/amb/amb.h"
#include "rules/registry.h"

#define CANDIDATES 16

/* The same orders with no Stance Phase, which is optional: men stay prone. */
static struct umpire_node *
without_stance(struct umpire_arena *a, const struct umpire_node *orders)
{
	struct umpire_node *copy = umpire_node_map(a, false);

	for (size_t i = 0; i < orders->u.map.n; i++)
		if (!umpire_node_is_str(orders->u.map.v[i].key, "stance"))
			umpire_map_add(a, copy, orders->u.map.v[i].key->u.s.ptr,
				orders->u.map.v[i].val);
	return copy;
}

/* Lower is slower: dice moved, how far forward the mover already is. */
static long
progress(const struct umpire_game *g, const struct umpire_node *orders)
{
	const struct amb_game *ag = g->rs;
	const struct umpire_node *acts = umpire_map_get(orders, "actions");
	const struct umpire_node *st = umpire_map_get(orders, "stance");
	long score = 0;
	int side = ag->to_move;

	for (size_t i = 0; acts && i < acts->u.seq.n; i++) {
		const struct umpire_node *a = acts->u.seq.v[i];
		const char *who = umpire_node_cstr(umpire_map_get(a, "move"));
		long die = umpire_map_get(a, "die")->u.i;
		int s, m;
		if (!who) {
			score += 1000;	/* an attack kills a third of the time */
			continue;
		}
		if ((m = amb_find_man(ag, who, &s)) < 0)
			continue;
		int from = ag->men[s][m].row;
		int to = umpire_track_advance(&amb_track, side, from, (int)die);
		for (int e = 0; to && e < ag->nmen[!side]; e++)
			if (!ag->men[!side][e].dead && ag->men[!side][e].row == to)
				score += 1000;	/* a landing among enemies kills */
		score += 100 * die + umpire_track_own(&amb_track, side, from);
	}
	(void)st;	/* dropped from the orders chosen: see without_stance */
	return score;
}

int
main(int argc, char **argv)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf text = UMPIRE_BUF_INIT, state = UMPIRE_BUF_INIT,
		orders = UMPIRE_BUF_INIT, msg = UMPIRE_BUF_INIT;

	umpire_rulesets_use(umpire_rulesets);
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_history *h = NULL;
	struct umpire_game *g;
	struct umpire_seed seed;
	const struct umpire_node *doc;
	static const struct umpire_person host = { "umpire",
		"umpire@umpire.invalid" };

	if (argc != 5 || umpire_seed_from_hex(&seed, argv[3]) != 0) {
		fputs("usage: longgame DIR SCENARIO SEED_HEX STEPS\n", stderr);
		return 64;
	}
	long want = atol(argv[4]);
	if (sodium_init() < 0)
		return 70;
	/* Each step as umpire new and turn commit it: picture, receipt. */
	report.want_picture = true;
	if (umpire_file_read(&text, argv[2], UMPIRE_YAML_MAX_BYTES, &d) ||
	    !(doc = umpire_game_parse(&a, argv[2], text.ptr, text.len, &d)) ||
	    umpire_game_create(&g, doc, text.ptr, text.len, &seed, false, &report,
	    &d) ||
	    umpire_history_init(&h, argv[1], &d))
		goto fail;
	/* Dated as umpire dates every step (game.h): now, all of them. */
	long long now = (long long)time(NULL);
	/* Laid out as this version's umpire new lays a game out (paths.h). */
	g->layout = umpire_version_older(UMPIRE_VERSION, UMPIRE_GROUPED_SINCE) ?
		UMPIRE_LAYOUT_FLAT : UMPIRE_LAYOUT_GROUPED;
	g->dated = true;
	g->date = now;
	umpire_game_encode(g, UMPIRE_VERSION, &state);
	umpire_report_receipt(&report, 0, NULL, NULL, 0, state.ptr, state.len);
	struct umpire_step_paths p0;
	umpire_step_paths(&p0, g->layout, 0, NULL);
	struct umpire_file first[] = {
		{ UMPIRE_SCENARIO_PATH, text.ptr, text.len },
		{ UMPIRE_STATE_PATH, state.ptr, state.len },
		{ p0.report, report.text.ptr, report.text.len },
		{ p0.picture, report.picture.ptr, report.picture.len },
	};
	umpire_report_commit_message(&msg, &report);
	umpire_history_date_next(h, now);
	if (umpire_history_commit(h, first, 4, &host, msg.ptr, &d))
		goto fail;
	while (g->step <= want) {
		struct umpire_decision dec;
		umpire_game_decision(g, &dec);
		if (!dec.player)
			break;
		struct umpire_arena job = UMPIRE_ARENA_INIT;
		const struct umpire_node *best = NULL;
		long best_score = 0;
		const struct amb_game *ag = g->rs;
		int side = ag->to_move;
		/* Every man moved by the first die, and some of the bot's draws. */
		for (int k = 0; k < ag->nmen[side] + CANDIDATES; k++) {
			const struct umpire_node *o;
			if (k < ag->nmen[side]) {
				struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
				if (ag->men[side][k].dead)
					continue;
				struct umpire_node *m = umpire_node_map(&job, false);
				umpire_map_add(&job, m, "umpire", umpire_node_int(&job, 1));
				umpire_map_add(&job, m, "ruleset", umpire_node_str(&job, "amb"));
				umpire_map_add(&job, m, "game", umpire_node_str(&job, g->id));
				umpire_map_add(&job, m, "player", umpire_node_str(&job,
					dec.player));
				umpire_map_add(&job, m, "step", umpire_node_int(&job, g->step));
				struct umpire_node *acts = umpire_map_add(&job, m, "actions",
					umpire_node_seq(&job, false));
				struct umpire_node *mv = umpire_seq_add(&job, acts,
					umpire_node_map(&job, true));
				umpire_map_add(&job, mv, "move", umpire_node_str(&job,
					ag->men[side][k].id));
				umpire_map_add(&job, mv, "die", umpire_node_int(&job,
					ag->dice[0]));
				int bad = umpire_game_check_doc(g, &job, m, &quiet);
				umpire_diags_free(&quiet);
				if (bad)
					continue;
				o = m;
			} else {
				int salt = k;
				o = umpire_game_bot_doc(g, &job, &salt, sizeof(salt));
			}
			long s = progress(g, o);
			if (!best || s < best_score) {
				best = o;
				best_score = s;
			}
		}
		umpire_buf_clear(&orders);
		umpire_yaml_emit(&orders, without_stance(&job, best), NULL);
		const struct umpire_node *checked;
		struct umpire_step_paths paths;
		umpire_step_paths(&paths, g->layout, g->step, dec.player);
		const char *opath = paths.orders, *rpath = paths.report;
		if (umpire_game_check(g, &job, opath, orders.ptr, orders.len, &checked,
		    &d))
			goto fail;
		const struct umpire_player *who = umpire_game_player(g, dec.player);
		struct umpire_person author = { who->name, who->email };
		umpire_buf_clear(&state);
		umpire_buf_clear(&msg);
		long step = g->step;
		umpire_step_report_free(&report);
		report = (struct umpire_step_report)UMPIRE_STEP_REPORT_INIT;
		report.want_picture = true;
		umpire_game_resolve(g, &job, checked, &report);
		g->dated = true;
		g->date = now;
		umpire_game_encode(g, UMPIRE_VERSION, &state);
		umpire_report_receipt(&report, step, opath, orders.ptr, orders.len,
			state.ptr, state.len);
		umpire_report_commit_message(&msg, &report);
		struct umpire_file files[] = {
			{ UMPIRE_STATE_PATH, state.ptr, state.len },
			{ opath, orders.ptr, orders.len },
			{ rpath, report.text.ptr, report.text.len },
			{ paths.picture, report.picture.ptr, report.picture.len },
		};
		umpire_history_date_next(h, now);
		int rc = umpire_history_commit(h, files, 4, &author, msg.ptr, &d);
		umpire_arena_free(&job);
		if (rc)
			goto fail;
	}
	printf("%ld\n", g->step - 1);
	/* Release the game's lock: verify refuses a game someone holds. */
	umpire_history_close(h);
	return 0;
fail:
	umpire_diags_print(&d, stderr);
	if (h)
		umpire_history_close(h);
	return 1;
}
