/*
 * mail.h - what umpire mail reads in a message: who sent it, whether
 * it may be answered, and the orders and signature it carries.
 *
 * GMime parses the MIME; this file decides which part holds what, and
 * how the orders are cut out of a text body (umpire(1), mail).  It
 * knows nothing of games, so that the fuzzer (tests/fuzz/fuzz_mail.c)
 * links it alone; only it and cmd_mail.c link GMime.
 *
 * Ownership: cli_mail_read fills a struct cli_mail that owns every
 * string in it; cli_mail_free frees them.  cli_mail_init must have
 * run once before (and cli_mail_done once after, for valgrind).
 */
#ifndef UMPIRE_CLI_MAIL_H
#define UMPIRE_CLI_MAIL_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"

/* The largest message umpire mail reads; larger ones are refused unread. */
#define CLI_MAIL_MAX_BYTES (4 * 1024 * 1024)
/* The most MIME parts it looks at, and how deep it nests them. */
#define CLI_MAIL_MAX_PARTS 64
#define CLI_MAIL_MAX_DEPTH 8

enum cli_mail_kind {
	CLI_MAIL_ORDERS,	/* orders found: .orders, maybe .sig */
	CLI_MAIL_NOT_ORDERS,	/* nothing that looks like orders */
	CLI_MAIL_HTML_ONLY,	/* only HTML text, which umpire does not read */
	CLI_MAIL_BAD,		/* not a message umpire can read: .why */
};

struct cli_mail {
	enum cli_mail_kind kind;
	const char *why;	/* CLI_MAIL_BAD: what is wrong */
	/*
	 * Where a reply goes (Reply-To's first mailbox, else From's), the
	 * From address alone: each a plain
	 * addr-spec checked to hold no blank, control character or any of
	 * < > ( ) , ; : " \ [ ], or NULL.
	 */
	char *reply_to;
	char *from;
	/* The subject in UTF-8, every control character a space; or NULL. */
	char *subject;
	/* Message-ID without its <>, and References as "<a> <b>": NULL if none. */
	char *message_id;
	char *references;
	/*
	 * Why the message must not be answered (Auto-Submitted, Precedence,
	 * an empty Return-Path, MAILER-DAEMON), or NULL: loops start there.
	 */
	const char *automatic;
	/* CLI_MAIL_ORDERS: the orders as UTF-8, and the name they came under. */
	struct umpire_buf orders;
	char *orders_name;
	bool from_body;		/* cut out of the text, not an attachment */
	bool has_sig;
	struct umpire_buf sig;
};

void cli_mail_init(void);
void cli_mail_done(void);

/* Read the message msg[0..len); never fails but says what it found. */
void cli_mail_read(struct cli_mail *out, const char *msg, size_t len);
void cli_mail_free(struct cli_mail *m);

/*
 * The orders in a text body (UTF-8, LF line ends): see umpire(1) for
 * the rule.  Appends them to orders and an armored SSH signature found
 * beside them to sig; false if the text holds no orders.
 */
bool cli_mail_cut_orders(struct umpire_buf *orders, struct umpire_buf *sig,
	bool *has_sig, const char *text, size_t len);

/*
 * The SVG picture svg[0..len) rendered as a PNG, appended to out
 * (mail_png.c, librsvg): 0, or -1 if it cannot be.
 */
int cli_mail_png(struct umpire_buf *out, const char *svg, size_t len);

/* s is a plain address (see struct cli_mail). */
bool cli_mail_address_ok(const char *s);

#endif
