/*
 * cmd_orders.c - the player's tools: umpire orders, the template a
 * player fills in for the decision awaited (as Eressea sends one with
 * every report).
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "cli.h"

/* text as YAML comment lines, each after lead ("# " or "#   "). */
static void
comment(struct umpire_buf *out, const char *lead, const char *text,
	size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n)
			umpire_buf_printf(out, "%s%.*s\n", lead, (int)n, p);
		else
			umpire_buf_puts(out, "#\n");
		p += n + 1;
	}
}

/* The state's awaiting mapping: what the player decides on, dice and all. */
static void
awaiting(struct umpire_buf *out, const struct umpire_game *g,
	struct umpire_arena *a)
{
	struct umpire_buf state = UMPIRE_BUF_INIT, yaml = UMPIRE_BUF_INIT;
	struct umpire_diags quiet = UMPIRE_DIAGS_INIT;

	umpire_game_encode(g, UMPIRE_VERSION, &state);
	const struct umpire_node *doc = umpire_game_parse(a, "game.yaml",
		state.ptr, state.len, &quiet);
	const struct umpire_node *aw = doc ? umpire_map_get(doc, "awaiting") :
		NULL;
	if (aw && umpire_yaml_emit(&yaml, aw, NULL) == 0)
		comment(out, "#   ", yaml.ptr, yaml.len);
	umpire_buf_free(&yaml);
	umpire_buf_free(&state);
	umpire_diags_free(&quiet);
}

int
cli_orders_template(struct umpire_buf *out, const struct umpire_game *g,
	const struct umpire_buf *view, struct umpire_diags *d)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_decision dec;
	const struct umpire_node *know = NULL, *bot;
	char whose[80];

	umpire_game_decision(g, &dec);
	if (!dec.player) {
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "game %s is over; no "
			"decision is awaited", g->id);
		return EX_DATAERR;
	}
	if (view && view->len && !(know = umpire_hidden_knowledge(&a, "view",
	    view, d))) {
		umpire_arena_free(&a);
		return EX_DATAERR;
	}
	/*
	 * The example is the bot's, drawn from what the player knows alone
	 * in a game that hides: the template never tells him more.
	 */
	bot = g->hides ? umpire_game_bot_knowing(g, &a, "template", 8, know) :
		umpire_game_bot_doc(g, &a, "template", 8);

	/* The envelope: the first five keys of any orders (umpire-files(5)). */
	struct umpire_node *env = umpire_node_map(&a, false);
	struct umpire_node *rest = umpire_node_map(&a, false);
	for (size_t i = 0; i < bot->u.map.n; i++)
		umpire_map_add(&a, i < 5 ? env : rest, bot->u.map.v[i].key->u.s.ptr,
			bot->u.map.v[i].val);
	umpire_yaml_emit(out, env, umpire_orders_comment(&a, g->rules->name,
		umpire_arena_printf(&a, "orders for %s %s at step %ld of %s "
		"(umpire orders)", umpire_possessive(dec.player, whose,
		sizeof(whose)), dec.kind, g->step, g->id)));

	umpire_buf_puts(out, "#\n# The decision awaited:\n");
	awaiting(out, g, &a);
	struct umpire_buf board = UMPIRE_BUF_INIT;
	umpire_game_board(g, &board);
	umpire_buf_puts(out, "#\n# The board:\n");
	comment(out, "#   ", board.ptr, board.len);
	umpire_buf_free(&board);
	if (view && view->len) {
		umpire_buf_puts(out, "#\n# What you alone know (your private "
			"view):\n");
		comment(out, "#   ", view->ptr, view->len);
	}
	umpire_buf_printf(out, "#\n# Write your orders below.  Legal orders, "
		"for example (umpire bot; see\n# man 7 umpire-%s): take out the "
		"'# ' of the lines after this one.\n", g->rules->name);
	if (rest->u.map.n) {
		struct umpire_buf body = UMPIRE_BUF_INIT;
		umpire_yaml_emit(&body, rest, NULL);
		comment(out, "# ", body.ptr, body.len);
		umpire_buf_free(&body);
	} else
		umpire_buf_puts(out, "# (nothing more: these orders are legal as "
			"they are)\n");
	umpire_arena_free(&a);
	return 0;
}

int
cmd_orders(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "as", required_argument, NULL, 'a' },
		{ "identity", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *as = NULL, *identity = NULL;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		if (c == -2)
			return rc;
		if (c == 'a')
			as = optarg;
		if (c == 'i')
			identity = optarg;
	}
	if (argc - optind != 1)
		return cli_usage(argv[0], "name one game directory");
	if (identity && !as)
		return cli_usage(argv[0], "--identity goes with --as PLAYER");

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_history *h;
	struct umpire_game *g;
	struct umpire_decision dec;
	struct umpire_buf view = UMPIRE_BUF_INIT, out = UMPIRE_BUF_INIT;

	if ((rc = cli_open_game(&h, &g, argv[optind], false, &d)))
		return cli_done(&d, rc);
	umpire_game_decision(g, &dec);
	if (as && !umpire_game_player(g, as)) {
		umpire_diag(&d, UMPIRE_ERROR, NULL, 0, 0, "--as: %s is not a player "
			"of game %s", as, g->id);
		rc = EX_USAGE;
	} else if (as && dec.player && strcmp(as, dec.player) != 0) {
		char whose[80];
		umpire_diag(&d, UMPIRE_ERROR, argv[optind], 0, 0, "step %ld awaits "
			"%s %s, not %s's orders; ask again when it is his turn",
			g->step, umpire_possessive(dec.player, whose, sizeof(whose)),
			dec.kind, as);
		rc = EX_DATAERR;
	} else if (as && g->hides && (rc = cli_private_view(&view, h, g, as,
	    identity, &d)) > 1)
		;
	else
		rc = cli_orders_template(&out, g, rc == 0 && as && g->hides ?
			&view : NULL, &d);
	if (rc == 0)
		fwrite(out.ptr, 1, out.len, stdout);
	if (view.ptr)
		sodium_memzero(view.ptr, view.len);
	if (out.ptr)
		sodium_memzero(out.ptr, out.len);
	umpire_buf_free(&view);
	umpire_buf_free(&out);
	umpire_game_free(g);
	umpire_history_close(h);
	return cli_done(&d, rc);
}
