/*
 * cmd_play.c - the verbs of a game in progress: status, check, turn, bot.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "cli.h"
#include "util/fileio.h"
#include "play/hidden.h"
#include "crypto/sshsig.h"
#include "play/step.h"
#include "game/lookahead.h"
#include <sys/stat.h>

/*
 * The picture of the latest step, as committed beside its report; a
 * game whose steps an umpire before pictures made has none, and gets
 * the picture of its state alone.
 */
static void
print_picture(struct umpire_history *h, const struct umpire_game *g)
{
	struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
	struct umpire_buf svg = UMPIRE_BUF_INIT;
	struct umpire_step_paths paths;

	umpire_step_paths(&paths, g->layout, g->step - 1, NULL);
	if (umpire_history_read(h, paths.picture, &svg, &quiet) != 0) {
		umpire_buf_clear(&svg);
		umpire_game_picture(g, NULL, &svg);
	}
	fwrite(svg.ptr, 1, svg.len, stdout);
	umpire_buf_free(&svg);
	umpire_diags_free(&quiet);
}

int
cmd_status(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "svg", no_argument, NULL, 's' },
		{ "as", required_argument, NULL, 'a' },
		{ "identity", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *as = NULL, *identity = NULL;
	bool svg = false;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		if (c == -2)
			return rc;
		if (c == 's')
			svg = true;
		if (c == 'a')
			as = optarg;
		if (c == 'i')
			identity = optarg;
	}
	if (argc - optind != 1)
		return cli_usage(argv[0], "name one game directory");

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_history *h;
	struct umpire_game *g;
	struct umpire_buf board = UMPIRE_BUF_INIT;
	struct umpire_decision dec;

	if ((rc = cli_open_game(&h, &g, argv[optind], false, &d)))
		return cli_done(&d, rc);
	struct umpire_buf view = UMPIRE_BUF_INIT;
	if (as && (rc = cli_private_view(&view, h, g, as, identity, &d)) > 1) {
		umpire_game_free(g);
		umpire_history_close(h);
		return cli_done(&d, rc);
	}
	if (svg) {
		print_picture(h, g);
		umpire_game_free(g);
		umpire_history_close(h);
		return cli_done(&d, 0);
	}
	umpire_game_decision(g, &dec);
	printf("game:     %s (%s, %s)\n", g->id, g->rules->name, g->rules->title);
	printf("title:    %s\n", g->title);
	printf("seed:     %s\n", g->sealed ? "sealed" : "open");
	printf("orders:   %s\n", g->keyed ? "signed: each player's orders "
		"need his key's signature" : "not authenticated: the players have "
		"no keys, so anyone who can commit can send any player's orders");
	if (dec.player) {
		const struct umpire_player *p = umpire_game_player(g, dec.player);
		char whose[80];
		printf("awaiting: step %ld, %s %s", g->step,
			umpire_possessive(dec.player, whose, sizeof(whose)), dec.kind);
		if (p && strcmp(p->name, p->id) != 0)
			printf(" (%s)", p->name);
		putchar('\n');
	} else {
		struct umpire_buf st = UMPIRE_BUF_INIT;
		printf("over:     ");
		cli_print_result(stdout, &g->result);
		umpire_result_text(&st, &g->result, "          ");
		printf("\n%s", umpire_buf_cstr(&st));
		umpire_buf_free(&st);
	}
	struct umpire_buf stand = UMPIRE_BUF_INIT;
	cli_standing_text(&stand, g, NULL, false, "standing: ", "          ");
	if (stand.len)
		fwrite(stand.ptr, 1, stand.len, stdout);
	umpire_buf_free(&stand);
	struct umpire_step_paths last;
	char pic[UMPIRE_PATH_MAX];
	umpire_step_paths(&last, g->layout, g->step - 1, NULL);
	umpire_picture_name(pic, g->step - 1);
	printf("reports:  %s/%s is the latest (the board in %s)\n\n",
		argv[optind], last.report, pic);
	umpire_game_board(g, &board);
	fwrite(board.ptr, 1, board.len, stdout);
	umpire_buf_free(&board);
	if (as && rc == 1)
		printf("\n%s has no private view: he knows nothing the others do "
			"not\n", as);
	else if (as)
		printf("\n%.*s", (int)view.len, view.ptr);
	if (view.ptr)
		sodium_memzero(view.ptr, view.len);
	umpire_buf_free(&view);
	umpire_game_free(g);
	umpire_history_close(h);
	return cli_done(&d, 0);
}

/* Shared by check and turn: the game, and the orders checked against it. */
struct checked {
	struct umpire_history *h;
	struct umpire_game *g;
	struct umpire_buf text;
	struct umpire_buf sig;		/* the signature, in a keyed game */
	const char *sigpath;		/* where it was read; NULL if none */
	char fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE];	/* its key's */
	struct umpire_arena a;
	const struct umpire_node *orders;
	const struct cli_orders *mem;	/* orders held in memory, or NULL */
};

/*
 * The orders' signature in a game whose players have keys: from
 * --signature, else ORDERS.sig beside them; checked against the awaited
 * player's keys before the orders are read as YAML, so that no
 * unauthenticated text reaches the parser.
 */
static int
check_signed(struct checked *k, const char *path, const char *sigopt,
	struct umpire_diags *d)
{
	struct umpire_decision dec;
	struct stat st;
	int rc;

	umpire_game_decision(k->g, &dec);
	if (!k->g->keyed || !dec.player)
		return 0;
	if (k->mem) {
		const char *sp = umpire_arena_printf(&k->a, "%s.sig", path);
		if (k->mem->sig)
			umpire_buf_add(&k->sig, k->mem->sig, k->mem->siglen);
		k->sigpath = k->mem->sig ? sp : NULL;
		return umpire_game_check_signature(k->g, dec.player, sp,
			k->mem->sig ? k->sig.ptr : NULL, k->sig.len, k->text.ptr,
			k->text.len, k->fp, d);
	}
	if (!sigopt && strcmp(path, "-") == 0) {
		umpire_diag(d, UMPIRE_ERROR, "<stdin>", 0, 0, "unsigned orders: "
			"orders on standard input take their signature from "
			"--signature FILE");
		return EX_NOPERM;
	}
	const char *sp = sigopt ? sigopt :
		umpire_arena_printf(&k->a, "%s.sig", path);
	bool have = strcmp(sp, "-") == 0 || lstat(sp, &st) == 0 ||
	    errno != ENOENT;
	if (have && (rc = umpire_file_read_untrusted(&k->sig, sp,
	    UMPIRE_SSHSIG_MAX, d)))
		return rc;
	k->sigpath = have ? sp : NULL;
	return umpire_game_check_signature(k->g, dec.player,
		umpire_file_name(sp), have ? k->sig.ptr : NULL, k->sig.len,
		k->text.ptr, k->text.len, k->fp, d);
}

/*
 * With guard, the game's HEAD must be umpire's (umpire_history_check_head)
 * before the orders are even read.
 */
static int
read_orders(struct checked *k, const char *path, struct umpire_diags *d)
{
	if (!k->mem)
		return umpire_file_read_untrusted(&k->text, path,
			UMPIRE_YAML_MAX_BYTES, d);
	if (k->mem->len > UMPIRE_YAML_MAX_BYTES) {
		umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "orders of %zu bytes; "
			"the most umpire reads is %d", k->mem->len,
			UMPIRE_YAML_MAX_BYTES);
		return EX_DATAERR;
	}
	umpire_buf_add(&k->text, k->mem->text, k->mem->len);
	return 0;
}

/*
 * The orders come from path (a file, or - for standard input) or, with
 * mem, from memory under the name path.
 */
static int
check_orders(struct checked *k, const char *dir, const char *path,
	const struct cli_orders *mem, const char *sigopt,
	const char *seed_file, bool lock, bool guard, struct umpire_diags *d)
{
	int rc;

	memset(k, 0, sizeof(*k));
	k->mem = mem;
	if ((rc = cli_open_game(&k->h, &k->g, dir, lock, d)) ||
	    (guard && (rc = umpire_history_check_head(k->h, d))) ||
	    (rc = read_orders(k, path, d)) ||
	    (rc = check_signed(k, path, sigopt, d)) ||
	    (rc = cli_load_secret(k->h, k->g, seed_file, d)))
		return rc;
	return umpire_game_check(k->g, &k->a, umpire_file_name(path), k->text.ptr,
		k->text.len, &k->orders, d);
}

/*
 * What a player's own check cannot judge: the other players' secrets,
 * which the ruleset names for the game's options (its hides hook), as a
 * note that every check --as prints.
 */
static void
left_to_host(const struct umpire_game *g, const char *as,
	struct umpire_diags *d)
{
	struct umpire_buf state = UMPIRE_BUF_INIT, why = UMPIRE_BUF_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags quiet = UMPIRE_DIAGS_INIT;

	umpire_game_encode(g, UMPIRE_VERSION, &state);
	const struct umpire_node *doc = umpire_game_parse(&a, "game.yaml",
		state.ptr, state.len, &quiet);
	if (!doc || !g->rules->hides(doc, &why) || !why.len)
		umpire_buf_puts(&why, "the game hides information");
	umpire_diag(d, UMPIRE_NOTE, NULL, 0, 0, "checked from %s's own view, "
		"without the seed; left to the host's check: what depends on the "
		"other players' secrets, since %s, and any sealed value", as,
		umpire_buf_cstr(&why));
	umpire_buf_free(&state);
	umpire_buf_free(&why);
	umpire_diags_free(&quiet);
	umpire_arena_free(&a);
}

/*
 * umpire check --as: the player's own check in a game that hides, from
 * the public state and his private view alone; no seed.
 */
static int
check_as(struct checked *k, const char *dir, const char *path,
	const char *sigopt, const char *as, const char *identity,
	struct umpire_diags *d)
{
	struct umpire_buf view = UMPIRE_BUF_INIT;
	struct umpire_decision dec;
	const struct umpire_node *know = NULL;
	int rc;

	memset(k, 0, sizeof(*k));
	if ((rc = cli_open_game(&k->h, &k->g, dir, false, d)))
		return rc;
	umpire_game_decision(k->g, &dec);
	if (!cli_is_player(k->g, "--as", as, d))
		return EX_USAGE;
	if (dec.player && strcmp(as, dec.player) != 0) {
		char whose[80];
		umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "step %ld awaits %s %s, "
			"not %s's orders", k->g->step, umpire_possessive(dec.player,
			whose, sizeof(whose)), dec.kind, as);
		return EX_DATAERR;
	}
	if ((rc = read_orders(k, path, d)) ||
	    (rc = check_signed(k, path, sigopt, d)))
		return rc;
	if (!k->g->hides)	/* nothing hidden: the whole check, no seed */
		return umpire_game_check(k->g, &k->a, umpire_file_name(path),
			k->text.ptr, k->text.len, &k->orders, d);
	if ((rc = cli_private_view(&view, k->h, k->g, as, identity, d)) > 1)
		goto done;
	if (rc == 0 && !(know = umpire_hidden_knowledge(&k->a, "view", &view,
	    d))) {
		rc = EX_DATAERR;
		goto done;
	}
	rc = umpire_game_check_knowing(k->g, &k->a, umpire_file_name(path),
		k->text.ptr, k->text.len, know, d);
done:
	if (view.ptr)
		sodium_memzero(view.ptr, view.len);
	umpire_buf_free(&view);
	return rc;
}

static void
checked_free(struct checked *k)
{
	umpire_history_close(k->h);
	umpire_game_free(k->g);
	umpire_buf_free(&k->text);
	umpire_buf_free(&k->sig);
	umpire_arena_free(&k->a);
}

static const struct option check_opts[] = {
	{ "format", required_argument, NULL, 'o' },
	{ "signature", required_argument, NULL, 'g' },
	{ "seed-file", required_argument, NULL, 'f' },
	{ "as", required_argument, NULL, 'a' },
	{ "identity", required_argument, NULL, 'i' },
	{ "help", no_argument, NULL, CLI_HELP },
	{ NULL, 0, NULL, 0 },
};

int
cmd_check(int argc, char **argv)
{
	const char *sigopt = NULL, *file = NULL, *as = NULL, *identity = NULL;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", check_opts, &rc)) != -1) {
		if (c == -2)
			return rc;
		if (c == 'g')
			sigopt = optarg;
		if (c == 'f')
			file = optarg;
		if (c == 'a')
			as = optarg;
		if (c == 'i')
			identity = optarg;
		if (c == 'o' && (rc = cli_set_format(argv[0], optarg)))
			return rc;
	}
	if (argc - optind != 2)
		return cli_usage(argv[0], "name the game directory and the orders "
			"file (- for standard input)");

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct checked k;
	const char *path = argv[optind + 1];

	if (identity && !as)
		return cli_usage(argv[0], "--identity goes with --as PLAYER");
	if (as && file)
		return cli_usage(argv[0], "--as checks without the seed: give "
			"--as or --seed-file, not both");
	rc = as ? check_as(&k, argv[optind], path, sigopt, as, identity, &d) :
		check_orders(&k, argv[optind], path, NULL, sigopt, file, false,
		false, &d);
	if (rc == 0) {
		struct umpire_decision dec;
		umpire_game_decision(k.g, &dec);
		char whose[80];
		printf("%s: ok: legal orders for %s %s at step %ld of %s%s%s\n",
			umpire_file_name(path),
			umpire_possessive(dec.player, whose, sizeof(whose)), dec.kind,
			k.g->step, k.g->id, k.fp[0] ? ", signed by " : "", k.fp);
	}
	/* What was left to the host, once his orders were checked at all. */
	struct umpire_decision awaited = { 0 };
	if (k.g)
		umpire_game_decision(k.g, &awaited);
	if (as && k.g && k.g->hides && (rc == 0 || rc == EX_DATAERR) &&
	    awaited.player && strcmp(awaited.player, as) == 0)
		left_to_host(k.g, as, &d);
	/* The seed is the host's: a player checks from his own view. */
	if (!as && rc == EX_NOINPUT && k.g && k.g->hides && !k.g->have_seed &&
	    k.text.len > 0)
		umpire_diag(&d, UMPIRE_NOTE, NULL, 0, 0, "a player, who has no "
			"seed, checks his own orders from his own view: umpire check "
			"%s %s --as PLAYER --identity KEYFILE", argv[optind], path);
	checked_free(&k);
	return cli_done(&d, rc);
}

int
cmd_turn(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed-file", required_argument, NULL, 'f' },
		{ "force", no_argument, NULL, 'F' },
		{ "format", required_argument, NULL, 'o' },
		{ "signature", required_argument, NULL, 'g' },
		{ "wait", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *file = NULL, *sigopt = NULL;
	bool force = false;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		switch (c) {
		case -2: return rc;
		case 'f': file = optarg; break;
		case 'F': force = true; break;
		case 'g': sigopt = optarg; break;
		case 'w':
			if ((rc = cli_set_wait(argv[0], optarg)))
				return rc;
			break;
		case 'o':
			if ((rc = cli_set_format(argv[0], optarg)))
				return rc;
			break;
		}
	}
	if (argc - optind != 2)
		return cli_usage(argv[0], "name the game directory and the orders "
			"file (- for standard input)");

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct cli_turn_out out = CLI_TURN_OUT_INIT;

	rc = cli_turn(&out, argv[optind], argv[optind + 1], NULL, sigopt, file,
		force, &d);
	if (rc == 0)
		fwrite(out.report.ptr, 1, out.report.len, stdout);
	cli_turn_out_free(&out);
	return cli_done(&d, rc);
}

int
cli_turn(struct cli_turn_out *out, const char *dir, const char *path,
	const struct cli_orders *mem, const char *sigopt, const char *file,
	bool force, struct umpire_diags *d)
{
	struct checked k;
	struct umpire_step s = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_deadline_policy pol;
	int rc;

	memset(&out->hidden, 0, sizeof(out->hidden));
	if ((rc = check_orders(&k, dir, path, mem, sigopt, file, true, !force,
	    d)) ||
	    (rc = cli_unseal(k.g, file, d)) ||
	    (rc = cli_policy(&pol, k.h, dir, &k.a, d)))
		goto done;
	in.date = cli_step_date(k.h, k.g);
	in.pol = &pol;
	in.orders = k.orders;
	in.orders_text = k.text.ptr;
	in.orders_len = k.text.len;
	in.sig = k.sig.ptr;
	in.siglen = k.sig.len;
	in.fp = k.fp;
	umpire_step_make(&s, &k.g, &k.a, &in, d);
	umpire_history_date_next(k.h, in.date);
	if ((rc = umpire_history_commit(k.h, s.files, s.nfiles, &s.author,
	    s.message.ptr, d)))
		goto done;
	out->step = s.step;
	umpire_buf_add(&out->report, s.report.text.ptr, s.report.text.len);
	if ((rc = cli_standing(k.h, &k.g, &pol, &out->report, NULL, d)))
		goto done;
	umpire_buf_add(&out->picture, s.report.picture.ptr,
		s.report.picture.len);
	umpire_picture_name(out->picture_name, s.step);
	/* Its encrypted files, for umpire mail to send each player his own. */
	out->hidden = s.hidden;
	memset(&s.hidden, 0, sizeof(s.hidden));
done:
	checked_free(&k);
	umpire_step_free(&s);
	return rc;
}

/*
 * The most standing steps one call commits: orders that hold for every
 * player could otherwise play a game to its end in one call; the next
 * call (tick, say) goes on where this one stopped.
 */
#define STANDING_MAX 256

/* A string as a JSON string literal, onto out. */
static void
json_str(struct umpire_buf *out, const char *s)
{
	umpire_buf_puts(out, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			umpire_buf_printf(out, "\\%c", c);
		else if (c < 0x20)
			umpire_buf_printf(out, "\\u%04x", c);
		else
			umpire_buf_add(out, (const char *)&c, 1);
	}
	umpire_buf_puts(out, "\"");
}

int
cli_standing(struct umpire_history *h, struct umpire_game **g,
	const struct umpire_deadline_policy *pol, struct umpire_buf *reports,
	struct umpire_buf *json, struct umpire_diags *d)
{
	int rc = 0;

	for (int i = 0; i < STANDING_MAX && rc == 0; i++) {
		struct umpire_step s = UMPIRE_STEP_INIT;
		struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_buf text = UMPIRE_BUF_INIT;
		bool due = umpire_step_standing(&in, *g, &a, &text, d);
		if (due) {
			in.date = cli_step_date(h, *g);
			in.pol = pol;
			umpire_step_make(&s, g, &a, &in, d);
			umpire_history_date_next(h, in.date);
			rc = umpire_history_commit(h, s.files, s.nfiles, &s.author,
				s.message.ptr, d);
			if (rc == 0 && reports) {
				umpire_buf_puts(reports, "\n");
				umpire_buf_add(reports, s.report.text.ptr,
					s.report.text.len);
			}
			if (rc == 0 && json) {
				umpire_buf_printf(json, "%s{\"step\": %ld, \"player\": ",
					json->len ? ", " : "", s.step);
				json_str(json, s.player);
				umpire_buf_puts(json, ", \"kind\": ");
				json_str(json, s.kind);
				umpire_buf_printf(json, ", \"from\": %ld}", in.from);
			}
		}
		umpire_step_free(&s);
		umpire_buf_free(&text);
		umpire_arena_free(&a);
		if (!due)
			break;
	}
	return rc;
}

void
cli_turn_out_free(struct cli_turn_out *out)
{
	umpire_hidden_free(&out->hidden);
	umpire_buf_free(&out->report);
	umpire_buf_free(&out->picture);
}

int
cmd_bot(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "player", required_argument, NULL, 'p' },
		{ "seed", required_argument, NULL, 'x' },
		{ "as", required_argument, NULL, 'a' },
		{ "identity", required_argument, NULL, 'i' },
		{ "seed-file", required_argument, NULL, 'f' },
		{ "standing", no_argument, NULL, 'S' },
		{ "level", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *player = NULL, *salt = "", *as = NULL, *identity = NULL;
	const char *file = NULL;
	bool standing = false;
	int rc = 0, c, level = 1;
	char *end;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		switch (c) {
		case -2: return rc;
		case 'p': player = optarg; break;
		case 'x': salt = optarg; break;
		case 'a': as = optarg; break;
		case 'i': identity = optarg; break;
		case 'f': file = optarg; break;
		case 'S': standing = true; break;
		case 'l':
			level = (int)strtol(optarg, &end, 10);
			if (*end || end == optarg || level < 1 ||
			    level > UMPIRE_BOT_LEVELS)
				return cli_usage(argv[0], "--level takes 1 (random "
					"legal orders) or 2 (a one-ply search)");
			break;
		}
	}
	if (argc - optind != 1)
		return cli_usage(argv[0], "name one game directory");
	if (standing && level != 1)
		return cli_usage(argv[0], "--standing draws level 1's orders: "
			"level 2 searches the awaited decision alone");

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_history *h;
	struct umpire_game *g;
	struct umpire_decision dec;

	if ((rc = cli_open_game(&h, &g, argv[optind], false, &d)))
		return cli_done(&d, rc);
	umpire_game_decision(g, &dec);
	if (as && !player)
		player = as;
	rc = EX_DATAERR;
	if (as && player && strcmp(as, player) != 0) {
		umpire_diag(&d, UMPIRE_ERROR, NULL, 0, 0, "--as %s and --player %s "
			"name two players", as, player);
		rc = EX_USAGE;
	} else if (player && !cli_is_player(g, as ? "--as" : "--player", player,
	    &d)) {
		/* 65 as for a player not awaited (--as: 64, as elsewhere). */
		rc = as ? EX_USAGE : EX_DATAERR;
	} else if (!dec.player) {
		struct umpire_buf how = UMPIRE_BUF_INIT;
		umpire_result_summary(&how, &g->result);
		umpire_diag(&d, UMPIRE_ERROR, argv[optind], 0, 0, "the game is over "
			"(%s at step %ld); no decision is awaited",
			umpire_buf_cstr(&how), g->result.step);
		umpire_buf_free(&how);
	} else if (player && strcmp(player, dec.player) != 0) {
		char whose[80], not[80];
		umpire_diag(&d, UMPIRE_ERROR, argv[optind], 0, 0, "step %ld awaits "
			"%s %s, not %s", g->step,
			umpire_possessive(dec.player, whose, sizeof(whose)), dec.kind,
			umpire_possessive(player, not, sizeof(not)));
	} else if (as && g->hides) {
		/* His knowledge only: the public state and his private view. */
		struct umpire_buf view = UMPIRE_BUF_INIT, out = UMPIRE_BUF_INIT;
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		const struct umpire_node *know = NULL;
		rc = cli_private_view(&view, h, g, as, identity, &d);
		if (rc == 0 && !(know = umpire_hidden_knowledge(&a, "view", &view,
		    &d)))
			rc = EX_DATAERR;
		if (rc <= 1) {
			umpire_yaml_emit(&out, umpire_game_bot_knowing(g, &a, salt,
				strlen(salt), know), umpire_orders_comment(&a,
				g->rules->name, "orders drawn by umpire bot"));
			fwrite(out.ptr, 1, out.len, stdout);
			rc = 0;
		}
		if (view.ptr)
			sodium_memzero(view.ptr, view.len);
		umpire_buf_free(&view);
		umpire_buf_free(&out);
		umpire_arena_free(&a);
	} else if ((rc = cli_load_secret(h, g, file, &d)) == 0 && standing) {
		struct umpire_buf out = UMPIRE_BUF_INIT;
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		umpire_yaml_emit(&out, umpire_game_bot_standing(g, &a, salt,
			strlen(salt)), umpire_orders_comment(&a, g->rules->name,
			"orders drawn by umpire bot, with standing orders"));
		fwrite(out.ptr, 1, out.len, stdout);
		umpire_buf_free(&out);
		umpire_arena_free(&a);
	} else if (rc == 0) {
		struct umpire_buf out = UMPIRE_BUF_INIT;
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		umpire_yaml_emit(&out, umpire_game_bot_level(g, &a, salt,
			strlen(salt), level), umpire_orders_comment(&a, g->rules->name,
			"orders drawn by umpire bot"));
		umpire_arena_free(&a);
		fwrite(out.ptr, 1, out.len, stdout);
		umpire_buf_free(&out);
	}
	umpire_game_free(g);
	umpire_history_close(h);
	return cli_done(&d, rc);
}

int
cmd_seal(int argc, char **argv)
{
	int rc = 0, c;
	static const struct option opts[] = {
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1)
		if (c == -2)
			return rc;
	if (argc - optind != 2)
		return cli_usage(argv[0], "name the game directory and the file to "
			"seal (- for standard input)");

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_history *h;
	struct umpire_game *g;
	struct umpire_buf value = UMPIRE_BUF_INIT, out = UMPIRE_BUF_INIT;
	struct umpire_decision dec;
	struct umpire_crypto_error err;
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	if ((rc = cli_open_game(&h, &g, argv[optind], false, &d)))
		return cli_done(&d, rc);
	umpire_game_decision(g, &dec);
	rc = EX_DATAERR;
	if (!g->hides)
		umpire_diag(&d, UMPIRE_ERROR, argv[optind], 0, 0, "game %s hides "
			"nothing, so it has no recipient to seal to", g->id);
	else if (!dec.player)
		umpire_diag(&d, UMPIRE_ERROR, argv[optind], 0, 0, "the game is over; "
			"no decision is awaited");
	else if ((rc = umpire_file_read(&value, argv[optind + 1],
	    UMPIRE_YAML_MAX_BYTES, &d)) == 0 &&
	    (rc = umpire_game_check_sealed(g, &a, umpire_file_name(
	    argv[optind + 1]), value.ptr, value.len, NULL, &d)) == 0) {
		rc = EX_DATAERR;
		if (umpire_sealed_make(&out, g->recipient, g->id, g->step,
		    dec.player, value.ptr, value.len, &err))
			umpire_diag(&d, UMPIRE_ERROR, argv[optind + 1], 0, 0, "%s",
				err.msg);
		else {
			fwrite(out.ptr, 1, out.len, stdout);
			rc = 0;
		}
	}
	if (value.ptr)
		sodium_memzero(value.ptr, value.len);
	umpire_buf_free(&value);
	umpire_buf_free(&out);
	umpire_arena_free(&a);
	umpire_game_free(g);
	umpire_history_close(h);
	return cli_done(&d, rc);
}
