/*
 * commit.c - one step, one commit: the blobs, the trees, the commit,
 * then the branch's move, which is the atomic point (history.h).
 */
#include "repo.h"

#include <stdio.h>
#include <string.h>
#include <sysexits.h>

/*
 * The tree base with files set, files at most one directory deep.  Each
 * changed directory and the root are written once, so no tree is left
 * dangling (git fsck stays quiet).
 */
static int
build_tree(git_repository *repo, const git_tree *base,
	const struct umpire_file *files, const git_oid *ids, size_t n,
	git_oid *out)
{
	git_treebuilder *root;
	bool done[8] = { false };
	int rc = 0;

	if (n > sizeof(done) || git_treebuilder_new(&root, repo, base) != 0)
		return -1;
	for (size_t i = 0; i < n && rc == 0; i++) {
		const char *slash = strchr(files[i].path, '/');
		if (done[i])
			continue;
		if (!slash) {
			rc = git_treebuilder_insert(NULL, root, files[i].path, &ids[i],
				GIT_FILEMODE_BLOB);
			continue;
		}
		char dir[256];
		size_t len = (size_t)(slash - files[i].path);
		if (len >= sizeof(dir) || strchr(slash + 1, '/'))
			return git_treebuilder_free(root), -1;
		memcpy(dir, files[i].path, len);
		dir[len] = '\0';
		git_tree *old = NULL;
		git_treebuilder *sub;
		git_oid subid;
		const git_tree_entry *e = base ? git_tree_entry_byname(base, dir) : NULL;
		if (e && git_tree_entry_type(e) == GIT_OBJECT_TREE &&
		    git_tree_lookup(&old, repo, git_tree_entry_id(e)) != 0)
			return git_treebuilder_free(root), -1;
		rc = git_treebuilder_new(&sub, repo, old);
		git_tree_free(old);
		if (rc != 0)
			break;
		/* Every file of this directory goes in with the first. */
		for (size_t j = i; j < n && rc == 0; j++)
			if (!done[j] && strncmp(files[j].path, dir, len) == 0 &&
			    files[j].path[len] == '/') {
				rc = git_treebuilder_insert(NULL, sub, files[j].path + len + 1,
					&ids[j], GIT_FILEMODE_BLOB);
				done[j] = true;
			}
		if (rc == 0)
			rc = git_treebuilder_write(&subid, sub);
		git_treebuilder_free(sub);
		if (rc == 0)
			rc = git_treebuilder_insert(NULL, root, dir, &subid,
				GIT_FILEMODE_TREE);
	}
	if (rc == 0)
		rc = git_treebuilder_write(out, root);
	git_treebuilder_free(root);
	return rc;
}

static bool
by_umpire(const git_commit *c)
{
	const git_signature *by = git_commit_committer(c);

	return strcmp(by->name, UMPIRE_COMMITTER_NAME) == 0 &&
		strcmp(by->email, UMPIRE_COMMITTER_EMAIL) == 0;
}

/*
 * The date of umpire's last commit at or under c, along first parents:
 * the commits between (a player's pushed inbox.yaml, a README) are not
 * umpire's and their dates say nothing.  0 if none is near.
 */
static git_time_t
last_umpire_date(const git_commit *c)
{
	git_commit *at = NULL, *next;
	git_time_t t = 0;

	for (int k = 0; c && k < 1000; k++) {
		if (by_umpire(c)) {
			t = git_commit_committer(c)->when.time;
			break;
		}
		if (git_commit_parentcount(c) == 0 ||
		    git_commit_parent(&next, c, 0) != 0)
			break;
		git_commit_free(at);
		c = at = next;
	}
	git_commit_free(at);
	return t;
}

int
umpire_history_commit(struct umpire_history *h, const struct umpire_file *files,
	size_t n, const struct umpire_person *author, const char *message,
	struct umpire_diags *d)
{
	git_commit *parent = NULL;
	git_tree *base = NULL, *tree = NULL;
	git_reference *moved = NULL;
	git_signature *who = NULL, *by = NULL;
	git_oid ids[8], treeid, commitid;
	int rc = EX_IOERR;

	if (n > sizeof(ids) / sizeof(ids[0]))
		return EX_SOFTWARE;
	umpire_repo_load_head(h);
	if (!h->branch) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "HEAD is detached; check "
			"out the game's branch first");
		return EX_DATAERR;
	}
	const char *branch = h->branch;
	bool unborn = h->unborn;
	if (!unborn && umpire_repo_head_tree(h, &parent, &base) != 0)
		return umpire_repo_fail(d, h->dir, EX_IOERR, "cannot read HEAD");

	umpire_lock_mark(h, true);
	/* Objects first: nothing points at them until the branch moves. */
	for (size_t i = 0; i < n; i++)
		if (git_blob_create_from_buffer(&ids[i], h->repo, files[i].data,
		    files[i].len) != 0)
			goto git_error;
	if (build_tree(h->repo, base, files, ids, n, &treeid) != 0 ||
	    git_tree_lookup(&tree, h->repo, &treeid) != 0)
		goto git_error;
	/*
	 * Author and committer at one moment, never earlier than umpire's
	 * commit before (a clock behind it, on another CI runner, say):
	 * verify holds umpire's commits to both.
	 */
	if (git_signature_now(&by, UMPIRE_COMMITTER_NAME,
	    UMPIRE_COMMITTER_EMAIL) != 0)
		goto git_error;
	git_time_t before = last_umpire_date(parent);
	if (before > by->when.time)
		by->when.time = before;
	if (git_signature_new(&who, author->name, author->email, by->when.time,
	    by->when.offset) != 0)
		goto git_error;
	const git_commit *parents[1] = { parent };
	if (git_commit_create(&commitid, h->repo, NULL, who, by, "UTF-8", message,
	    tree, unborn ? 0 : 1, parents) != 0)
		goto git_error;

	/* The atomic point: the branch moves only from the HEAD we read. */
	char reflog[256];
	snprintf(reflog, sizeof(reflog), "umpire: %.*s", (int)strcspn(message,
		"\n"), message);
	int moverc = unborn ?
		git_reference_create(&moved, h->repo, branch, &commitid, 0, reflog) :
		git_reference_create_matching(&moved, h->repo, branch, &commitid, 1,
			git_commit_id(parent), reflog);
	if (moverc == GIT_EMODIFIED || moverc == GIT_EEXISTS ||
	    moverc == GIT_ELOCKED) {
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "the game's branch moved "
			"while this step was adjudicated; nothing was committed, try "
			"again");
		rc = EX_TEMPFAIL;
		goto done;
	}
	if (moverc != 0)
		goto git_error;
	git_oid_cpy(&h->head, &commitid);
	h->unborn = false;
	rc = git_repository_is_bare(h->repo) ? 0 :
		umpire_worktree_update(h, files, ids, n, d);
	if (rc == 0)
		umpire_lock_mark(h, false);
	goto done;
git_error:
	rc = umpire_repo_fail(d, h->dir, EX_IOERR, "cannot commit");
done:
	git_reference_free(moved);
	git_signature_free(who);
	git_signature_free(by);
	git_tree_free(tree);
	git_tree_free(base);
	git_commit_free(parent);
	return rc;
}
