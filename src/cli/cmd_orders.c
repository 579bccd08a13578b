/*
 * cmd_orders.c - the player's tools: umpire orders, the template a
 * player fills in for the decision awaited (as Eressea sends one with
 * every report), and umpire sign, which signs orders without
 * ssh-keygen's prompts.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli.h"
#include "util/fileio.h"
#include "crypto/sshsig.h"

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

/* The player's standing orders, as comments, if any stand. */
static void
standing(struct umpire_buf *out, const struct umpire_game *g,
	const char *player)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;

	cli_standing_text(&b, g, player, true, "", "");
	if (b.len) {
		umpire_buf_puts(out, "#\n# Your standing orders (umpire-files(5), "
			"Standing orders; a standing:\n# list in these orders "
			"replaces them all):\n");
		comment(out, "#   ", b.ptr, b.len);
	}
	umpire_buf_free(&b);
}

/* In a game whose players have keys, the step after writing them. */
static void
sign_hint(struct umpire_buf *out, const struct umpire_game *g)
{
	if (g->keyed)
		umpire_buf_puts(out, "#\n# This game takes signed orders only: "
			"once written, sign them with\n# your key (umpire sign FILE "
			"--key ~/.ssh/id_ed25519 writes FILE.sig).\n");
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
	standing(out, g, dec.player);
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
	sign_hint(out, g);
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

/* A decision as a state in the history awaited it. */
struct awaited {
	long step;
	char player[64], kind[64];
};

/* The awaiting line of a state's text, as core writes it; false if none. */
static bool
awaited_of(struct awaited *out, const struct umpire_buf *state)
{
	const char *p = strstr(umpire_buf_cstr((struct umpire_buf *)state),
		"\nawaiting: {player: ");

	return p && sscanf(p, "\nawaiting: {player: %63[a-z0-9-], step: %ld, "
		"kind: %63[a-z0-9-]", out->player, &out->step, out->kind) == 3;
}

/* The most states one look back reads: a round of the largest games. */
#define NEXT_LOOKBACK 400

/*
 * The player's next decision, from the history alone: after the step
 * that last awaited the decision now awaited (the same player, the same
 * kind: a round ago), the first that awaited him, at the same distance
 * from it; or else the last he was asked.  *kind is "" when he has not
 * been asked yet.  *exact says whether a round ago showed it; if not,
 * *step is the step after the one awaited, a guess.
 */
static int
next_decision(struct umpire_history *h, const struct umpire_game *g,
	const char *player, char *kind, size_t kindsize, long *step,
	bool *exact, struct umpire_diags *d)
{
	struct awaited *seen = calloc(NEXT_LOOKBACK, sizeof(*seen));
	struct umpire_buf text = UMPIRE_BUF_INIT;
	struct umpire_decision dec;
	size_t n, k = 0;
	int rc;

	umpire_game_decision(g, &dec);
	kind[0] = '\0';
	*step = g->step + 1;
	*exact = false;
	if (!seen)
		return EX_OSERR;
	if ((rc = umpire_history_load(h, &n, d)))
		goto done;
	/* Newest first, one a step (a host step awaits the same). */
	for (size_t i = n; i-- > 0 && k < NEXT_LOOKBACK;) {
		struct awaited a;
		umpire_buf_clear(&text);
		if (umpire_history_rev_read(h, i, UMPIRE_STATE_PATH, &text, d) != 0 ||
		    !awaited_of(&a, &text) || (k && seen[k - 1].step == a.step))
			continue;
		seen[k++] = a;
		if (k > 1 && strcmp(a.player, dec.player) == 0 &&
		    strcmp(a.kind, dec.kind) == 0)
			break;
	}
	size_t last = k;	/* the round before: seen[last - 1] */
	bool round = k > 1 && strcmp(seen[k - 1].player, dec.player) == 0 &&
		strcmp(seen[k - 1].kind, dec.kind) == 0;
	for (size_t i = last - (round ? 1 : 0); round && i-- > 1;)
		if (strcmp(seen[i].player, player) == 0) {
			snprintf(kind, kindsize, "%s", seen[i].kind);
			*step = g->step + (seen[i].step - seen[last - 1].step);
			*exact = true;
			goto done;
		}
	for (size_t i = 0; i < k; i++)
		if (strcmp(seen[i].player, player) == 0) {
			snprintf(kind, kindsize, "%s", seen[i].kind);
			break;
		}
done:
	free(seen);
	umpire_buf_free(&text);
	return rc;
}

/*
 * The template for player's next decision while the game awaits
 * another's: the envelope as it will probably be, what is known now
 * (the board, his private view), and no example, since the choices are
 * not known before the decision is awaited.
 */
static int
next_template(struct umpire_buf *out, struct umpire_history *h,
	const struct umpire_game *g, const char *player,
	const struct umpire_buf *view, struct umpire_diags *d)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_decision dec;
	char kind[64], whose[80], his[80];
	long step;
	bool exact;
	int rc;

	umpire_game_decision(g, &dec);
	if ((rc = next_decision(h, g, player, kind, sizeof(kind), &step, &exact,
	    d)))
		return rc;
	umpire_possessive(player, his, sizeof(his));
	struct umpire_node *env = umpire_node_map(&a, false);
	umpire_map_add(&a, env, "umpire", umpire_node_int(&a, UMPIRE_FORMAT));
	umpire_map_add(&a, env, "ruleset", umpire_node_str(&a, g->rules->name));
	umpire_map_add(&a, env, "game", umpire_node_str(&a, g->id));
	umpire_map_add(&a, env, "player", umpire_node_str(&a, player));
	umpire_map_add(&a, env, "step", umpire_node_int(&a, step));
	umpire_yaml_emit(out, env, umpire_orders_comment(&a, g->rules->name,
		umpire_arena_printf(&a, "orders for %s next decision%s%s%s in %s, "
		"not yet awaited (umpire orders)", his, kind[0] ? " (" : "", kind,
		kind[0] ? ")" : "", g->id)));
	umpire_buf_printf(out, "#\n# Not yet awaited: step %ld awaits %s %s.  ",
		g->step, umpire_possessive(dec.player, whose, sizeof(whose)),
		dec.kind);
	if (kind[0] && exact)
		umpire_buf_printf(out, "Your next decision\n# is your %s, at "
			"step %ld if it comes as it came a round ago; when it\n# is "
			"awaited, umpire status says its step: write that one in "
			"step:.\n", kind, step);
	else if (kind[0])
		umpire_buf_printf(out, "Your next decision\n# is likely your "
			"%s, as your last was; its step is not known yet (%ld\n# is "
			"the earliest): umpire status says it once it is awaited.\n",
			kind, step);
	else
		umpire_buf_printf(out, "You have not been\n# asked yet: umpire "
			"status says when you are, and the step to write\n# in "
			"step:.\n");
	standing(out, g, player);
	struct umpire_buf board = UMPIRE_BUF_INIT;
	umpire_game_board(g, &board);
	umpire_buf_puts(out, "#\n# The board now (it may change before your "
		"decision):\n");
	comment(out, "#   ", board.ptr, board.len);
	umpire_buf_free(&board);
	if (view && view->len) {
		umpire_buf_puts(out, "#\n# What you alone know now (your private "
			"view):\n");
		comment(out, "#   ", view->ptr, view->len);
	}
	umpire_buf_printf(out, "#\n# Write your orders below (man 7 umpire-%s "
		"says what they hold).  The\n# choices depend on the board when "
		"the decision comes: umpire orders\n# lists them, with an "
		"example, once it is awaited.\n", g->rules->name);
	sign_hint(out, g);
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
	if (as && !cli_is_player(g, "--as", as, &d)) {
		rc = EX_USAGE;
	} else if (as && g->hides && (rc = cli_private_view(&view, h, g, as,
	    identity, &d)) > 1)
		;
	else if (as && dec.player && strcmp(as, dec.player) != 0)
		/* Another's decision is awaited: his next one's template. */
		rc = next_template(&out, h, g, as, rc == 0 && g->hides ? &view :
			NULL, &d);
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

/*
 * The signature ssh-keygen makes of the file at path with key: run on
 * standard input, so that it writes to standard output and never asks
 * "Overwrite (y/n)?" about an old .sig.  A passphrase it asks for as
 * it always does (the terminal, SSH_ASKPASS); a public key it signs
 * with through ssh-agent.  0, or a sysexits code after a diagnostic.
 */
static int
ssh_keygen_sign(struct umpire_buf *out, const char *path, const char *key,
	struct umpire_diags *d)
{
	int in, fds[2];
	struct stat st;

	/* ssh-keygen's own words for these are "Couldn't load public key". */
	if (stat(key, &st) != 0) {
		int err = errno;
		umpire_diag(d, UMPIRE_ERROR, key, 0, 0, "cannot open the key: %s; "
			"--key names your OpenSSH key file, such as "
			"~/.ssh/id_ed25519", strerror(err));
		return err == ENOENT || err == ENOTDIR ? EX_NOINPUT : EX_IOERR;
	}
	if (!S_ISREG(st.st_mode)) {
		umpire_diag(d, UMPIRE_ERROR, key, 0, 0, "is %s, not a key file; "
			"--key names your OpenSSH key file, such as "
			"~/.ssh/id_ed25519", umpire_file_kind(st.st_mode));
		return EX_NOINPUT;
	}
	if ((in = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		int err = errno;
		umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot read: %s",
			strerror(err));
		return err == ENOENT ? EX_NOINPUT : EX_IOERR;
	}
	if (pipe(fds) != 0) {
		close(in);
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "pipe: %s", strerror(errno));
		return EX_OSERR;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		char *args[] = { "ssh-keygen", "-q", "-Y", "sign", "-n",
			UMPIRE_SSHSIG_NAMESPACE, "-f", (char *)key, NULL };
		if (dup2(in, 0) < 0 || dup2(fds[1], 1) < 0)
			_exit(EX_OSERR);
		execvp(args[0], args);
		_exit(127);
	}
	close(in);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "fork: %s", strerror(errno));
		return EX_OSERR;
	}
	char chunk[4096];
	ssize_t n;
	while ((n = read(fds[0], chunk, sizeof(chunk))) > 0 ||
	    (n < 0 && errno == EINTR))
		if (n > 0 && out->len < UMPIRE_SSHSIG_MAX)
			umpire_buf_add(out, chunk, (size_t)n);
	close(fds[0]);
	int status;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "cannot run ssh-keygen: "
			"is OpenSSH's client installed and on PATH?");
		return EX_UNAVAILABLE;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		umpire_diag(d, UMPIRE_ERROR, key, 0, 0, "ssh-keygen could not sign "
			"with this key (%s %d): a wrong passphrase, or a public key "
			"that no ssh-agent holds?", WIFEXITED(status) ? "exit" :
			"signal", WIFEXITED(status) ? WEXITSTATUS(status) :
			WTERMSIG(status));
		return EX_NOPERM;
	}
	return 0;
}

int
cmd_sign(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "key", required_argument, NULL, 'k' },
		{ "signature", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *key = NULL, *sigpath = NULL;
	int rc = 0, c;

	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		if (c == -2)
			return rc;
		if (c == 'k')
			key = optarg;
		if (c == 'g')
			sigpath = optarg;
	}
	if (argc - optind != 1)
		return cli_usage(argv[0], "name one orders file");
	if (!key)
		return cli_usage(argv[0], "--key KEY names the OpenSSH key to sign "
			"with (its public half to sign through ssh-agent)");
	const char *path = argv[optind];
	if (strcmp(path, "-") == 0)
		return cli_usage(argv[0], "sign a file, not standard input: the "
			"signature goes beside it");

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf text = UMPIRE_BUF_INIT, sig = UMPIRE_BUF_INIT;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_sshsig s;
	struct umpire_crypto_error err;

	if (!sigpath)
		sigpath = umpire_arena_printf(&a, "%s.sig", path);
	if ((rc = umpire_file_read(&text, path, UMPIRE_YAML_MAX_BYTES, &d)) ||
	    (rc = ssh_keygen_sign(&sig, path, key, &d)))
		goto done;
	/*
	 * What ssh-keygen wrote must be a signature of these very bytes
	 * in umpire's namespace (the file may have changed meanwhile).
	 */
	rc = EX_SOFTWARE;
	if (umpire_sshsig_parse(&s, sig.ptr, sig.len, &err) ||
	    umpire_sshsig_verify(NULL, &s, text.ptr, text.len,
	    UMPIRE_SSHSIG_NAMESPACE, &s.key, 1, &err)) {
		umpire_diag(&d, UMPIRE_ERROR, path, 0, 0, "the signature ssh-keygen "
			"made does not hold: %s; sign again", err.msg);
		goto done;
	}
	if ((rc = umpire_file_write(sigpath, sig.ptr, sig.len, &d)) == 0)
		printf("%s: signed by %s\n", sigpath, s.fingerprint);
done:
	umpire_buf_free(&text);
	umpire_buf_free(&sig);
	umpire_arena_free(&a);
	return cli_done(&d, rc);
}
