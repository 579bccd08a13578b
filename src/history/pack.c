/*
 * pack.c - the objects a step writes: held in memory while the step is
 * made, then one pack (and its index) beside the game's others, made
 * durable with the branch's new value in one sync, and never left
 * behind by a step that fails.
 *
 * In memory.  Until the branch is locked and still where the step found
 * it (commit.c), the step's blobs, trees and commit live in a backend of
 * this file's, which outranks the reading one (odb.c): nothing of a step
 * that fails reaches the disk, so a sealed game's report of a step never
 * played, rolls and all, cannot reach a clone.
 *
 * One pack.  umpire_odb_migrate writes them as one pack into a
 * quarantine directory, objects/umpire-incoming-TOKEN: itself when the
 * pack takes in no other (about every other step), else with libgit2's
 * pack builder.  It moves the pack and its index into objects/pack by
 * link(2), the index last (git reads a pack through its index).  So a pack in
 * both places with the same inode is provably one this umpire moved in
 * (lock.c relies on it after a crash).
 *
 * Small repositories.  A pack a step would leave objects/pack with one
 * more pack a step, each compressed alone.  So the step's pack also takes
 * in the smallest packs already there, as git repack --geometric=2 does:
 * after the step, each pack holds at least twice the objects of all the
 * smaller ones together, and the pack builder compresses each version of
 * a file against the ones before it (deltas), as git gc would.  But a
 * pack of FROZEN_AT objects (some sixteen steps) is never taken in
 * again: libgit2's builder computes every delta anew, so a merge costs
 * some 0.7 M instructions an object, and merges without end would make
 * each object rewritten log2(n) times, a step's cost growing with the
 * game (issue 29).  With the bound each object is rewritten at most
 * four or five times, the merges repeat every sixteen steps or so, and a
 * game of n steps keeps some n/16 packs of about 160 objects plus
 * log2(16) smaller ones: within 1.5x of what git gc makes of it, since
 * each pack starts its deltas afresh.  The packs taken in are removed
 * only once the branch has moved: until then they hold the game.  Packs
 * umpire did not make alone (a .keep, a bitmap, a promisor) stay as they
 * are, and so do loose objects (an umpire before 0.4.0 made them).
 *
 * Durable.  The pack, its index, their names and the branch's new value
 * reach the disk before the branch moves, in one syncfs(2) of the
 * repository's file system where the system has it (Linux) and the
 * objects are on the same file system as the branch, else one fsync(2)
 * of each; then the branch's directory, before umpire says the
 * step is done (umpire(1), FILES: the durability promise).
 */
#ifdef __linux__
#define _GNU_SOURCE	/* syncfs(2) */
#endif
#include "repo.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <git2/sys/odb_backend.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>

#include <zlib.h>

#include "util/arena.h"
#include "util/buf.h"
#include "util/fileio.h"
#include "util/sha1.h"
#include "util/testhook.h"

#define QUARANTINE_PREFIX "umpire-incoming-"

/* A pack taken in is at most this share of the objects it joins, inverted. */
#define GEOMETRIC_FACTOR 2

/*
 * A pack of this many objects or more is never taken in: the cost of a
 * step stays flat however long the game (issue 29).
 */
#define FROZEN_AT 128

/* ------------------------------------------------------ objects in memory */

struct pending_object {
	git_oid id;
	git_object_t type;
	size_t len;
	unsigned char *data;
};

struct umpire_pending {
	git_odb_backend parent;
	struct pending_object *v;
	size_t n, cap;
};

static const struct pending_object *
pending_find(const struct umpire_pending *p, const git_oid *id)
{
	for (size_t i = 0; i < p->n; i++)
		if (git_oid_equal(&p->v[i].id, id))
			return &p->v[i];
	return NULL;
}

static int
p_read(void **out, size_t *len, git_object_t *type, git_odb_backend *be,
	const git_oid *id)
{
	const struct pending_object *o = pending_find((struct umpire_pending *)be,
		id);

	if (!o)
		return GIT_ENOTFOUND;
	unsigned char *buf = git_odb_backend_data_alloc(be, o->len + 1);
	if (!buf)
		return -1;
	memcpy(buf, o->data, o->len);
	buf[o->len] = '\0';
	*out = buf;
	*len = o->len;
	*type = o->type;
	return 0;
}

static int
p_read_header(size_t *len, git_object_t *type, git_odb_backend *be,
	const git_oid *id)
{
	const struct pending_object *o = pending_find((struct umpire_pending *)be,
		id);

	if (!o)
		return GIT_ENOTFOUND;
	*len = o->len;
	*type = o->type;
	return 0;
}

static int
p_exists(git_odb_backend *be, const git_oid *id)
{
	return pending_find((struct umpire_pending *)be, id) != NULL;
}

static int
p_write(git_odb_backend *be, const git_oid *id, const void *data, size_t len,
	git_object_t type)
{
	struct umpire_pending *p = (struct umpire_pending *)be;

	if (pending_find(p, id))
		return 0;
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 16;
		p->v = umpire_xrealloc(p->v, p->cap * sizeof(*p->v));
	}
	struct pending_object *o = &p->v[p->n++];
	git_oid_cpy(&o->id, id);
	o->type = type;
	o->len = len;
	o->data = umpire_xmalloc(len ? len : 1);
	if (len)	/* an empty object's data may be NULL */
		memcpy(o->data, data, len);
	return 0;
}

static void
pending_reset(struct umpire_pending *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->v[i].data);
	p->n = 0;
}

static void
p_free(git_odb_backend *be)
{
	struct umpire_pending *p = (struct umpire_pending *)be;

	pending_reset(p);
	free(p->v);
	free(p);
}

/* ------------------------------------------------------------ quarantine */

/* Where the pack is written: objects/umpire-incoming-TOKEN. */
static void
quarantine_path(const struct umpire_history *h, char *path, size_t size)
{
	umpire_pathf(path, size, "%sobjects/" QUARANTINE_PREFIX "%s",
		git_repository_path(h->repo), h->token);
}

int
umpire_odb_quarantine(struct umpire_history *h, struct umpire_diags *d)
{
	git_odb *odb;

	if (!h->pending) {
		struct umpire_pending *p = umpire_xmalloc(sizeof(*p));
		memset(p, 0, sizeof(*p));
		p->parent.version = GIT_ODB_BACKEND_VERSION;
		p->parent.read = p_read;
		p->parent.read_header = p_read_header;
		p->parent.exists = p_exists;
		p->parent.write = p_write;
		p->parent.free = p_free;
		if (git_repository_odb(&odb, h->repo) != 0) {
			p_free(&p->parent);
			return umpire_repo_fail(d, h->dir, EX_IOERR,
				"cannot write objects");
		}
		/* The odb owns it from now on; it is emptied after each step. */
		int rc = git_odb_add_backend(odb, &p->parent, 100);
		git_odb_free(odb);
		if (rc != 0) {
			p_free(&p->parent);
			return umpire_repo_fail(d, h->dir, EX_IOERR,
				"cannot write objects");
		}
		h->pending = p;
	}
	pending_reset(h->pending);
	h->quarantined = true;
	return 0;
}

/* ------------------------------------------------------------ the packs */

/* The number of objects pack-NAME.idx lists (a version 2 index), or -1. */
static long
idx_count(int dirfd, const char *idx)
{
	unsigned char head[8 + 256 * 4];
	int fd = openat(dirfd, idx, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return -1;
	ssize_t n = pread(fd, head, sizeof(head), 0);
	close(fd);
	if (n != (ssize_t)sizeof(head) || memcmp(head, "\377tOc\0\0\0\2", 8) != 0)
		return -1;
	const unsigned char *last = head + 8 + 255 * 4;
	return (long)((uint32_t)last[0] << 24 | (uint32_t)last[1] << 16 |
		(uint32_t)last[2] << 8 | last[3]);
}

/* Whether pack "pack-X" has files beside .pack and .idx (.keep, ...). */
static bool
has_extras(int dirfd, const char *base)
{
	static const char *const extras[] = { ".keep", ".bitmap", ".rev",
		".promisor", ".mtimes" };
	char name[512];
	struct stat st;

	for (size_t i = 0; i < sizeof(extras) / sizeof(*extras); i++) {
		umpire_pathf(name, sizeof(name), "%s%s", base, extras[i]);
		if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0)
			return true;
	}
	return false;
}

struct old_pack {
	char base[128];		/* "pack-HEX" */
	long count;
};

static int
by_count(const void *a, const void *b)
{
	const struct old_pack *x = a, *y = b;

	return (x->count > y->count) - (x->count < y->count);
}

/* Put the object ids pack-X.idx lists into pb. */
static int
insert_pack(git_packbuilder *pb, int dirfd, const char *base, long count)
{
	char name[160];
	int rc = 0;

	umpire_pathf(name, sizeof(name), "%s.idx", base);
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	size_t len = (size_t)count * GIT_OID_RAWSZ;
	unsigned char *ids = umpire_xmalloc(len ? len : 1);
	size_t got = 0;
	while (got < len) {
		ssize_t n = pread(fd, ids + got, len - got,
			(off_t)(8 + 256 * 4 + got));
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	for (size_t i = 0; got == len && rc == 0 && i < (size_t)count; i++) {
		git_oid id;
		git_oid_fromraw(&id, ids + i * GIT_OID_RAWSZ);
		rc = git_packbuilder_insert(pb, &id, NULL);
	}
	free(ids);
	return got == len ? rc : -1;
}

/*
 * The packs the step's pack takes in (geometric, above): their names
 * into h->merged, smallest first.
 */
static void
choose_packs(struct umpire_history *h, int packfd, long have)
{
	struct old_pack *v = NULL;
	size_t n = 0, cap = 0;
	DIR *dp = fdopendir(dup(packfd));
	struct dirent *e;

	while (dp && (e = readdir(dp))) {
		size_t len = strlen(e->d_name);
		if (len < 9 || len >= sizeof(v->base) + 4 ||
		    strncmp(e->d_name, "pack-", 5) != 0 ||
		    strcmp(e->d_name + len - 4, ".idx") != 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			v = umpire_xrealloc(v, cap * sizeof(*v));
		}
		memcpy(v[n].base, e->d_name, len - 4);
		v[n].base[len - 4] = '\0';
		if ((v[n].count = idx_count(packfd, e->d_name)) >= 0)
			n++;
	}
	if (dp)
		closedir(dp);
	if (n)	/* v is NULL when there is no pack yet */
		qsort(v, n, sizeof(*v), by_count);
	for (size_t i = 0; i < n; i++) {
		if (v[i].count >= GEOMETRIC_FACTOR * have ||
		    v[i].count >= FROZEN_AT || has_extras(packfd, v[i].base))
			break;
		h->merged = umpire_xrealloc(h->merged, (h->nmerged + 1) *
			sizeof(*h->merged));
		h->merged[h->nmerged] = umpire_xmalloc(sizeof(v[i].base));
		memcpy(h->merged[h->nmerged++], v[i].base, sizeof(v[i].base));
		have += v[i].count;
	}
	free(v);
}

/*
 * The objects the chosen packs list, into pb.  A pack whose index
 * cannot be read is not taken in, and neither are the larger ones: the
 * packs removed after the step are exactly those whose objects pb holds.
 */
static void
take_in(struct umpire_history *h, git_packbuilder *pb, int packfd)
{
	size_t i;

	for (i = 0; i < h->nmerged; i++) {
		long count = -1;
		char idx[160];
		umpire_pathf(idx, sizeof(idx), "%s.idx", h->merged[i]);
		if ((count = idx_count(packfd, idx)) < 0 ||
		    insert_pack(pb, packfd, h->merged[i], count) != 0)
			break;
	}
	for (size_t j = i; j < h->nmerged; j++)
		free(h->merged[j]);
	h->nmerged = i;
}

/* Remove objects/pack/pack-X's files, the index first. */
static void
remove_pack(int packfd, const char *base)
{
	static const char *const exts[] = { ".idx", ".rev", ".pack" };
	char name[160];

	for (size_t i = 0; i < sizeof(exts) / sizeof(*exts); i++) {
		umpire_pathf(name, sizeof(name), "%s%s", base, exts[i]);
		unlinkat(packfd, name, 0);
	}
}

static int
open_dir(const char *path)
{
	return open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/* objects/pack, made if missing: its descriptor, or -1. */
static int
pack_dir(struct umpire_history *h)
{
	char path[4096];

	umpire_pathf(path, sizeof(path), "%sobjects/pack",
		git_repository_path(h->repo));
	if (mkdir(path, umpire_repo_dir_mode(h)) == 0)
		umpire_repo_share(h, -1, path, true);
	return open_dir(path);
}

/* fsync the file name in dirfd; 0 or -1. */
static int
sync_at(int dirfd, const char *name)
{
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	int rc = fd >= 0 && fsync(fd) == 0 ? 0 : -1;

	if (fd >= 0)
		close(fd);
	return rc;
}

bool
umpire_odb_batch_sync(struct umpire_history *h)
{
#ifdef __linux__
	/*
	 * One syncfs covers the pack and the branch only if they are on one
	 * file system (a host may keep objects/ elsewhere, by a link).
	 */
	char path[4096];
	struct stat top, objects;

	umpire_pathf(path, sizeof(path), "%sobjects/",
		git_repository_path(h->repo));
	return stat(git_repository_path(h->repo), &top) == 0 &&
		stat(path, &objects) == 0 && top.st_dev == objects.st_dev;
#else
	(void)h;
	return false;
#endif
}

int
umpire_odb_sync(struct umpire_history *h)
{
#ifdef __linux__
	int fd = open_dir(git_repository_path(h->repo));
	int rc = fd >= 0 && syncfs(fd) == 0 ? 0 : -1;

	if (fd >= 0)
		close(fd);
	return rc;
#else
	(void)h;
	return 0;
#endif
}

/* ------------------------------------------------- the step's own pack */

static void
put_be32(struct umpire_buf *b, uint32_t v)
{
	unsigned char x[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16),
		(unsigned char)(v >> 8), (unsigned char)v };

	umpire_buf_add(b, x, 4);
}

/* The pack's type numbers (gitformat-pack(5)); libgit2's are the same. */
static unsigned
pack_type(git_object_t type)
{
	switch (type) {
	case GIT_OBJECT_COMMIT: return 1;
	case GIT_OBJECT_TREE: return 2;
	case GIT_OBJECT_BLOB: return 3;
	case GIT_OBJECT_TAG: return 4;
	default: return 0;
	}
}

/* An entry's header: the type and the size, seven bits a byte. */
static void
entry_header(struct umpire_buf *b, unsigned type, size_t len)
{
	unsigned char x[16];
	size_t n = 0;

	x[n++] = (unsigned char)(type << 4 | (len & 15));
	len >>= 4;
	while (len) {
		x[n - 1] |= 0x80;
		x[n++] = (unsigned char)(len & 127);
		len >>= 7;
	}
	umpire_buf_add(b, x, n);
}

/*
 * Objects up to this size go into the step's own pack as they are, in
 * stored deflate blocks: a step's states, reports and pictures are a few
 * KiB each, deflating them cost more than the rest of writing the pack,
 * and the next pack to take this one in compresses them anyway.
 */
#define STORE_MAX (64 * 1024)

/* data[0..len) as a zlib stream of stored blocks (RFC 1950, RFC 1951). */
static void
put_stored(struct umpire_buf *b, const unsigned char *data, size_t len)
{
	/* CM 8, a 32 KiB window, the fastest level; FCHECK makes it % 31. */
	static const unsigned char head[2] = { 0x78, 0x01 };
	uLong adler = adler32(0, Z_NULL, 0);

	umpire_buf_add(b, head, 2);
	do {
		size_t n = len > 65535 ? 65535 : len;
		unsigned char block[5] = { len == n, (unsigned char)n,
			(unsigned char)(n >> 8), (unsigned char)~n,
			(unsigned char)(~n >> 8) };
		umpire_buf_add(b, block, 5);
		umpire_buf_add(b, data, n);
		adler = adler32(adler, data, (uInt)n);
		data += n;
		len -= n;
	} while (len);
	put_be32(b, (uint32_t)adler);
}

static const struct umpire_pending *sort_pending;

static int
by_id(const void *a, const void *b)
{
	return git_oid_cmp(&sort_pending->v[*(const size_t *)a].id,
		&sort_pending->v[*(const size_t *)b].id);
}

/* name in dirfd, created (never an existing file) with data; 0 or errno. */
static int
create_at(int dirfd, const char *name, const struct umpire_buf *data,
	unsigned mode)
{
	int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		O_CLOEXEC, mode);
	int err = 0;

	if (fd < 0)
		return errno;
	for (size_t done = 0; !err && done < data->len; ) {
		ssize_t n = write(fd, data->ptr + done, data->len - done);
		if (n < 0 && errno != EINTR)
			err = errno;
		else if (n > 0)
			done += (size_t)n;
	}
	if (close(fd) != 0 && !err)
		err = errno;
	return err;
}

/*
 * The objects held, as one pack and its index (version 2) in the
 * quarantine qfd, named pack-HEX by the pack's checksum, as git names
 * them; the name in h->pack.  Each object is whole: none has a base in
 * the pack to be a delta of.  Most are stored, not deflated (above):
 * the pack builder compresses them anew, deltas and all, when a later
 * step's pack takes this one in, most often the very next step.
 * 0, or an errno.
 */
static int
write_own_pack(struct umpire_history *h, int qfd)
{
	const struct umpire_pending *p = h->pending;
	struct umpire_buf pack = UMPIRE_BUF_INIT, idx = UMPIRE_BUF_INIT;
	size_t *order = umpire_xmalloc(p->n * sizeof(*order));
	uint32_t *crc = umpire_xmalloc(p->n * sizeof(*crc));
	uint32_t *offset = umpire_xmalloc(p->n * sizeof(*offset));
	unsigned char sum[UMPIRE_SHA1_LEN], idxsum[UMPIRE_SHA1_LEN];
	struct umpire_sha1 c;
	z_stream z;
	bool zinit = false;
	int err = 0;

	memset(&z, 0, sizeof(z));
	umpire_buf_add(&pack, "PACK", 4);
	put_be32(&pack, 2);
	put_be32(&pack, (uint32_t)p->n);
	for (size_t i = 0; !err && i < p->n; i++) {
		const struct pending_object *o = &p->v[i];
		size_t start = pack.len;
		unsigned type = pack_type(o->type);
		/* An index of 32-bit offsets holds packs under 2 GiB. */
		if (!type || start >= 0x80000000u || o->len > UINT32_MAX) {
			err = EFBIG;
			break;
		}
		offset[i] = (uint32_t)start;
		entry_header(&pack, type, o->len);
		if (o->len <= STORE_MAX) {
			put_stored(&pack, o->data, o->len);
		} else {
			if (!zinit && deflateInit(&z, Z_BEST_SPEED) != Z_OK) {
				err = ENOMEM;
				break;
			}
			zinit = true;
			uLong bound = deflateBound(&z, (uLong)o->len);
			umpire_buf_grow(&pack, bound);
			z.next_in = o->data;
			z.avail_in = (uInt)o->len;
			z.next_out = (unsigned char *)pack.ptr + pack.len;
			z.avail_out = (uInt)bound;
			if (deflate(&z, Z_FINISH) != Z_STREAM_END) {
				err = EIO;
				break;
			}
			pack.len += bound - z.avail_out;
			deflateReset(&z);
		}
		crc[i] = (uint32_t)crc32(0, (const unsigned char *)pack.ptr + start,
			(uInt)(pack.len - start));
	}
	if (zinit)
		deflateEnd(&z);
	if (err)
		goto done;
	umpire_sha1_init(&c);
	umpire_sha1_update(&c, pack.ptr, pack.len);
	umpire_sha1_final(&c, sum);
	umpire_buf_add(&pack, sum, sizeof(sum));

	/* The index: a fan-out by first byte, then ids, CRCs, offsets, sorted. */
	for (size_t i = 0; i < p->n; i++)
		order[i] = i;
	sort_pending = p;
	if (p->n)
		qsort(order, p->n, sizeof(*order), by_id);
	umpire_buf_add(&idx, "\377tOc", 4);
	put_be32(&idx, 2);
	size_t k = 0;
	for (unsigned byte = 0; byte < 256; byte++) {
		while (k < p->n && p->v[order[k]].id.id[0] <= byte)
			k++;
		put_be32(&idx, (uint32_t)k);
	}
	for (size_t i = 0; i < p->n; i++)
		umpire_buf_add(&idx, p->v[order[i]].id.id, GIT_OID_RAWSZ);
	for (size_t i = 0; i < p->n; i++)
		put_be32(&idx, crc[order[i]]);
	for (size_t i = 0; i < p->n; i++)
		put_be32(&idx, offset[order[i]]);
	umpire_buf_add(&idx, sum, sizeof(sum));
	umpire_sha1_init(&c);
	umpire_sha1_update(&c, idx.ptr, idx.len);
	umpire_sha1_final(&c, idxsum);
	umpire_buf_add(&idx, idxsum, sizeof(idxsum));

	char hex[GIT_OID_HEXSZ + 1], name[160];
	git_oid sumid;
	git_oid_fromraw(&sumid, sum);
	git_oid_tostr(hex, sizeof(hex), &sumid);
	umpire_pathf(h->pack, sizeof(h->pack), "pack-%s", hex);
	unsigned mode = umpire_repo_file_mode(h, 0444);
	umpire_pathf(name, sizeof(name), "%s.pack", h->pack);
	if ((err = create_at(qfd, name, &pack, mode)) == 0) {
		umpire_pathf(name, sizeof(name), "%s.idx", h->pack);
		err = create_at(qfd, name, &idx, mode);
	}
done:
	free(order);
	free(crc);
	free(offset);
	umpire_buf_free(&pack);
	umpire_buf_free(&idx);
	return err;
}

int
umpire_odb_migrate(struct umpire_history *h, struct umpire_diags *d)
{
	char q[4096], from[4352], name[160];
	git_packbuilder *pb = NULL;
	int packfd = -1, err = 0;
	const char *what = "cannot write the pack";

	if (!h->quarantined || h->pending->n == 0)
		return 0;
	quarantine_path(h, q, sizeof(q));
	if (mkdir(q, umpire_repo_dir_mode(h)) != 0 && errno != EEXIST) {
		err = errno;
		goto fail;
	}
	umpire_repo_share(h, -1, q, true);
	if ((packfd = pack_dir(h)) < 0) {
		err = errno;
		goto fail;
	}
	choose_packs(h, packfd, (long)h->pending->n);
	if (h->nmerged == 0) {
		/* The step's objects alone: written here, no pack builder. */
		int qfd = open_dir(q);
		err = qfd >= 0 ? write_own_pack(h, qfd) : errno;
		if (qfd >= 0)
			close(qfd);
		if (err)
			goto fail;
	} else {
		if (git_packbuilder_new(&pb, h->repo) != 0)
			goto git_fail;
		for (size_t i = 0; i < h->pending->n; i++)
			if (git_packbuilder_insert(pb, &h->pending->v[i].id,
			    NULL) != 0)
				goto git_fail;
		take_in(h, pb, packfd);
		if (git_packbuilder_write(pb, q, umpire_repo_file_mode(h, 0444),
		    NULL, NULL) != 0)
			goto git_fail;
		umpire_pathf(h->pack, sizeof(h->pack), "pack-%s",
			git_packbuilder_name(pb));
		git_packbuilder_free(pb);
		pb = NULL;
	}
	/* The pack, then its index, which is what makes git read it. */
	what = "cannot move the pack in";
	static const char *const exts[] = { ".pack", ".idx" };
	for (size_t i = 0; i < 2; i++) {
		umpire_pathf(name, sizeof(name), "%s%s", h->pack, exts[i]);
		umpire_pathf(from, sizeof(from), "%s/%s", q, name);
		umpire_repo_share(h, -1, from, false);
		/* Already there: the same objects, by its name. */
		if (linkat(AT_FDCWD, from, packfd, name, 0) != 0 && errno != EEXIST) {
			err = errno;
			goto fail;
		}
		h->migrated = true;
		if (!h->batch && sync_at(packfd, name) != 0) {
			err = errno;
			goto fail;
		}
	}
	if (!h->batch && umpire_file_sync_dir(packfd) != 0) {
		err = errno;
		goto fail;
	}
	close(packfd);
	return 0;
git_fail:
	git_packbuilder_free(pb);
	if (packfd >= 0)
		close(packfd);
	return umpire_repo_fail(d, h->dir, EX_IOERR, what);
fail:
	if (packfd >= 0)
		close(packfd);
	umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "%s: %s; nothing was "
		"committed", what, strerror(err ? err : EIO));
	return EX_IOERR;
}

/* -------------------------------------------------------------- clean-up */

/* Whether objects/pack/name is the very file q/name is. */
static bool
same_file(int packfd, const char *q, const char *name)
{
	char path[4352];
	struct stat a, b;

	umpire_pathf(path, sizeof(path), "%s/%s", q, name);
	return fstatat(packfd, name, &a, AT_SYMLINK_NOFOLLOW) == 0 &&
		lstat(path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/*
 * A quarantine an umpire before 0.4.0 left: loose objects, xx/NAME,
 * moved into objects/xx by link(2).  Unless keep, what moved in goes.
 */
static void
discard_loose(const char *objdir, const char *q, const char *xx, bool keep)
{
	char sub[4352], a[4608], b[4608];
	DIR *dp;
	struct dirent *f;
	struct stat sa, sb;

	umpire_pathf(sub, sizeof(sub), "%s/%s", q, xx);
	if (!(dp = opendir(sub)))
		return;
	while ((f = readdir(dp))) {
		if (strlen(f->d_name) != GIT_OID_HEXSZ - 2)
			continue;
		umpire_pathf(a, sizeof(a), "%s%s/%s", objdir, xx, f->d_name);
		umpire_pathf(b, sizeof(b), "%s/%s", sub, f->d_name);
		if (!keep && lstat(a, &sa) == 0 && lstat(b, &sb) == 0 &&
		    sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino)
			unlink(a);
		unlink(b);
	}
	closedir(dp);
	rmdir(sub);
}

/* Remove quarantine directory q; first, unless keep, what it moved in. */
static void
discard(struct umpire_history *h, const char *q, bool keep)
{
	char objdir[4096], path[4352];
	DIR *dp = opendir(q);
	struct dirent *e;
	int packfd;

	umpire_pathf(objdir, sizeof(objdir), "%sobjects/",
		git_repository_path(h->repo));
	umpire_pathf(path, sizeof(path), "%spack", objdir);
	packfd = open_dir(path);
	/* The index first, as git would: without it the pack is not read. */
	for (int pass = 0; dp && pass < 2; pass++) {
		rewinddir(dp);
		while ((e = readdir(dp))) {
			size_t len = strlen(e->d_name);
			bool idx = len > 4 && strcmp(e->d_name + len - 4, ".idx") == 0;
			if (e->d_name[0] == '.')
				continue;
			if (len == 2) {
				if (pass == 1)
					discard_loose(objdir, q, e->d_name, keep);
				continue;
			}
			if (idx != (pass == 0))
				continue;
			if (!keep && packfd >= 0 && strncmp(e->d_name, "pack-", 5) == 0 &&
			    same_file(packfd, q, e->d_name))
				unlinkat(packfd, e->d_name, 0);
			umpire_pathf(path, sizeof(path), "%s/%s", q, e->d_name);
			if (unlink(path) != 0)
				rmdir(path);
		}
	}
	if (dp)
		closedir(dp);
	if (packfd >= 0)
		close(packfd);
	rmdir(q);
}

void
umpire_odb_end(struct umpire_history *h, bool committed)
{
	char q[4096];
	git_odb *odb;

	if (!h->quarantined)
		return;
	quarantine_path(h, q, sizeof(q));
	discard(h, q, committed || !h->migrated);
	/* The packs the step's pack took in hold nothing it does not. */
	int packfd = committed && h->nmerged ? pack_dir(h) : -1;
	for (size_t i = 0; i < h->nmerged; i++) {
		if (packfd >= 0 && strcmp(h->merged[i], h->pack) != 0)
			remove_pack(packfd, h->merged[i]);
		free(h->merged[i]);
	}
	if (packfd >= 0)
		close(packfd);
	free(h->merged);
	h->merged = NULL;
	h->nmerged = 0;
	h->pack[0] = '\0';
	pending_reset(h->pending);
	h->quarantined = h->migrated = false;
	/* The objects are read from the new pack from now on. */
	if (committed && git_repository_odb(&odb, h->repo) == 0) {
		git_odb_refresh(odb);
		git_odb_free(odb);
	}
}

void
umpire_odb_recover(struct umpire_history *h, bool keep)
{
	char objdir[4096];
	DIR *dp;
	struct dirent *e;

	umpire_pathf(objdir, sizeof(objdir), "%sobjects",
		git_repository_path(h->repo));
	if (!(dp = opendir(objdir)))
		return;
	while ((e = readdir(dp))) {
		char q[4352];
		if (strncmp(e->d_name, QUARANTINE_PREFIX,
		    sizeof(QUARANTINE_PREFIX) - 1) != 0)
			continue;
		umpire_pathf(q, sizeof(q), "%s/%s", objdir, e->d_name);
		discard(h, q, keep);
	}
	closedir(dp);
}
