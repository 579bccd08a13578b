/*
 * step.c - one step made (step.h).
 */
#include "play/step.h"

#include <stdlib.h>
#include <string.h>

#include "play/default.h"
#include "play/verify.h"

void
umpire_step_trailers(struct umpire_buf *msg, const struct umpire_step_in *in)
{
	umpire_signed_trailer(msg, in->fp);
	if (in->kind == UMPIRE_STEP_DEFAULT)
		umpire_default_trailer(msg, in->dflt, in->deadline);
	if (in->kind == UMPIRE_STEP_STANDING)
		umpire_buf_printf(msg, "\n" UMPIRE_STANDING_TRAILER ": %ld\n",
			in->from);
}

/*
 * The files of its commit: the one list to grow when a step comes with
 * a file more.  Git sorts a tree, so the order here only decides which
 * file a refusal to write names first.
 */
static void
list_files(struct umpire_step *s, struct umpire_arena *a,
	const struct umpire_step_in *in)
{
	struct umpire_file *f = umpire_arena_alloc(a, (6 + s->hidden.n) *
		sizeof(*f));
	size_t n = 0;

	if (in->kind == UMPIRE_STEP_SETUP)
		f[n++] = (struct umpire_file){ UMPIRE_SCENARIO_PATH,
			in->scenario_text, in->scenario_len };
	f[n++] = (struct umpire_file){ UMPIRE_STATE_PATH, s->state.ptr,
		s->state.len };
	if (in->orders_text)
		f[n++] = (struct umpire_file){ s->paths.orders, in->orders_text,
			in->orders_len };
	f[n++] = (struct umpire_file){ s->paths.report, s->report.text.ptr,
		s->report.text.len };
	if (in->picture)
		f[n++] = (struct umpire_file){ s->paths.picture,
			s->report.picture.ptr, s->report.picture.len };
	if (in->fp && in->fp[0])
		f[n++] = (struct umpire_file){ s->paths.signature, in->sig,
			in->siglen };
	for (size_t i = 0; i < s->hidden.n; i++)
		f[n++] = (struct umpire_file){ s->hidden.files[i].path,
			s->hidden.files[i].data.ptr, s->hidden.files[i].data.len };
	s->files = f;
	s->nfiles = n;
}

/* The state's date and deadline (game.h), for the versions that write them. */
static void
date_state(struct umpire_game *g, const struct umpire_step_in *in)
{
	struct umpire_decision dec;
	/* The host's policy, once a host step set one (host.h). */
	const struct umpire_deadline_policy *pol = umpire_game_policy(g, in->pol);

	g->dated = in->date && !umpire_version_older(in->version ?
		in->version : UMPIRE_VERSION, UMPIRE_DATED_SINCE);
	g->date = g->dated ? in->date : 0;
	umpire_game_decision(g, &dec);
	g->has_deadline = g->dated && dec.player && pol && pol->set;
	/* Holidays stop the clock (deadline.h); a game has none before 0.5.0. */
	g->deadline = g->has_deadline ? umpire_deadline_due(g->holidays,
		g->nholidays, dec.player, g->date, umpire_deadline_of(pol,
		dec.player, dec.kind)) : 0;
}

/*
 * A host step (host.h): game.yaml alone, changed as the host asks, by
 * umpire, with the message that says what changed.
 */
static void
host_step(struct umpire_step *s, struct umpire_game *g,
	struct umpire_arena *a, const struct umpire_step_in *in)
{
	struct umpire_decision dec;

	umpire_game_decision(g, &dec);
	s->step = g->step;
	s->player = dec.player ? umpire_arena_strdup(a, dec.player) : NULL;
	s->kind = dec.kind ? umpire_arena_strdup(a, dec.kind) : NULL;
	umpire_step_paths(&s->paths, g->layout, s->step, NULL);
	umpire_host_apply(g, &in->host, &s->message);
	umpire_game_encode(g, in->version ? in->version : UMPIRE_VERSION,
		&s->state);
	struct umpire_file *f = umpire_arena_alloc(a, sizeof(*f));
	*f = (struct umpire_file){ UMPIRE_STATE_PATH, s->state.ptr,
		s->state.len };
	s->files = f;
	s->nfiles = 1;
}

int
umpire_step_make(struct umpire_step *s, struct umpire_game **g,
	struct umpire_arena *a, const struct umpire_step_in *in,
	struct umpire_diags *d)
{
	struct umpire_decision dec = { 0 };
	int rc;

	s->report.want_picture = in->picture;
	s->report.version = in->version;
	s->author = (struct umpire_person){ UMPIRE_COMMITTER_NAME,
		UMPIRE_COMMITTER_EMAIL };
	if (in->kind == UMPIRE_STEP_HOST) {
		host_step(s, *g, a, in);
		return 0;
	}
	if (in->kind == UMPIRE_STEP_SETUP) {
		s->step = 0;
		if ((rc = umpire_game_create(g, in->scenario, in->seed_id ? NULL :
		    in->scenario_text, in->scenario_len, in->seed, in->sealed,
		    &s->report, d)))
			return rc;
		s->rolls = (*g)->rolls;
		/* The game keeps the layout of the version that makes it. */
		(*g)->layout = umpire_version_older(in->version ? in->version :
			UMPIRE_VERSION, UMPIRE_GROUPED_SINCE) ? UMPIRE_LAYOUT_FLAT :
			UMPIRE_LAYOUT_GROUPED;
		if (!in->pure) {
			umpire_hidden_before(&s->hidden, NULL);
			s->hidden.legacy = in->legacy;
		}
	} else {
		/* Ruled as the version that writes the step (verify: wrote it). */
		(*g)->ruling = in->version;
		umpire_game_decision(*g, &dec);
		s->step = (*g)->step;
		/* Copies: the decision's strings go with the step. */
		s->player = umpire_arena_strdup(a, dec.player);
		s->kind = umpire_arena_strdup(a, dec.kind);
		const struct umpire_player *who = umpire_game_player(*g, s->player);
		if (in->kind == UMPIRE_STEP_ORDERS && who)
			s->author = (struct umpire_person){ who->name, who->email };
		if (!in->pure) {
			umpire_hidden_before(&s->hidden, *g);
			s->hidden.legacy = in->legacy;
		}
		if (in->kind == UMPIRE_STEP_STANDING)
			s->rolls = umpire_game_resolve_standing(*g, a, in->orders,
				in->alt, &s->report);
		else if (in->orders)
			s->rolls = umpire_game_resolve(*g, a, in->orders, &s->report);
		else
			umpire_default_forfeit(*g, a, in->deadline, &s->report);
	}
	umpire_step_paths(&s->paths, (*g)->layout, s->step, s->player);
	date_state(*g, in);
	if (!in->pure)
		umpire_hidden_after(&s->hidden, *g, s->step);
	umpire_game_encode(*g, in->version ? in->version : UMPIRE_VERSION,
		&s->state);
	if (in->kind == UMPIRE_STEP_DEFAULT)
		umpire_default_note(&s->report, s->player, s->kind, in->since,
			in->deadline, in->dflt);
	/* The receipt names the orders where they are committed. */
	umpire_report_receipt(&s->report, s->step, in->orders_text ?
		s->paths.orders : NULL, in->orders_text, in->orders_len,
		s->state.ptr, s->state.len);
	if (in->pure)
		return 0;
	list_files(s, a, in);
	umpire_report_commit_message(&s->message, &s->report);
	umpire_step_trailers(&s->message, in);
	return 0;
}

bool
umpire_step_standing(struct umpire_step_in *in, const struct umpire_game *g,
	struct umpire_arena *a, struct umpire_buf *text, struct umpire_diags *d)
{
	const struct umpire_standing_order *due = umpire_game_standing_due(g);

	if (!due)
		return false;
	if (!umpire_game_standing(g, a, text, &in->orders, &in->alt, d))
		return false;
	in->kind = UMPIRE_STEP_STANDING;
	in->orders_text = text->ptr;
	in->orders_len = text->len;
	in->from = due->from;
	in->sig = NULL;
	in->siglen = 0;
	in->fp = NULL;
	return true;
}

void
umpire_step_free(struct umpire_step *s)
{
	umpire_buf_free(&s->state);
	umpire_step_report_free(&s->report);
	umpire_hidden_free(&s->hidden);
	umpire_buf_free(&s->message);
	s->files = NULL;
	s->nfiles = 0;
}
