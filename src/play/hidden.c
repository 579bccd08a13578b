/*
 * hidden.c - a step's encrypted files (hidden.h).
 */
#include "play/hidden.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include <sodium.h>

#include "crypto/age.h"
#include "crypto/pad.h"
#include "game/picture.h"

static void
wipe(struct umpire_buf *b)
{
	if (b->ptr)
		sodium_memzero(b->ptr, b->cap);
	umpire_buf_free(b);
}

void
umpire_hidden_before(struct umpire_hidden *h, const struct umpire_game *g)
{
	memset(h, 0, sizeof(*h));
	if (!g || !g->hides)
		return;
	h->nplayers = g->nplayers;
	h->before = calloc(g->nplayers, sizeof(*h->before));
	if (!h->before)
		abort();
	for (size_t i = 0; i < g->nplayers; i++)
		umpire_game_view(g, g->players[i].id, &h->before[i]);
}

static struct umpire_hidden_file *
add(struct umpire_hidden *h)
{
	struct umpire_hidden_file *f;

	h->files = realloc(h->files, (h->n + 1) * sizeof(*h->files));
	if (!h->files)
		abort();
	f = &h->files[h->n++];
	memset(f, 0, sizeof(*f));
	return f;
}

/*
 * Encrypt text[0..len) to to[0..n) as f, padded to floor; and unpadded
 * too when h asks for the legacy form.
 */
static void
seal_view(const struct umpire_hidden *h, const struct umpire_game *g,
	struct umpire_hidden_file *f, const struct umpire_age_recipient *to,
	size_t n, const struct umpire_buf *text, size_t floor)
{
	struct umpire_buf padded = UMPIRE_BUF_INIT;
	struct umpire_crypto_error err;

	umpire_buf_add(&padded, text->ptr, text->len);
	umpire_pad(&padded, floor);
	if (umpire_game_seal_view(g, f->path, to, n, padded.ptr, padded.len,
	    &f->data, &err) || (h->legacy && umpire_game_seal_view(g, f->path,
	    to, n, text->ptr, text->len, &f->unpadded, &err))) {
		fprintf(stderr, "umpire: internal error: sealing %s: %s\n",
			f->path, err.msg);
		abort();
	}
	wipe(&padded);
}

void
umpire_hidden_after(struct umpire_hidden *h, const struct umpire_game *g,
	long step)
{
	struct umpire_step_paths paths;

	if (!g->hides)
		return;
	umpire_step_paths(&paths, g->layout, step, NULL);
	struct umpire_hidden_file *f = add(h);
	snprintf(f->path, sizeof(f->path), "%s", paths.secret);
	umpire_game_seal_secret(g, f->path, UMPIRE_PAD_SECRET, &f->data);
	if (h->legacy)
		umpire_game_seal_secret(g, f->path, 0, &f->unpadded);
	for (size_t i = 0; i < g->nplayers; i++) {
		const struct umpire_player *p = &g->players[i];
		struct umpire_buf view = UMPIRE_BUF_INIT;
		umpire_game_view(g, p->id, &view);
		bool changed = h->before ? !umpire_buf_equal(&h->before[i],
		    view.ptr, view.len) : view.len > 0;
		if (changed) {
			struct umpire_age_recipient *to = calloc(p->nkeys + 1,
				sizeof(*to));
			struct umpire_crypto_error err;
			if (!to)
				abort();
			for (size_t k = 0; k < p->nkeys; k++)
				if (umpire_age_recipient_from_sshkey(&to[k], &p->keys[k],
				    &err))
					abort();	/* parsed as a valid point */
			f = add(h);
			umpire_view_path(f->path, g->layout, step, p->id);
			seal_view(h, g, f, to, p->nkeys, &view, UMPIRE_PAD_VIEW);
			/* Beside it, the board as he sees it (ruleset.h, picture). */
			struct umpire_buf svg = UMPIRE_BUF_INIT;
			struct umpire_picture_game frame;
			umpire_game_frame(g, &frame);
			umpire_picture_render(&svg, &frame, NULL, step, NULL, NULL,
				p->id);
			f = add(h);
			umpire_view_picture_path(f->path, g->layout, step, p->id);
			seal_view(h, g, f, to, p->nkeys, &svg, UMPIRE_PAD_PICTURE);
			wipe(&svg);
			free(to);
		}
		wipe(&view);
	}
}

void
umpire_hidden_free(struct umpire_hidden *h)
{
	for (size_t i = 0; i < h->nplayers; i++)
		wipe(&h->before[i]);
	free(h->before);
	for (size_t i = 0; i < h->n; i++) {
		umpire_buf_free(&h->files[i].data);
		umpire_buf_free(&h->files[i].unpadded);
	}
	free(h->files);
	memset(h, 0, sizeof(*h));
}

int
umpire_hidden_latest_view(struct umpire_buf *out, const char *player,
	enum umpire_layout layout, long step, const struct umpire_age_identity *id,
	umpire_hidden_read_fn read, void *ctx, struct umpire_diags *d)
{
	struct umpire_buf file = UMPIRE_BUF_INIT;
	char path[UMPIRE_PATH_MAX];

	for (long s = step; s >= 0; s--) {
		umpire_view_path(path, layout, s, player);
		umpire_buf_clear(&file);
		int rc = read(ctx, path, &file);
		if (rc == 1)
			continue;
		if (rc) {
			umpire_buf_free(&file);
			return rc;
		}
		struct umpire_crypto_error err;
		struct umpire_age_decrypt_opts o = UMPIRE_AGE_DECRYPT_OPTS_INIT;
		o.format = UMPIRE_AGE_BINARY;
		size_t start = out->len;
		rc = umpire_age_decrypt(out, id, 1, file.ptr, file.len, &o, &err);
		umpire_buf_free(&file);
		if (rc == 0 && out->len > start)
			umpire_buf_truncate(out, start + umpire_pad_strip(out->ptr +
				start, out->len - start));
		if (rc) {
			umpire_diag(d, UMPIRE_ERROR, path, 0, 0, "%s%s", err.msg,
				rc == UMPIRE_CRYPTO_ENOMATCH ? " (is this the player's "
				"key?)" : "");
			return EX_NOPERM;
		}
		return 0;
	}
	umpire_buf_free(&file);
	return 1;
}

const struct umpire_node *
umpire_hidden_knowledge(struct umpire_arena *a, const char *file,
	const struct umpire_buf *view, struct umpire_diags *d)
{
	static const char open[] = "```yaml\n";
	const char *p = view->ptr, *end = view->ptr + view->len, *start = NULL;

	/* The last ```yaml line opens the block; the next ``` line ends it. */
	for (const char *q = p; q < end; ) {
		const char *nl = memchr(q, '\n', (size_t)(end - q));
		const char *next = nl ? nl + 1 : end;
		if ((size_t)(next - q) == sizeof(open) - 1 &&
		    memcmp(q, open, sizeof(open) - 1) == 0)
			start = next;
		q = next;
	}
	if (!start) {
		umpire_diag(d, UMPIRE_ERROR, file, 0, 0, "this private view has no "
			"```yaml block");
		return NULL;
	}
	const char *stop = start;
	while (stop < end && !(strncmp(stop, "```", 3) == 0 &&
	    (stop == start || stop[-1] == '\n'))) {
		const char *nl = memchr(stop, '\n', (size_t)(end - stop));
		stop = nl ? nl + 1 : end;
	}
	return umpire_game_parse(a, file, start, (size_t)(stop - start), d);
}
