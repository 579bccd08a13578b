/*
 * walk.c - the first-parent history of a game, for verify: its
 * revisions, oldest first, who made each and the files in each; and
 * for turn, whether umpire made the HEAD it builds on.
 */
#include "history/repo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "util/arena.h"

/*
 * A commit's parent that cannot be read: in a shallow clone (a forge's
 * checkout at its default depth of 1) that is the clone's doing, and
 * the fix is git's.
 */
static int
history_fail(struct umpire_history *h, struct umpire_diags *d)
{
	if (git_repository_is_shallow(h->repo) == 1) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "a shallow clone (git "
			"clone --depth) lacks the game's early history, which umpire "
			"reads: git -C %s fetch --unshallow, or a forge's checkout "
			"with fetch-depth: 0", h->dir);
		return EX_NOINPUT;
	}
	return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read the history");
}

int
umpire_history_load(struct umpire_history *h, size_t *n, struct umpire_diags *d)
{
	git_commit *c, *next;
	size_t cap = 0;

	/*
	 * Do not re-hash every object read: verify compares every byte it
	 * reads against re-adjudication, so a corrupt object shows up as a
	 * difference anyway, and the integrity of the object store is git
	 * fsck's to check.
	 */
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);

	*n = 0;
	if (git_revparse_single((git_object **)&c, h->repo, "HEAD^{commit}") != 0) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "not a game: the "
			"repository has no commit");
		return EX_NOINPUT;
	}
	for (;;) {
		if (h->nrevs == cap) {
			cap = cap ? cap * 2 : 256;
			h->revs = umpire_xrealloc(h->revs, cap * sizeof(*h->revs));
		}
		struct umpire_rev *r = &h->revs[h->nrevs++];
		const git_signature *a = git_commit_author(c);
		const git_signature *by = git_commit_committer(c);
		const char *summary = git_commit_summary(c);
		const char *message = git_commit_message_raw(c);
		const char *encoding = git_commit_message_encoding(c);
		git_oid_cpy(&r->id, git_commit_id(c));
		git_oid_tostr(r->hex, sizeof(r->hex), &r->id);
		r->summary = strdup(summary ? summary : "");
		r->author_name = strdup(a->name);
		r->author_email = strdup(a->email);
		r->committer_name = strdup(by->name);
		r->committer_email = strdup(by->email);
		r->message = strdup(message ? message : "");
		r->encoding = encoding ? strdup(encoding) : NULL;
		if (!r->summary || !r->author_name || !r->author_email ||
		    !r->committer_name || !r->committer_email || !r->message ||
		    (encoding && !r->encoding))
			umpire_die_oom();
		r->author_time = a->when;
		r->committer_time = by->when;
		r->parents = git_commit_parentcount(c);
		int rc = git_commit_parentcount(c) ?
			git_commit_parent(&next, c, 0) : 1;
		git_commit_free(c);
		if (rc > 0)
			break;
		if (rc < 0)
			return history_fail(h, d);
		c = next;
	}
	/* Oldest first. */
	for (size_t i = 0; i < h->nrevs / 2; i++) {
		struct umpire_rev t = h->revs[i];
		h->revs[i] = h->revs[h->nrevs - 1 - i];
		h->revs[h->nrevs - 1 - i] = t;
	}
	*n = h->nrevs;
	return 0;
}

const char *
umpire_history_rev_id(struct umpire_history *h, size_t i)
{
	static char shortid[13];
	snprintf(shortid, sizeof(shortid), "%.12s", h->revs[i].hex);
	return shortid;
}

const char *
umpire_history_rev_summary(struct umpire_history *h, size_t i)
{
	return h->revs[i].summary;
}

void
umpire_history_rev_author(struct umpire_history *h, size_t i,
	struct umpire_person *out)
{
	out->name = h->revs[i].author_name;
	out->email = h->revs[i].author_email;
}

void
umpire_history_rev_commit(struct umpire_history *h, size_t i,
	struct umpire_commit_info *out)
{
	const struct umpire_rev *r = &h->revs[i];

	out->author.name = r->author_name;
	out->author.email = r->author_email;
	out->committer.name = r->committer_name;
	out->committer.email = r->committer_email;
	out->author_time = r->author_time.time;
	out->author_offset = r->author_time.offset;
	out->committer_time = r->committer_time.time;
	out->committer_offset = r->committer_time.offset;
	out->message = r->message;
	out->encoding = r->encoding;
	out->parents = r->parents;
}

void
umpire_walk_free(struct umpire_history *h)
{
	for (size_t i = 0; i < h->nrevs; i++) {
		struct umpire_rev *r = &h->revs[i];
		free(r->summary);
		free(r->author_name);
		free(r->author_email);
		free(r->committer_name);
		free(r->committer_email);
		free(r->message);
		free(r->encoding);
	}
	free(h->revs);
	h->revs = NULL;
	h->nrevs = 0;
}

int
umpire_walk_rev_tree(struct umpire_history *h, size_t i, git_tree **out)
{
	git_commit *c;

	if (git_commit_lookup(&c, h->repo, &h->revs[i].id) != 0)
		return -1;
	int rc = git_commit_tree(out, c);
	git_commit_free(c);
	return rc;
}

int
umpire_history_rev_read(struct umpire_history *h, size_t i, const char *path,
	struct umpire_buf *out, struct umpire_diags *d)
{
	git_tree *tree;

	for (size_t k = 0; h->changed_rev == i && k < h->nchanged; k++) {
		git_blob *blob;
		if (strcmp(h->changed[k].path, path) != 0)
			continue;
		if (git_blob_lookup(&blob, h->repo, &h->changed[k].id) != 0)
			return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read a file");
		umpire_buf_clear(out);
		umpire_buf_add(out, git_blob_rawcontent(blob),
			(size_t)git_blob_rawsize(blob));
		git_blob_free(blob);
		return 0;
	}
	if (umpire_walk_rev_tree(h, i, &tree) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read a commit");
	int rc = umpire_repo_tree_read(h->repo, tree, path, out);
	git_tree_free(tree);
	if (rc < 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read a file");
	return rc;
}

/* Whether commit c changed umpire's files from its first parent. */
static int
changes_game(git_commit *c, bool *out)
{
	static const char *const names[] = { UMPIRE_STATE_PATH,
		UMPIRE_SCENARIO_PATH, UMPIRE_ORDERS_DIR, UMPIRE_REPORTS_DIR };
	git_commit *parent = NULL;
	git_tree *t = NULL, *pt = NULL;
	int rc = -1;

	*out = false;
	if (git_commit_tree(&t, c) != 0 || (git_commit_parentcount(c) > 0 &&
	    (git_commit_parent(&parent, c, 0) != 0 ||
	    git_commit_tree(&pt, parent) != 0)))
		goto done;
	for (size_t k = 0; k < sizeof(names) / sizeof(*names); k++) {
		const git_tree_entry *e = git_tree_entry_byname(t, names[k]);
		const git_tree_entry *f = pt ? git_tree_entry_byname(pt, names[k]) :
			NULL;
		if (!e != !f || (e && (!git_oid_equal(git_tree_entry_id(e),
		    git_tree_entry_id(f)) || git_tree_entry_filemode_raw(e) !=
		    git_tree_entry_filemode_raw(f))))
			*out = true;
	}
	rc = 0;
done:
	git_tree_free(pt);
	git_tree_free(t);
	git_commit_free(parent);
	return rc;
}

int
umpire_history_check_head(struct umpire_history *h, struct umpire_diags *d)
{
	git_commit *c, *next;
	bool changes;
	int rc = 0;

	umpire_repo_load_head(h);
	if (h->unborn)
		return 0;	/* nothing to build on */
	if (git_commit_lookup(&c, h->repo, &h->head) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read HEAD");
	/* Back past the commits that leave the game alone. */
	for (;;) {
		if (changes_game(c, &changes) != 0) {
			git_commit_free(c);
			return history_fail(h, d);
		}
		if (changes || git_commit_parentcount(c) == 0)
			break;
		if (git_commit_parent(&next, c, 0) != 0) {
			git_commit_free(c);
			return history_fail(h, d);
		}
		git_commit_free(c);
		c = next;
	}
	const git_signature *by = git_commit_committer(c);
	if (strcmp(by->name, UMPIRE_COMMITTER_NAME) != 0 ||
	    strcmp(by->email, UMPIRE_COMMITTER_EMAIL) != 0) {
		char id[13];
		const char *summary = git_commit_summary(c);
		git_oid_tostr(id, sizeof(id), git_commit_id(c));
		bool top = git_oid_equal(git_commit_id(c), &h->head);
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "umpire builds only on "
			"its own steps: commit %s (%.80s), %s, was committed by %.80s "
			"<%.80s>, not by umpire; `umpire verify` says what it changed; "
			"add --force to build on it anyway", id, summary ? summary : "",
			top ? "HEAD, which changes the game's files" : "the last under "
			"HEAD to change the game's files", by->name, by->email);
		rc = EX_DATAERR;
	}
	git_commit_free(c);
	return rc;
}
