/*
 * index.c - the git index file (git's Documentation/gitformat-index),
 * read and rewritten by umpire itself where it can, for worktree.c.
 *
 * The index lists every file of the game, and libgit2 parses every entry
 * and hashes the whole file to read it, and again to write it: some
 * 9,000 instructions a file, so that keeping the index after each step
 * cost more the longer the game (issue 29).  What a step needs of it is
 * smaller: whether game.yaml agrees with HEAD (an entry near the top,
 * since entries are sorted by path), and the step's few entries set.
 * So the one is read from the file's first bytes, and the other is a
 * merge of the old file's entries, copied as they are, with the step's,
 * under one SHA-1: a pass over the bytes, with no parsing beyond the
 * entries' lengths.  An index this does not know (version 4's
 * compressed paths, a split index, a conflict on a path it sets) is
 * left to libgit2, as before.
 */
#include "history/repo.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/fileio.h"
#include "util/sha1.h"

/* 40 bytes of stat data, the blob id, 16 bits of flags, then the path. */
#define ENTRY_FIXED 62
#define FLAG_EXTENDED 0x4000
#define FLAG_STAGE 0x3000
#define NAME_MASK 0x0fff

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		(uint32_t)p[2] << 8 | p[3];
}

static void
put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/*
 * The entry at buf[at..len) of an index of version v: where its path
 * starts and how long it is, its flags, and its whole length (padded
 * with 1 to 8 NULs to a multiple of 8); false if it does not fit.
 */
static bool
entry_at(const unsigned char *buf, size_t len, size_t at, uint32_t v,
	size_t *name, size_t *nlen, unsigned *flags, size_t *size)
{
	if (at + ENTRY_FIXED > len)
		return false;
	*flags = (unsigned)buf[at + 60] << 8 | buf[at + 61];
	if ((*flags & FLAG_EXTENDED) && v != 3)
		return false;
	size_t start = ENTRY_FIXED + ((*flags & FLAG_EXTENDED) ? 2 : 0);
	if (at + start >= len)
		return false;
	const unsigned char *nul = memchr(buf + at + start, '\0',
		len - at - start);
	if (!nul)
		return false;
	*name = at + start;
	*nlen = (size_t)(nul - (buf + at + start));
	*size = (start + *nlen + 8) & ~(size_t)7;
	return at + *size <= len;
}

/* git's order of paths: bytes, then length (a prefix first). */
static int
path_cmp(const unsigned char *a, size_t na, const char *b)
{
	size_t nb = strlen(b), n = na < nb ? na : nb;
	int c = memcmp(a, b, n);

	return c ? c : (na > nb) - (na < nb);
}

int
umpire_index_state_id(struct umpire_history *h, git_oid *out)
{
	unsigned char buf[16384];
	char path[4096];

	umpire_pathf(path, sizeof(path), "%sindex", git_repository_path(h->repo));
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	ssize_t got = read(fd, buf, sizeof(buf));
	close(fd);
	if (got < 12 || memcmp(buf, "DIRC", 4) != 0)
		return -1;
	uint32_t v = be32(buf + 4), count = be32(buf + 8);
	if (v != 2 && v != 3)
		return -1;
	size_t at = 12, name, nlen, size;
	unsigned flags;
	for (uint32_t i = 0; i < count; i++, at += size) {
		if (!entry_at(buf, (size_t)got, at, v, &name, &nlen, &flags, &size))
			return -1;	/* past what was read, or malformed */
		int c = path_cmp(buf + name, nlen, UMPIRE_STATE_PATH);
		if (c > 0)
			return 0;	/* past where it would be */
		if (c == 0) {
			if (flags & FLAG_STAGE)
				return -1;	/* a stage of a conflict */
			git_oid_fromraw(out, buf + at + 40);
			return 1;
		}
	}
	return 0;
}

static int
by_path(const void *a, const void *b)
{
	return strcmp(((const struct umpire_index_set *)a)->path,
		((const struct umpire_index_set *)b)->path);
}

/* The entry of set, as git writes it (version 2, stage 0). */
static void
put_entry(struct umpire_buf *out, const struct umpire_index_set *e)
{
	unsigned char fixed[ENTRY_FIXED];
	size_t nlen = strlen(e->path);
	static const unsigned char zeros[8];

	put32(fixed, (uint32_t)e->st.st_ctim.tv_sec);
	put32(fixed + 4, (uint32_t)e->st.st_ctim.tv_nsec);
	put32(fixed + 8, (uint32_t)e->st.st_mtim.tv_sec);
	put32(fixed + 12, (uint32_t)e->st.st_mtim.tv_nsec);
	put32(fixed + 16, (uint32_t)e->st.st_dev);
	put32(fixed + 20, (uint32_t)e->st.st_ino);
	put32(fixed + 24, GIT_FILEMODE_BLOB);
	put32(fixed + 28, (uint32_t)e->st.st_uid);
	put32(fixed + 32, (uint32_t)e->st.st_gid);
	put32(fixed + 36, (uint32_t)e->st.st_size);
	memcpy(fixed + 40, e->id.id, GIT_OID_RAWSZ);
	unsigned flags = nlen < NAME_MASK ? (unsigned)nlen : NAME_MASK;
	fixed[60] = (unsigned char)(flags >> 8);
	fixed[61] = (unsigned char)flags;
	umpire_buf_add(out, fixed, sizeof(fixed));
	umpire_buf_add(out, e->path, nlen);
	umpire_buf_add(out, zeros, 8 - (ENTRY_FIXED + nlen) % 8);
}

int
umpire_index_patch(struct umpire_history *h, struct umpire_index_set *set,
	size_t n)
{
	struct umpire_buf old = UMPIRE_BUF_INIT, out = UMPIRE_BUF_INIT;
	char path[4096];
	int rc = 1;

	umpire_pathf(path, sizeof(path), "%sindex", git_repository_path(h->repo));
	struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
	if (umpire_file_read(&old, path, UMPIRE_OBJECT_MAX, &quiet) != 0)
		goto done;
	const unsigned char *buf = (const unsigned char *)old.ptr;
	size_t len = old.len;
	if (len < 12 + UMPIRE_SHA1_LEN || memcmp(buf, "DIRC", 4) != 0)
		goto done;
	uint32_t v = be32(buf + 4), count = be32(buf + 8), added = 0;
	if (v != 2 && v != 3)
		goto done;
	len -= UMPIRE_SHA1_LEN;	/* the old checksum */
	qsort(set, n, sizeof(*set), by_path);
	umpire_buf_add(&out, buf, 12);
	size_t at = 12, k = 0, run = at, name, nlen, size;
	unsigned flags;
	for (uint32_t i = 0; i < count; i++, at += size) {
		if (!entry_at(buf, len, at, v, &name, &nlen, &flags, &size))
			goto done;
		int c = 1;
		while (k < n && (c = path_cmp(buf + name, nlen, set[k].path)) > 0) {
			umpire_buf_add(&out, buf + run, at - run);
			run = at;
			put_entry(&out, &set[k++]);
			added++;
		}
		if (k < n && c == 0) {
			if (flags & FLAG_STAGE)
				goto done;	/* a conflict: libgit2's to settle */
			umpire_buf_add(&out, buf + run, at - run);
			run = at + size;	/* the old entry, replaced */
			put_entry(&out, &set[k++]);
		}
	}
	umpire_buf_add(&out, buf + run, at - run);
	for (; k < n; k++, added++)
		put_entry(&out, &set[k]);
	/*
	 * The extensions: an optional one (its name starts with a capital)
	 * may be dropped, and is, since what the step changed can make it
	 * wrong (TREE, the cached trees; UNTR; EOIE's offsets); a required
	 * one is libgit2's to keep.
	 */
	while (at < len) {
		if (len - at < 8 || !(buf[at] >= 'A' && buf[at] <= 'Z') ||
		    be32(buf + at + 4) > len - at - 8)
			goto done;
		at += 8 + be32(buf + at + 4);
	}
	put32((unsigned char *)out.ptr + 8, count + added);
	struct umpire_sha1 sum;
	unsigned char digest[UMPIRE_SHA1_LEN];
	umpire_sha1_init(&sum);
	umpire_sha1_update(&sum, out.ptr, out.len);
	umpire_sha1_final(&sum, digest);
	umpire_buf_add(&out, digest, sizeof(digest));
	rc = umpire_file_write(path, out.ptr, out.len, &quiet) == 0 ? 0 : -1;
	if (rc == 0)
		umpire_repo_share(h, -1, path, false);
done:
	umpire_diags_free(&quiet);
	umpire_buf_free(&old);
	umpire_buf_free(&out);
	return rc;
}
