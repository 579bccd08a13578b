/*
 * cmd_mail.c - umpire mail: adjudicate the orders in one message on
 * standard input, as a mail system's alias, .forward, procmail or
 * maildrop hands it over, and mail the outcome (umpire(1), mail).
 *
 * The turn is umpire turn's (cli_turn).  What the exit status tells the
 * mail system: 0 when the message was dealt with (a step played, orders
 * refused and the sender told why, or a message that is not orders
 * answered or kept); 75 when the game is locked or the host cannot
 * adjudicate now, so that the mail system delivers it again later; 64
 * for a wrong command line.  A message that did not make a step is kept
 * in the --keep Maildir with an X-Umpire-Kept header saying why.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <unistd.h>

#include <gmime/gmime.h>

#include "cli.h"
#include "mail/mail.h"
#include "doc/yaml.h"
#include "render/plain.h"

#define DEFAULT_SENDMAIL "/usr/sbin/sendmail -t -i"
#define NO_ADDRESS "@umpire.invalid"	/* a player without an email */
#define MAX_QUOTED_LINES 200

struct attachment {
	const char *name;
	const char *type;	/* "application/octet-stream" */
	const char *data;
	size_t len;
};

/* One message umpire sends. */
struct outgoing {
	const char *from, *to, *subject;
	const char *in_reply_to, *references;	/* a reply's, or NULL */
	const char *body;
	struct attachment att[6];
	size_t natt;
};

struct mailer {
	const char *from;	/* the game's address */
	const char *sendmail;
	const char *maildir;	/* instead of sendmail */
	unsigned serial;	/* Maildir names made by this process */
};

/* ----------------------------------------------------------- Maildir */

static int
mkdir_ok(const char *path, struct umpire_diags *d)
{
	if (mkdir(path, 0700) == 0 || errno == EEXIST)
		return 0;
	umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "cannot create the directory: "
		"%s", strerror(errno));
	return EX_CANTCREAT;
}

/*
 * Deliver data into the Maildir dir as maildir(5) says: a unique name
 * in tmp/, written and synced, then renamed into new/.
 */
static int
maildir_put(const char *dir, unsigned *serial, const char *head,
	const char *data, size_t len, struct umpire_diags *d)
{
	char host[256] = "localhost", name[512], tmp[4096], new[4096];
	struct timeval tv;
	int rc, fd;

	snprintf(tmp, sizeof(tmp), "%s/tmp", dir);
	snprintf(new, sizeof(new), "%s/new", dir);
	if ((rc = mkdir_ok(dir, d)) || (rc = mkdir_ok(tmp, d)) ||
	    (rc = mkdir_ok(new, d)))
		return rc;
	snprintf(name, sizeof(name), "%s/cur", dir);
	if ((rc = mkdir_ok(name, d)))
		return rc;
	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	for (char *p = host; *p; p++)
		if (*p == '/' || *p == ':')
			*p = '_';
	gettimeofday(&tv, NULL);
	snprintf(name, sizeof(name), "%lld.M%ldP%ldQ%u.%s",
		(long long)tv.tv_sec, (long)tv.tv_usec, (long)getpid(),
		++*serial, host);
	snprintf(tmp, sizeof(tmp), "%s/tmp/%s", dir, name);
	snprintf(new, sizeof(new), "%s/new/%s", dir, name);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) < 0) {
		umpire_diag(d, UMPIRE_ERROR, tmp, 0, 0, "cannot create: %s",
			strerror(errno));
		return EX_CANTCREAT;
	}
	FILE *f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(tmp);
		return EX_OSERR;
	}
	if (head)
		fputs(head, f);
	fwrite(data, 1, len, f);
	if (fflush(f) != 0 || fsync(fd) != 0 || ferror(f)) {
		umpire_diag(d, UMPIRE_ERROR, tmp, 0, 0, "cannot write: %s",
			strerror(errno));
		fclose(f);
		unlink(tmp);
		return EX_IOERR;
	}
	fclose(f);
	if (rename(tmp, new) != 0) {
		umpire_diag(d, UMPIRE_ERROR, new, 0, 0, "cannot deliver: %s",
			strerror(errno));
		unlink(tmp);
		return EX_IOERR;
	}
	return 0;
}

/* ----------------------------------------------------------- sending */

static void
add_part(GMimeMultipart *mp, GMimeObject *part)
{
	g_mime_multipart_add(mp, part);
	g_object_unref(part);
}

/* The message o as RFC 5322 text, with LF line ends, into out. */
static void
render(struct umpire_buf *out, const struct outgoing *o)
{
	GMimeMessage *m = g_mime_message_new(TRUE);
	GMimeObject *mo = GMIME_OBJECT(m);
	const char *domain = strrchr(o->from, '@');

	g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_FROM, "umpire", o->from);
	g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_TO, NULL, o->to);
	g_mime_message_set_subject(m, o->subject, "utf-8");
	GDateTime *now = g_date_time_new_now_local();
	g_mime_message_set_date(m, now);
	g_date_time_unref(now);
	char *id = g_mime_utils_generate_message_id(domain ? domain + 1 :
		"umpire.invalid");
	g_mime_message_set_message_id(m, id);
	g_free(id);
	g_mime_object_set_header(mo, "Auto-Submitted", o->in_reply_to ?
		"auto-replied" : "auto-generated", NULL);
	if (o->in_reply_to) {
		char *irt = g_strdup_printf("<%s>", o->in_reply_to);
		char *refs = g_strdup_printf("%s%s%s", o->references ?
			o->references : "", o->references ? " " : "", irt);
		g_mime_object_set_header(mo, "In-Reply-To", irt, NULL);
		g_mime_object_set_header(mo, "References", refs, NULL);
		g_free(irt);
		g_free(refs);
	}

	GMimeTextPart *text = g_mime_text_part_new_with_subtype("plain");
	g_mime_text_part_set_text(text, o->body);
	g_mime_part_set_content_encoding(GMIME_PART(text),
		g_mime_part_get_best_content_encoding(GMIME_PART(text),
		GMIME_ENCODING_CONSTRAINT_7BIT));
	if (o->natt == 0) {
		g_mime_message_set_mime_part(m, GMIME_OBJECT(text));
		g_object_unref(text);
	} else {
		GMimeMultipart *mp = g_mime_multipart_new_with_subtype("mixed");
		add_part(mp, GMIME_OBJECT(text));
		for (size_t i = 0; i < o->natt; i++) {
			const struct attachment *a = &o->att[i];
			char *slash = strchr(a->type, '/');
			char *type = g_strndup(a->type, (gsize)(slash - a->type));
			GMimePart *p = g_mime_part_new_with_type(type, slash + 1);
			g_free(type);
			GMimeStream *s = g_mime_stream_mem_new_with_buffer(a->data,
				a->len);
			GMimeDataWrapper *w = g_mime_data_wrapper_new_with_stream(s,
				GMIME_CONTENT_ENCODING_DEFAULT);
			g_mime_part_set_content(p, w);
			g_object_unref(w);
			g_object_unref(s);
			g_mime_part_set_filename(p, a->name);
			if (strncmp(a->type, "text/", 5) == 0) {
				/* A text shown in the letter, after the body. */
				g_mime_object_set_disposition(GMIME_OBJECT(p),
					GMIME_DISPOSITION_INLINE);
				g_mime_part_set_content_encoding(p,
					g_mime_part_get_best_content_encoding(p,
					GMIME_ENCODING_CONSTRAINT_7BIT));
			} else
				g_mime_part_set_content_encoding(p,
					GMIME_CONTENT_ENCODING_BASE64);
			add_part(mp, GMIME_OBJECT(p));
		}
		g_mime_message_set_mime_part(m, GMIME_OBJECT(mp));
		g_object_unref(mp);
	}
	GMimeStream *mem = g_mime_stream_mem_new();
	g_mime_object_write_to_stream(mo, NULL, mem);
	GByteArray *b = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	umpire_buf_add(out, b->data, b->len);
	g_object_unref(mem);
	g_object_unref(m);
}

static int
send_one(struct mailer *ml, const struct outgoing *o, struct umpire_diags *d)
{
	struct umpire_buf msg = UMPIRE_BUF_INIT;
	int rc = 0;

	render(&msg, o);
	if (ml->maildir)
		rc = maildir_put(ml->maildir, &ml->serial, NULL, msg.ptr, msg.len,
			d);
	else {
		fflush(NULL);
		FILE *p = popen(ml->sendmail, "w");
		if (!p) {
			umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "cannot run '%s': %s",
				ml->sendmail, strerror(errno));
			rc = EX_UNAVAILABLE;
		} else {
			fwrite(msg.ptr, 1, msg.len, p);
			int st = pclose(p);
			if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
				umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "'%s' failed "
					"(status %d) on the message to %s", ml->sendmail,
					st == -1 || !WIFEXITED(st) ? -1 : WEXITSTATUS(st),
					o->to);
				rc = EX_UNAVAILABLE;
			}
		}
	}
	umpire_buf_free(&msg);
	return rc;
}

/* ------------------------------------------------------------ replies */

struct job {
	struct mailer ml;
	struct cli_mail m;
	const char *raw;
	size_t rawlen;
	const char *keep;
	const char *kept;	/* why, once kept */
	bool answer;		/* the sender may be answered */
	bool replied, reply_failed;
	bool played;		/* a step was committed */
	char *subject_re;
	const char *page_url;	/* the game's page (umpire site), or NULL */
};

static void
reply(struct job *j, const char *body, struct umpire_diags *d)
{
	struct outgoing o = { j->ml.from, j->m.reply_to, j->subject_re,
		j->m.message_id, j->m.references, body, { { 0 } }, 0 };

	if (!j->answer)
		return;
	if (send_one(&j->ml, &o, d)) {
		umpire_diag(d, UMPIRE_WARNING, NULL, 0, 0, "no reply went to %s",
			j->m.reply_to);
		j->reply_failed = true;
	} else
		j->replied = true;
}

/* Keep the message, with why in a header of its own; 0 or a sysexits code. */
static int
keep(struct job *j, const char *why, struct umpire_diags *d)
{
	if (!j->keep || j->kept)
		return 0;
	char *head = g_strdup_printf("X-Umpire-Kept: %s\n", why);
	int rc = maildir_put(j->keep, &j->ml.serial, head, j->raw, j->rawlen, d);
	g_free(head);
	if (rc == 0)
		j->kept = why;
	return rc;
}

static const char not_orders_text[] =
	"This is umpire, the adjudicator of the games played at this address.\n"
	"Your message holds no orders, so nothing was played.\n\n"
	"Send an orders file as the plain-text body of a message, or attach\n"
	"it as a file whose name ends in .yaml (and its signature, in a game\n"
	"whose players have keys, as a file whose name ends in .sig).  The\n"
	"orders begin at the line \"umpire: 1\"; `umpire bot GAME` prints an\n"
	"example.  See umpire(1), PLAY BY EMAIL.\n";

static const char html_text[] =
	"This is umpire, the adjudicator of the games played at this address.\n"
	"Your message has only HTML text, which umpire does not read (what an\n"
	"HTML message shows need not be what it says), so nothing was played.\n\n"
	"Send the orders again as plain text, or attach the orders file (a\n"
	"name ending in .yaml).  See umpire(1), PLAY BY EMAIL.\n";

/* The orders as read, numbered as the diagnostics count their lines. */
static void
quote_orders(struct umpire_buf *b, const struct umpire_buf *orders)
{
	const char *p = orders->ptr, *end = p + orders->len;
	int line = 1;

	while (p < end && line <= MAX_QUOTED_LINES) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);
		umpire_buf_printf(b, "%5d | %.*s\n", line++, (int)n, p);
		p = nl ? nl + 1 : end;
	}
	if (p < end)
		umpire_buf_puts(b, "      | ...\n");
}

static void
refuse(struct job *j, const char *game, struct umpire_diags *diags,
	struct umpire_diags *d)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (f) {
		umpire_diags_print(diags, f);
		fclose(f);
	}
	umpire_buf_printf(&b, "umpire refused your orders%s%s; nothing was "
		"played.\nEvery problem it found:\n\n%.*s\n", game ? " for game " :
		"", game ? game : "", (int)len, text ? text : "");
	umpire_buf_printf(&b, "The orders as umpire read them (%s, lines "
		"numbered as above):\n\n", j->m.from_body ? "from the text of "
		"your message" : "the attachment");
	quote_orders(&b, &j->m.orders);
	free(text);
	reply(j, umpire_buf_cstr(&b), d);
	umpire_buf_free(&b);
}

/* ------------------------------------------------------------- games */

/* The game: orders name in the envelope; NULL after diagnostics. */
static char *
orders_game(struct job *j, struct umpire_diags *diags)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_yaml_limits lim = UMPIRE_YAML_LIMITS_INIT;
	struct umpire_node *root = NULL;
	char *id = NULL;

	if (umpire_yaml_parse(&root, &a, j->m.orders_name, j->m.orders.ptr,
	    j->m.orders.len, &lim, diags) == 0) {
		const char *s = root && root->type == UMPIRE_MAP ?
			umpire_node_cstr(umpire_map_get(root, "game")) : NULL;
		if (s)
			id = strdup(s);
		else
			umpire_diag(diags, UMPIRE_ERROR, j->m.orders_name, 0, 0,
				"the orders name no game (game: ID), so umpire "
				"cannot tell which game they are for");
	}
	umpire_arena_free(&a);
	return id;
}

/*
 * Whether id has a game id's shape (umpire-files(5)): it names a file
 * under --games, and comes from whoever sent the message.
 */
static bool
id_shaped(const char *id)
{
	size_t n = 0, hex = 0;

	if (!(id[0] >= 'a' && id[0] <= 'z'))
		return false;
	while (id[n] && id[n] != '-') {
		if (!((id[n] >= 'a' && id[n] <= 'z') || (id[n] >= '0' &&
		    id[n] <= '9')) || ++n > 16)
			return false;
	}
	if (id[n++] != '-')
		return false;
	for (; id[n]; n++, hex++)
		if (!((id[n] >= '0' && id[n] <= '9') || (id[n] >= 'a' &&
		    id[n] <= 'f')))
			return false;
	return hex == 10 || hex == 32;
}

/*
 * The game whose id is id: games/ID, the game's folder named by its id
 * or a symbolic link of that name to it (umpire(1), Hosting many
 * games).  Found by its name alone: no other game is read, and an
 * unknown id costs one failed lookup, less than a known one.  Whether
 * the folder holds that game, turn checks as it checks every orders'
 * game: a link gone wrong refuses the orders, naming both games.
 */
static char *
find_game(const char *games, const char *id)
{
	struct stat st;
	char *path, *found = NULL;

	if (!id_shaped(id))
		return NULL;
	path = g_strdup_printf("%s/%s", games, id);
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		found = strdup(path);
	g_free(path);
	return found;
}

static bool
has_address(const struct umpire_player *p)
{
	size_t n = strlen(p->email), k = strlen(NO_ADDRESS);

	return cli_mail_address_ok(p->email) && !(n >= k &&
		strcasecmp(p->email + n - k, NO_ADDRESS) == 0);
}

/*
 * The newest private view of player's that the steps from step on made
 * (his own step, then the steps of umpire's that applied standing
 * orders after it), as committed, with its picture: the paths into
 * view and pic, the encrypted files into vf and pf (left empty when no
 * step made one).
 */
static void
latest_view(struct umpire_history *h, const struct umpire_game *g,
	long step, const char *player, char view[UMPIRE_PATH_MAX],
	struct umpire_buf *vf, char pic[UMPIRE_PATH_MAX], struct umpire_buf *pf)
{
	struct umpire_diags quiet = UMPIRE_DIAGS_INIT;

	for (long s = g->step - 1; s >= step; s--) {
		umpire_view_path(view, g->layout, s, player);
		if (umpire_history_read(h, view, vf, &quiet) == 0) {
			umpire_view_picture_path(pic, g->layout, s, player);
			if (umpire_history_read(h, pic, pf, &quiet) != 0)
				umpire_buf_free(pf);
			break;
		}
		umpire_buf_free(vf);
	}
	umpire_diags_free(&quiet);
}

/*
 * The step's report to the sender (a reply) and to every player with an
 * address, each player's private view attached to his message only: the
 * newest his letter's steps made.
 */
static int
send_reports(struct job *j, const char *dir, const struct cli_turn_out *out,
	struct umpire_diags *d)
{
	struct umpire_history *h;
	struct umpire_game *g;
	int rc, failed = 0;

	if ((rc = cli_open_game(&h, &g, dir, false, d)))
		return rc;
	bool sender_played = false;
	char *public_subject = g_strdup_printf("%s: step %ld", g->title,
		out->step);
	/*
	 * What every letter carries: the report in plain text, and the
	 * board as a PNG beside the SVG, which few mail clients show.  The
	 * player whose decision is next gets a letter of his own: "Your
	 * turn" in its subject and the orders template (umpire orders) as
	 * the body he fills in and sends back.
	 */
	struct umpire_buf plain = UMPIRE_BUF_INIT, png = UMPIRE_BUF_INIT;
	struct umpire_buf tmpl = UMPIRE_BUF_INIT;
	char png_name[UMPIRE_PATH_MAX], txt_name[UMPIRE_PATH_MAX];
	struct umpire_decision next;
	snprintf(png_name, sizeof(png_name), "%04ld.png", out->step);
	snprintf(txt_name, sizeof(txt_name), "%04ld.txt", out->step);
	bool have_png = cli_mail_png(&png, out->picture.ptr,
		out->picture.len) == 0;
	umpire_plain_report(&plain, out->report.ptr, out->report.len, have_png ?
		png_name : out->picture_name);
	umpire_game_decision(g, &next);
	struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
	if (next.player && cli_orders_template(&tmpl, g, NULL, &quiet))
		next.player = NULL;
	umpire_diags_free(&quiet);
	char whose[80];
	char *turn_subject = next.player ? g_strdup_printf("Your turn: %s, "
		"step %ld (%s %s)", g->title, g->step, umpire_possessive(
		next.player, whose, sizeof(whose)), next.kind) : NULL;
	for (size_t i = 0; i <= g->nplayers; i++) {
		const struct umpire_player *p = i < g->nplayers ?
			&g->players[i] : NULL;
		/* The sender last, unless he is a player. */
		if (!p && (sender_played || !j->answer))
			break;
		if (p && !has_address(p))
			continue;
		bool is_sender = j->answer && (!p ||
			strcasecmp(p->email, j->m.reply_to) == 0);
		if (is_sender && sender_played)
			continue;
		sender_played |= is_sender && p;
		struct outgoing o = { j->ml.from, p ? p->email : j->m.reply_to,
			public_subject, NULL, NULL, NULL, { { 0 } }, 0 };
		struct umpire_buf body = UMPIRE_BUF_INIT;
		bool turn = p && next.player && strcmp(p->id, next.player) == 0;
		if (turn)
			o.subject = turn_subject;
		if (is_sender) {
			o.subject = j->subject_re;
			o.in_reply_to = j->m.message_id;
			o.references = j->m.references;
			umpire_buf_printf(&body, "umpire accepted your orders and "
				"played step %ld of %s.\n\n", out->step, g->id);
		}
		if (turn) {
			umpire_buf_printf(&body, "Your turn: step %ld of %s awaits "
				"%s %s.\nFill in the orders below and send them back (a "
				"reply will do);\nthe report of step %ld follows them.\n\n",
				g->step, g->id, whose, next.kind, out->step);
			umpire_buf_add(&body, tmpl.ptr, tmpl.len);
			o.att[o.natt++] = (struct attachment){ txt_name, "text/plain",
				plain.ptr, plain.len };
		} else
			umpire_buf_add(&body, plain.ptr, plain.len);
		/* The page umpire site publishes: the step's own section. */
		if (j->page_url)
			umpire_buf_printf(&body, "\nThe game's page: %s#step-%ld\n",
				j->page_url, out->step);
		o.att[o.natt++] = (struct attachment){ out->picture_name,
			"image/svg+xml", out->picture.ptr, out->picture.len };
		if (have_png)
			o.att[o.natt++] = (struct attachment){ png_name, "image/png",
				png.ptr, png.len };
		char view[UMPIRE_PATH_MAX], pic[UMPIRE_PATH_MAX];
		struct umpire_buf vf = UMPIRE_BUF_INIT, pf = UMPIRE_BUF_INIT;
		if (p && g->hides)
			latest_view(h, g, out->step, p->id, view, &vf, pic, &pf);
		if (vf.ptr) {
			const char *name = strrchr(view, '/') + 1;
			o.att[o.natt++] = (struct attachment){ name,
				"application/octet-stream", vf.ptr, vf.len };
			umpire_buf_printf(&body, "\nYour private report is attached, "
				"encrypted to your key:\n\n    age -d -i ~/.ssh/id_ed25519 "
				"%s\n", name);
		}
		if (pf.ptr)
			o.att[o.natt++] = (struct attachment){ strrchr(pic,
				'/') + 1, "application/octet-stream", pf.ptr, pf.len };
		o.body = umpire_buf_cstr(&body);
		if (send_one(&j->ml, &o, d))
			failed++;
		umpire_buf_free(&body);
		umpire_buf_free(&vf);
		umpire_buf_free(&pf);
	}
	g_free(public_subject);
	g_free(turn_subject);
	umpire_buf_free(&plain);
	umpire_buf_free(&png);
	umpire_buf_free(&tmpl);
	umpire_game_free(g);
	umpire_history_close(h);
	return failed ? EX_UNAVAILABLE : 0;
}

/* ------------------------------------------------------------- verb */

/* Standard input, up to max bytes; *over if there was more (then drained). */
static int
read_message(struct umpire_buf *out, size_t max, bool *over)
{
	char chunk[65536];
	size_t n;

	*over = false;
	while ((n = fread(chunk, 1, sizeof(chunk), stdin)) > 0) {
		if (out->len + n > max) {
			*over = true;
			umpire_buf_add(out, chunk, max - out->len);
			while (fread(chunk, 1, sizeof(chunk), stdin) > 0)
				;
			break;
		}
		umpire_buf_add(out, chunk, n);
	}
	return ferror(stdin) ? EX_IOERR : 0;
}

static int
handle_orders(struct job *j, const char *game_dir, const char *games,
	const char *seed_file, struct umpire_diags *d)
{
	struct umpire_diags diags = UMPIRE_DIAGS_INIT;
	struct cli_turn_out out = CLI_TURN_OUT_INIT;
	struct cli_orders mem = { j->m.orders.ptr, j->m.orders.len,
		j->m.has_sig ? j->m.sig.ptr : NULL, j->m.sig.len };
	char *dir = game_dir ? strdup(game_dir) : NULL, *id = NULL;
	int rc = 0;

	if (!dir && !(id = orders_game(j, &diags))) {
		rc = keep(j, "orders refused: no game named", d);
		refuse(j, NULL, &diags, d);
		goto done;
	}
	if (!dir && !(dir = find_game(games, id))) {
		umpire_diag(&diags, UMPIRE_ERROR, j->m.orders_name, 0, 0, "no game "
			"%s is played at this address", umpire_quote_str(&diags, id));
		rc = keep(j, "orders refused: no such game", d);
		refuse(j, NULL, &diags, d);
		goto done;
	}
	rc = cli_turn(&out, dir, j->m.orders_name, &mem, NULL, seed_file, false,
		&diags);
	if (rc == 0) {
		j->played = true;
		if ((rc = send_reports(j, dir, &out, d))) {
			umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "step %ld was played "
				"but not every report could be sent", out.step);
			rc = keep(j, "step played, reports not all sent", d) == 0 &&
				j->kept ? 0 : EX_IOERR;
		}
	} else if (rc == EX_DATAERR || rc == EX_NOPERM) {
		rc = keep(j, "orders refused", d);
		refuse(j, id, &diags, d);
	} else {
		/* Locked, or the host's trouble: the mail system tries again. */
		umpire_diags_warn(d, &diags);
		if (rc != EX_TEMPFAIL)
			umpire_diag(d, UMPIRE_ERROR, dir, 0, 0, "cannot adjudicate "
				"now (exit %d); the mail system will deliver the message "
				"again", rc);
		rc = EX_TEMPFAIL;
	}
done:
	cli_turn_out_free(&out);
	umpire_diags_free(&diags);
	free(dir);
	free(id);
	return rc;
}

/*
 * The game's own address when --from gives none: the envelope recipient
 * the mail system delivered the message to, never a header the sender
 * wrote (a To: of "ceo@bank.example, duel@..." would otherwise make
 * every report come from the bank, and the next orders go there).
 * Postfix's local(8) and Exim's pipe transport set RECIPIENT when they
 * run a command; an address extension (Postfix's EXTENSION, duel+x@)
 * is the sender's choice, so it is taken off.  NULL if there is none;
 * else the address, which the caller frees.
 */
static char *
envelope_address(void)
{
	const char *rcpt = getenv("RECIPIENT");
	const char *ext = getenv("EXTENSION");
	char *addr;

	if (!rcpt || !cli_mail_address_ok(rcpt))
		return NULL;
	addr = g_strdup(rcpt);
	char *at = strrchr(addr, '@');
	size_t n = ext ? strlen(ext) : 0;
	if (at && n > 0 && (size_t)(at - addr) > n + 1 &&
	    memcmp(at - n, ext, n) == 0) {
		/* "duel+x@host": one delimiter, then the extension. */
		memmove(at - n - 1, at, strlen(at) + 1);
	}
	return addr;
}

/* Seconds umpire mail waits for a busy game by default (--wait). */
#define MAIL_WAIT "30"

int
cmd_mail(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "game", required_argument, NULL, 'g' },
		{ "games", required_argument, NULL, 'G' },
		{ "from", required_argument, NULL, 'F' },
		{ "sendmail", required_argument, NULL, 's' },
		{ "maildir", required_argument, NULL, 'm' },
		{ "keep", required_argument, NULL, 'k' },
		{ "not-orders", required_argument, NULL, 'n' },
		{ "seed-file", required_argument, NULL, 'f' },
		{ "page-url", required_argument, NULL, 'u' },
		{ "wait", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, CLI_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *game = NULL, *games = NULL, *seed_file = NULL;
	const char *not_orders = "reply";
	/*
	 * The MTA retries a message that gets 75 minutes later; a busy game
	 * is free again within a second or two, so wait that long first.
	 */
	const char *wait = MAIL_WAIT;
	struct job j;
	int rc = 0, c;

	memset(&j, 0, sizeof(j));
	j.ml.sendmail = DEFAULT_SENDMAIL;
	/* A --sendmail command that quits early is an error, not our death. */
	signal(SIGPIPE, SIG_IGN);
	while ((c = cli_getopt(argc, argv, "", opts, &rc)) != -1) {
		switch (c) {
		case -2: return rc;
		case 'g': game = optarg; break;
		case 'G': games = optarg; break;
		case 'F': j.ml.from = optarg; break;
		case 's': j.ml.sendmail = optarg; break;
		case 'm': j.ml.maildir = optarg; break;
		case 'k': j.keep = optarg; break;
		case 'n': not_orders = optarg; break;
		case 'f': seed_file = optarg; break;
		case 'u': j.page_url = optarg; break;
		case 'w': wait = optarg; break;
		}
	}
	if (argc != optind)
		return cli_usage(argv[0], "the message comes on standard input");
	if ((rc = cli_set_wait(argv[0], wait)))
		return rc;
	if (!game == !games)
		return cli_usage(argv[0], "name one game (--game DIR) or a directory "
			"of games (--games DIR)");
	if (strcmp(not_orders, "reply") != 0 && strcmp(not_orders, "drop") != 0)
		return cli_usage(argv[0], "--not-orders takes reply or drop");
	if (strcmp(not_orders, "drop") == 0 && !j.keep)
		return cli_usage(argv[0], "--not-orders drop needs --keep DIR: no "
			"message is lost");
	/* One line of a mail body: no line break, no control character. */
	for (const char *ch = j.page_url; ch && *ch; ch++)
		if ((unsigned char)*ch < 0x20 || *ch == 0x7f)
			return cli_usage(argv[0], "--page-url takes one address, "
				"such as https://example.org/duel/");
	if (j.ml.from && !cli_mail_address_ok(j.ml.from))
		return cli_usage(argv[0], "--from takes a plain address, such as "
			"duel@example.org");
	char *envelope = j.ml.from ? NULL : envelope_address();
	if (!j.ml.from && !envelope)
		return cli_usage(argv[0], "give the game's own address with --from "
			"ADDRESS: umpire answers from it, and the mail system set no "
			"RECIPIENT to take it from (never from the message's To:, "
			"which the sender writes)");
	if (envelope)
		j.ml.from = envelope;

	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf raw = UMPIRE_BUF_INIT;
	bool over;

	if ((rc = read_message(&raw, CLI_MAIL_MAX_BYTES, &over))) {
		umpire_diag(&d, UMPIRE_ERROR, "<stdin>", 0, 0, "cannot read the "
			"message: %s", strerror(errno));
		umpire_buf_free(&raw);
		g_free(envelope);
		return cli_done(&d, EX_TEMPFAIL);
	}
	cli_mail_init();
	j.raw = raw.ptr ? raw.ptr : "";
	j.rawlen = raw.len;
	/* Of a message too large, the head alone says whom to tell. */
	cli_mail_read(&j.m, j.raw, over ? (raw.len < 65536 ? raw.len : 65536) :
		raw.len);
	const char *sender_env = getenv("SENDER");
	if (!j.m.automatic && sender_env && !*sender_env)
		j.m.automatic = "its envelope sender is empty: it is a bounce";
	j.answer = !j.m.automatic && j.m.reply_to;
	const char *subj = j.m.subject && *j.m.subject ? j.m.subject : "orders";
	j.subject_re = strncasecmp(subj, "re:", 3) == 0 ? g_strdup(subj) :
		g_strdup_printf("Re: %s", subj);

	/* Each message that makes no step is kept first, then answered. */
	if (over) {
		rc = keep(&j, "larger than 4 MiB (cut there)", &d);
		reply(&j, "This is umpire.  Your message is larger than the 4 MiB "
			"umpire reads, so\nnothing was played.  Orders files are "
			"small: send the orders alone.\n", &d);
	} else if (j.m.kind == CLI_MAIL_BAD) {
		char *t = g_strdup_printf("This is umpire.  It could not read your "
			"message: %s;\nnothing was played.\n", j.m.why);
		rc = keep(&j, j.m.why, &d);
		reply(&j, t, &d);
		g_free(t);
	} else if (j.m.kind != CLI_MAIL_ORDERS) {
		bool html = j.m.kind == CLI_MAIL_HTML_ONLY;
		rc = keep(&j, html ? "not orders: HTML only" : "not orders", &d);
		if (strcmp(not_orders, "reply") == 0)
			reply(&j, html ? html_text : not_orders_text, &d);
	} else
		rc = handle_orders(&j, game, games, seed_file, &d);

	/*
	 * Nothing lost: a message that made no step was answered or kept,
	 * or goes back to the mail system.  Only automatic mail, which must
	 * not be answered, may be dropped (with --keep, it is kept).
	 */
	if (rc == 0 && !j.played && !j.replied && !j.kept) {
		if (j.reply_failed) {
			umpire_diag(&d, UMPIRE_ERROR, NULL, 0, 0, "the reply could not "
				"be sent; the mail system will deliver the message again");
			rc = EX_TEMPFAIL;
		} else if (!j.m.automatic) {
			umpire_diag(&d, UMPIRE_ERROR, NULL, 0, 0, "the message has no "
				"plain From or Reply-To address to answer, and there is no "
				"--keep: it goes back to the mail system");
			rc = EX_DATAERR;
		} else
			umpire_diag(&d, UMPIRE_NOTE, NULL, 0, 0, "message dropped "
				"(--keep DIR keeps such messages)");
	}
	if (j.m.automatic && rc != EX_TEMPFAIL)
		umpire_diag(&d, UMPIRE_NOTE, NULL, 0, 0, "no reply to the sender: "
			"%s", j.m.automatic);
	if (j.kept)
		umpire_diag(&d, UMPIRE_NOTE, NULL, 0, 0, "message kept in %s: %s",
			j.keep, j.kept);
	g_free(j.subject_re);
	cli_mail_free(&j.m);
	cli_mail_done();
	umpire_buf_free(&raw);
	g_free(envelope);
	return cli_done(&d, rc);
}
