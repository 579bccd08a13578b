/*
 * treediff.c - how a revision changed umpire's files from its first
 * parent, for verify.  orders/ and reports/ are compared on git's raw
 * tree objects (entries of "MODE NAME\0" and a binary object id, in
 * git's order), parsed here rather than by libgit2, which would parse
 * every entry of every version: see dir_raw.
 */
#include "history/repo.h"

#include <stdio.h>
#include <string.h>
#include <sysexits.h>

static void
add_change(struct umpire_change *out, size_t max, size_t *n,
	enum umpire_change_kind kind, unsigned mode, const char *dir,
	const char *name)
{
	if (*n < max) {
		out[*n].kind = kind;
		out[*n].mode = kind == UMPIRE_DELETED ? 0 : mode;
		snprintf(out[*n].path, sizeof(out[*n].path), "%s%s%s",
			dir ? dir : "", dir ? "/" : "", name);
	}
	(*n)++;
}

/* The mode as the tree holds it: git would read 100664 as 100644. */
static const git_oid *
entry_id(const git_tree *t, const char *name, git_object_t *type,
	unsigned *mode)
{
	const git_tree_entry *e = t ? git_tree_entry_byname(t, name) : NULL;

	if (!e)
		return NULL;
	*type = git_tree_entry_type(e);
	*mode = (unsigned)git_tree_entry_filemode_raw(e);
	return git_tree_entry_id(e);
}

/*
 * verify reads every version of orders/ and reports/, which grow by a
 * step's files each step (in a flat game) or by a group a hundred steps
 * (in a grouped one, paths.h).  Each version is inflated once and kept,
 * raw, for the next revision's comparison, which walks the raw entries
 * itself: a step appends, so the new version starts with the old one's
 * bytes, and only the entries after them need reading at all.
 */
static int
dir_raw(struct umpire_history *h, const git_oid *id, const unsigned char *keep,
	const unsigned char **data, size_t *len)
{
	const size_t slots = sizeof(h->dirs) / sizeof(*h->dirs);
	struct umpire_dir_version *v = NULL;

	for (size_t k = 0; k < slots && !v; k++)
		if (h->dirs[k].obj && git_oid_equal(&h->dirs[k].id, id))
			v = &h->dirs[k];
	if (!v) {
		if (!h->odb && git_repository_odb(&h->odb, h->repo) != 0)
			return -1;
		v = &h->dirs[h->next_dir++ % slots];
		/* Not the version the caller still holds. */
		if (keep && v->obj && git_odb_object_data(v->obj) == (void *)keep)
			v = &h->dirs[h->next_dir++ % slots];
		git_odb_object_free(v->obj);
		v->obj = NULL;
		if (git_odb_read(&v->obj, h->odb, id) != 0)
			return -1;
		if (git_odb_object_type(v->obj) != GIT_OBJECT_TREE) {
			git_odb_object_free(v->obj);
			v->obj = NULL;
			return -1;
		}
		git_oid_cpy(&v->id, id);
	}
	*data = git_odb_object_data(v->obj);
	*len = git_odb_object_size(v->obj);
	return 0;
}

struct raw_entry {
	const char *name;	/* NUL-terminated inside the raw tree */
	size_t len;
	unsigned mode;
	git_oid id;
};

/* The entry at *p, moving *p past it; false at the end or if malformed. */
static bool
raw_next(const unsigned char **p, const unsigned char *end, struct raw_entry *e)
{
	const unsigned char *q = *p;

	e->mode = 0;
	while (q < end && *q >= '0' && *q <= '7')
		e->mode = e->mode * 8 + (unsigned)(*q++ - '0');
	if (q == *p || q >= end || *q++ != ' ')
		return false;
	const unsigned char *nul = memchr(q, '\0', (size_t)(end - q));
	if (!nul || nul == q || (size_t)(end - nul - 1) < GIT_OID_RAWSZ)
		return false;
	e->name = (const char *)q;
	e->len = (size_t)(nul - q);
	git_oid_fromraw(&e->id, nul + 1);
	*p = nul + 1 + GIT_OID_RAWSZ;
	return true;
}

/* git's order of tree entries: a directory sorts as if its name ended in '/'. */
static int
entry_cmp(const struct raw_entry *a, const struct raw_entry *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->name, b->name, n);

	if (c)
		return c;
	unsigned char ca = a->len > n ? (unsigned char)a->name[n] :
		(a->mode & 0170000) == 0040000 ? '/' : '\0';
	unsigned char cb = b->len > n ? (unsigned char)b->name[n] :
		(b->mode & 0170000) == 0040000 ? '/' : '\0';
	return (ca > cb) - (ca < cb);
}

static void
note_changed(struct umpire_history *h, const char *dir,
	const struct raw_entry *e)
{
	if (h->nchanged < sizeof(h->changed) / sizeof(*h->changed)) {
		struct umpire_changed_file *f = &h->changed[h->nchanged++];
		snprintf(f->path, sizeof(f->path), "%s/%s", dir, e->name);
		git_oid_cpy(&f->id, &e->id);
	}
}

/* A group's tree (paths.h), read whole: small, and read once a step. */
static int
group_raw(struct umpire_history *h, const git_oid *id, git_odb_object **obj,
	const unsigned char **data, size_t *len)
{
	*obj = NULL;
	*data = NULL;
	*len = 0;
	if (!id)
		return 0;
	if ((!h->odb && git_repository_odb(&h->odb, h->repo) != 0) ||
	    git_odb_read(obj, h->odb, id) != 0)
		return -1;
	if (git_odb_object_type(*obj) != GIT_OBJECT_TREE) {
		git_odb_object_free(*obj);
		*obj = NULL;
		return -1;
	}
	*data = git_odb_object_data(*obj);
	*len = git_odb_object_size(*obj);
	return 0;
}

static bool
is_tree(const struct raw_entry *e)
{
	return (e->mode & 0170000) == 0040000;
}

/*
 * Entries of two versions of a directory's raw tree (either may be
 * missing), in one ordered walk.  In orders/ and reports/ (depth 0) a
 * folder is a group of a grouped game (paths.h): its files are compared
 * in turn, so the changes name them, "orders/12/1234-tan.yaml".  A
 * folder deeper down is no file of umpire's, and is a change as itself.
 */
static int
diff_raw(struct umpire_history *h, const char *dir, int depth,
	const unsigned char *a, size_t na, const unsigned char *b, size_t nb,
	struct umpire_change *out, size_t max, size_t *n)
{
	const unsigned char *pa = a, *ea = a ? a + na : NULL, *pb = b,
		*eb = b ? b + nb : NULL;
	if (a && b && nb >= na && memcmp(a, b, na) == 0) {
		pa = ea;	/* the old entries, unchanged */
		pb = b + na;
	}
	struct raw_entry xa, xb;
	bool more_a = pa && raw_next(&pa, ea, &xa);
	bool more_b = pb && raw_next(&pb, eb, &xb);
	int rc = 0;
	while (rc == 0 && (more_a || more_b)) {
		int c = !more_a ? 1 : !more_b ? -1 : entry_cmp(&xa, &xb);
		const struct raw_entry *ga = c <= 0 && is_tree(&xa) ? &xa : NULL,
			*gb = c >= 0 && is_tree(&xb) ? &xb : NULL;
		if (depth == 0 && (ga || gb) && (!ga || !gb || c != 0 ||
		    !git_oid_equal(&xa.id, &xb.id))) {
			/* A group added, gone or changed: the files in it. */
			char sub[256];
			git_odb_object *oa = NULL, *ob = NULL;
			const unsigned char *da, *db;
			size_t la, lb;
			snprintf(sub, sizeof(sub), "%s/%s", dir, (ga ? ga : gb)->name);
			if (group_raw(h, ga ? &ga->id : NULL, &oa, &da, &la) != 0 ||
			    group_raw(h, gb ? &gb->id : NULL, &ob, &db, &lb) != 0)
				rc = -1;
			else
				rc = diff_raw(h, sub, depth + 1, da, la, db, lb, out, max,
					n);
			git_odb_object_free(oa);
			git_odb_object_free(ob);
			/* A file beside a group of its name is a change of its own. */
			if (c == 0 && !ga)
				add_change(out, max, n, UMPIRE_DELETED, 0, dir, xa.name);
			if (c == 0 && !gb) {
				add_change(out, max, n, UMPIRE_ADDED, xb.mode, dir, xb.name);
				note_changed(h, dir, &xb);
			}
		} else if (c < 0) {
			add_change(out, max, n, UMPIRE_DELETED, 0, dir, xa.name);
		} else if (c > 0) {
			add_change(out, max, n, UMPIRE_ADDED, xb.mode, dir, xb.name);
			note_changed(h, dir, &xb);
		} else if (!git_oid_equal(&xa.id, &xb.id) || xa.mode != xb.mode) {
			add_change(out, max, n, UMPIRE_MODIFIED, xb.mode, dir, xa.name);
			note_changed(h, dir, &xb);
		}
		if (c <= 0)
			more_a = raw_next(&pa, ea, &xa);
		if (c >= 0)
			more_b = raw_next(&pb, eb, &xb);
	}
	/* A walk that stopped short met a malformed entry. */
	return rc ? rc : (pa && pa != ea) || (pb && pb != eb) ? -1 : 0;
}

/* The two versions of orders/ or reports/, compared. */
static int
diff_dir(struct umpire_history *h, const git_tree *old, const git_tree *new,
	const char *dir, struct umpire_change *out, size_t max, size_t *n)
{
	git_object_t ta = GIT_OBJECT_INVALID, tb = GIT_OBJECT_INVALID;
	unsigned ma = 0, mb = 0;
	const git_oid *ia = entry_id(old, dir, &ta, &ma),
		*ib = entry_id(new, dir, &tb, &mb);
	const unsigned char *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;

	if (ia && ib && git_oid_equal(ia, ib) && ma == mb)
		return 0;
	if ((ia && ta != GIT_OBJECT_TREE) || (ib && tb != GIT_OBJECT_TREE)) {
		add_change(out, max, n, !ia ? UMPIRE_ADDED : !ib ? UMPIRE_DELETED :
			UMPIRE_MODIFIED, mb, NULL, dir);
		return 0;
	}
	if ((ia && dir_raw(h, ia, NULL, &a, &na) != 0) ||
	    (ib && dir_raw(h, ib, a, &b, &nb) != 0))
		return -1;
	return diff_raw(h, dir, 0, a, na, b, nb, out, max, n);
}

int
umpire_history_rev_changes(struct umpire_history *h, size_t i,
	struct umpire_change *out, size_t max, size_t *n, struct umpire_diags *d)
{
	static const char *const files[] = { UMPIRE_STATE_PATH,
		UMPIRE_SCENARIO_PATH };
	git_tree *old = NULL, *new = NULL;
	int rc = 0;

	*n = 0;
	h->changed_rev = i;
	h->nchanged = 0;
	if (umpire_walk_rev_tree(h, i, &new) != 0 ||
	    (i > 0 && umpire_walk_rev_tree(h, i - 1, &old) != 0)) {
		git_tree_free(new);
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read a commit");
	}
	for (size_t k = 0; k < 2; k++) {
		git_object_t ta = GIT_OBJECT_INVALID, tb = GIT_OBJECT_INVALID;
		unsigned ma = 0, mb = 0;
		const git_oid *a = entry_id(old, files[k], &ta, &ma);
		const git_oid *b = entry_id(new, files[k], &tb, &mb);
		if (a && b && (!git_oid_equal(a, b) || ma != mb))
			add_change(out, max, n, UMPIRE_MODIFIED, mb, NULL, files[k]);
		else if (a && !b)
			add_change(out, max, n, UMPIRE_DELETED, 0, NULL, files[k]);
		else if (!a && b)
			add_change(out, max, n, UMPIRE_ADDED, mb, NULL, files[k]);
	}
	if (diff_dir(h, old, new, UMPIRE_ORDERS_DIR, out, max, n) != 0 ||
	    diff_dir(h, old, new, UMPIRE_REPORTS_DIR, out, max, n) != 0)
		rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot compare commits");
	git_tree_free(old);
	git_tree_free(new);
	return rc;
}
