/*
 * odb.c - the objects umpire reads, read so that no object can hang or
 * swamp it.
 *
 * Reading.  A game's repository holds what players pushed and what a
 * power cut left, so every object is read through one backend of
 * umpire's own, the repository's only one:
 *
 *   - a loose object is read and inflated here, with zlib, in one
 *     bounded step: the whole file in memory, then one inflate(3) call
 *     with Z_FINISH into a buffer of the size its header states.  A
 *     damaged or truncated object is an error that names it, never a
 *     loop (libgit2 1.5 inflates a truncated loose object forever,
 *     libgit2 issue 7342);
 *   - a packed object is read by libgit2's pack backend, which this one
 *     wraps, after its header has given its size;
 *   - either way no object over UMPIRE_OBJECT_MAX is inflated at all:
 *     its header is read, and the object refused.
 *
 * libgit2 checks every object's hash after a read (strict hash
 * verification), so a damaged object that inflates is caught too.
 *
 * Writing is pack.c's: a step's objects stay in memory until the
 * branch is locked, and then become one pack.
 */
#include "history/repo.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "util/arena.h"
#include "util/fileio.h"

/* A pack's index (version 2), mapped: its fan-out and sorted ids. */
struct idx_map {
	const unsigned char *p;
	size_t len;
	uint32_t n;
};

struct backend {
	git_odb_backend parent;
	char *objdir;		/* ".../objects/", with the slash */
	git_odb_backend *packs;	/* libgit2's, for objects/pack; or NULL */
	struct idx_map *idx;	/* the packs' indexes, for b_freshen */
	size_t nidx;
	int idx_state;		/* 0 not read, 1 read, -1 one unreadable */
	bool settled;		/* objects/pack unchanged since its mtime: */
	struct timespec mtim;
	ino_t ino;
};

/* ---------------------------------------------------------------- errors */

static int
refuse(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
refuse(int code, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	git_error_set_str(GIT_ERROR_ODB, msg);
	return code;
}

static int
too_large(const git_oid *id, size_t size)
{
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), id);
	return refuse(GIT_EINVALID, "object %s is %zu bytes, over umpire's "
		"limit of %d MiB; umpire does not read it", hex, size,
		UMPIRE_OBJECT_MAX >> 20);
}

static int
damaged(const struct backend *b, const git_oid *id, const char *why)
{
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), id);
	(void)b;
	return refuse(GIT_EINVALID, "object %s (objects/%.2s/%s) is damaged: "
		"%s; restore it from a clone of the game (git fsck lists every "
		"damaged object)", hex, hex, hex + 2, why);
}

/* ----------------------------------------------------------- loose objects */

static void
loose_path(const struct backend *b, const git_oid *id, char *path, size_t size)
{
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), id);
	snprintf(path, size, "%s%.2s/%s", b->objdir, hex, hex + 2);
}

/*
 * The compressed file, or its first head bytes if head is not 0: 0,
 * GIT_ENOTFOUND, or an error.  A whole file larger than any object umpire
 * reads could compress to is refused unread.
 */
static int
loose_load(const struct backend *b, const git_oid *id, unsigned char **z,
	size_t *zlen, size_t head)
{
	char path[4096];
	struct stat st;

	loose_path(b, id, path, sizeof(path));
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return GIT_ENOTFOUND;
		return damaged(b, id, strerror(errno));
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return damaged(b, id, "not a regular file");
	}
	/* Deflate grows data that does not compress by a few bytes in 16 KiB. */
	if (!head && (unsigned long long)st.st_size > UMPIRE_OBJECT_MAX +
	    UMPIRE_OBJECT_MAX / 1000 + 1024) {
		close(fd);
		return too_large(id, (size_t)st.st_size);
	}
	*zlen = head && (unsigned long long)st.st_size > head ? head :
		(size_t)st.st_size;
	*z = umpire_xmalloc(*zlen + 1);
	size_t got = 0;
	while (got < *zlen) {
		ssize_t n = read(fd, *z + got, *zlen - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	if (got != *zlen) {
		free(*z);
		return damaged(b, id, "cannot read it whole");
	}
	return 0;
}

/* "blob 123\0": the type, the size, the header's length. */
static int
parse_header(const unsigned char *h, size_t n, git_object_t *type,
	size_t *size, size_t *hlen)
{
	static const struct { const char *name; git_object_t type; } types[] = {
		{ "commit", GIT_OBJECT_COMMIT }, { "tree", GIT_OBJECT_TREE },
		{ "blob", GIT_OBJECT_BLOB }, { "tag", GIT_OBJECT_TAG },
	};
	const unsigned char *nul = memchr(h, '\0', n);
	const unsigned char *sp = memchr(h, ' ', n);

	if (!nul || !sp || sp > nul)
		return -1;
	*type = GIT_OBJECT_INVALID;
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if ((size_t)(sp - h) == strlen(types[i].name) &&
		    memcmp(h, types[i].name, (size_t)(sp - h)) == 0)
			*type = types[i].type;
	if (*type == GIT_OBJECT_INVALID || sp + 1 == nul ||
	    (sp[1] == '0' && sp + 2 != nul))
		return -1;
	size_t v = 0;
	for (const unsigned char *p = sp + 1; p < nul; p++) {
		if (*p < '0' || *p > '9' || v > (SIZE_MAX - 9) / 10)
			return -1;
		v = v * 10 + (size_t)(*p - '0');
	}
	*size = v;
	*hlen = (size_t)(nul - h) + 1;
	return 0;
}

/*
 * Inflate z into out[0..cap) in one call; the number of bytes out, or
 * -1 if zlib refuses the stream.  *ended says whether the stream ended
 * and every input byte was used.
 */
static long
inflate_once(const unsigned char *z, size_t zlen, unsigned char *out,
	size_t cap, int flush, bool *ended)
{
	z_stream s;

	memset(&s, 0, sizeof(s));
	if (inflateInit(&s) != Z_OK)
		return -1;
	s.next_in = (unsigned char *)z;
	s.avail_in = (uInt)zlen;
	s.next_out = out;
	s.avail_out = (uInt)cap;
	int rc = inflate(&s, flush);
	long n = rc == Z_OK || rc == Z_STREAM_END || rc == Z_BUF_ERROR ?
		(long)s.total_out : -1;
	*ended = rc == Z_STREAM_END && s.avail_in == 0;
	inflateEnd(&s);
	return n;
}

int
umpire_loose_header(const unsigned char *z, size_t zlen, git_object_t *type,
	size_t *size, size_t *hlen, const char **why)
{
	unsigned char h[64];
	bool ended;
	long n = inflate_once(z, zlen, h, sizeof(h), Z_SYNC_FLUSH, &ended);

	if (n < 0) {
		*why = "not zlib data";
		return -1;
	}
	if (parse_header(h, (size_t)n, type, size, hlen) != 0) {
		*why = "no object header (truncated?)";
		return -1;
	}
	return 0;
}

int
umpire_loose_inflate(const unsigned char *z, size_t zlen, unsigned char *out,
	size_t hlen, size_t size, const char **why)
{
	bool ended;
	/* One byte more than the header promises: a longer stream shows. */
	long n = inflate_once(z, zlen, out, hlen + size + 1, Z_FINISH, &ended);

	*why = n < 0 ? "not zlib data" : (size_t)n < hlen + size ? "truncated" :
		(size_t)n > hlen + size ? "more data than its header says" :
		!ended ? "truncated" : NULL;
	return *why ? -1 : 0;
}

static int
loose_header(const struct backend *b, const git_oid *id,
	const unsigned char *z, size_t zlen, git_object_t *type, size_t *size,
	size_t *hlen)
{
	const char *why;

	if (umpire_loose_header(z, zlen, type, size, hlen, &why) != 0)
		return damaged(b, id, why);
	return 0;
}

static int
loose_read(struct backend *b, const git_oid *id, void **out, size_t *len,
	git_object_t *type)
{
	unsigned char *z;
	size_t zlen, size, hlen;
	const char *why;
	int rc;

	if ((rc = loose_load(b, id, &z, &zlen, 0)))
		return rc;
	if ((rc = loose_header(b, id, z, zlen, type, &size, &hlen)) ||
	    (size > UMPIRE_OBJECT_MAX && (rc = too_large(id, size)))) {
		free(z);
		return rc;
	}
	unsigned char *buf = git_odb_backend_data_alloc(&b->parent,
		hlen + size + 1);
	if (!buf) {
		free(z);
		return -1;
	}
	rc = umpire_loose_inflate(z, zlen, buf, hlen, size, &why);
	free(z);
	if (rc != 0) {
		git_odb_backend_data_free(&b->parent, buf);
		return damaged(b, id, why);
	}
	memmove(buf, buf + hlen, size);
	buf[size] = '\0';
	*out = buf;
	*len = size;
	return 0;
}

/* --------------------------------------------------------------- backend */

static int
b_read_header(size_t *len, git_object_t *type, git_odb_backend *be,
	const git_oid *id)
{
	struct backend *b = (struct backend *)be;
	unsigned char *z;
	size_t zlen, hlen;
	/* The header is in the stream's first bytes, whatever follows. */
	int rc = loose_load(b, id, &z, &zlen, 4096);

	if (rc == 0) {
		rc = loose_header(b, id, z, zlen, type, len, &hlen);
		free(z);
		return rc;
	}
	if (rc != GIT_ENOTFOUND || !b->packs)
		return rc;
	return b->packs->read_header(len, type, b->packs, id);
}

static int
b_read(void **out, size_t *len, git_object_t *type, git_odb_backend *be,
	const git_oid *id)
{
	struct backend *b = (struct backend *)be;
	int rc = loose_read(b, id, out, len, type);

	if (rc != GIT_ENOTFOUND || !b->packs)
		return rc;
	/* The size first: a packed blob of 1 GiB takes a megabyte. */
	size_t size;
	git_object_t t;
	if ((rc = b->packs->read_header(&size, &t, b->packs, id)))
		return rc;
	if (size > UMPIRE_OBJECT_MAX)
		return too_large(id, size);
	return b->packs->read(out, len, type, b->packs, id);
}

/* The loose object ids that start with the first len hex digits of id. */
static int
loose_match(const struct backend *b, const git_oid *id, size_t len,
	git_oid *found)
{
	char hex[GIT_OID_HEXSZ + 1], dir[4096];
	int n = 0;

	git_oid_tostr(hex, sizeof(hex), id);
	if (len < 2)
		return 0;
	umpire_pathf(dir, sizeof(dir), "%s%.2s", b->objdir, hex);
	DIR *dp = opendir(dir);
	struct dirent *e;
	if (!dp)
		return 0;
	while ((e = readdir(dp))) {
		char full[GIT_OID_HEXSZ + 1];
		git_oid oid;
		if (strlen(e->d_name) != GIT_OID_HEXSZ - 2 ||
		    strncmp(e->d_name, hex + 2, len - 2) != 0)
			continue;
		umpire_pathf(full, sizeof(full), "%.2s%s", hex, e->d_name);
		if (git_oid_fromstr(&oid, full) != 0)
			continue;
		if (n == 0 || git_oid_cmp(&oid, found) != 0)
			n++;
		git_oid_cpy(found, &oid);
	}
	closedir(dp);
	return n;
}

static int
b_exists_prefix(git_oid *out, git_odb_backend *be, const git_oid *id,
	size_t len)
{
	struct backend *b = (struct backend *)be;
	git_oid loose, packed;
	int n = loose_match(b, id, len, &loose);

	if (n > 1)
		return refuse(GIT_EAMBIGUOUS, "short id matches more than one "
			"object");
	int rc = b->packs ? b->packs->exists_prefix(&packed, b->packs, id, len) :
		GIT_ENOTFOUND;
	if (rc != 0 && rc != GIT_ENOTFOUND)
		return rc;
	if (rc == 0 && n == 1 && git_oid_cmp(&loose, &packed) != 0)
		return refuse(GIT_EAMBIGUOUS, "short id matches more than one "
			"object");
	if (rc == 0)
		git_oid_cpy(out, &packed);
	else if (n == 1)
		git_oid_cpy(out, &loose);
	else
		return GIT_ENOTFOUND;
	return 0;
}

static int
b_read_prefix(git_oid *out, void **data, size_t *len, git_object_t *type,
	git_odb_backend *be, const git_oid *id, size_t hexlen)
{
	git_oid full;
	int rc;

	if (hexlen >= GIT_OID_HEXSZ)
		git_oid_cpy(&full, id);
	else if ((rc = b_exists_prefix(&full, be, id, hexlen)))
		return rc;
	if ((rc = b_read(data, len, type, be, &full)))
		return rc;
	git_oid_cpy(out, &full);
	return 0;
}

static int
b_exists(git_odb_backend *be, const git_oid *id)
{
	struct backend *b = (struct backend *)be;
	char path[4096];
	struct stat st;

	loose_path(b, id, path, sizeof(path));
	if (lstat(path, &st) == 0)
		return 1;
	return b->packs ? b->packs->exists(b->packs, id) : 0;
}

/*
 * The packs' indexes, mapped (idx_state -1 if one cannot be: then
 * b_freshen asks libgit2), and dropped whenever b_refresh reads
 * objects/pack again.  A pack that appears meanwhile is not among them,
 * and an object only there is taken for new: written again, into the
 * step's pack, which git allows.
 */
static void
idx_load(struct backend *b)
{
	char path[4096];
	struct dirent *e;

	b->idx_state = 1;
	umpire_pathf(path, sizeof(path), "%spack", b->objdir);
	DIR *dp = opendir(path);
	if (!dp)
		return;
	while ((e = readdir(dp))) {
		size_t len = strlen(e->d_name);
		if (len < 9 || strncmp(e->d_name, "pack-", 5) != 0 ||
		    strcmp(e->d_name + len - 4, ".idx") != 0)
			continue;
		int fd = openat(dirfd(dp), e->d_name, O_RDONLY | O_NOFOLLOW |
			O_CLOEXEC);
		struct stat st;
		void *m = MAP_FAILED;
		if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size >= 8 + 1024)
			m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd,
				0);
		if (fd >= 0)
			close(fd);
		const unsigned char *p = m;
		uint32_t n = m == MAP_FAILED ? 0 : (uint32_t)p[8 + 1020] << 24 |
			(uint32_t)p[8 + 1021] << 16 | (uint32_t)p[8 + 1022] << 8 |
			p[8 + 1023];
		if (m == MAP_FAILED || memcmp(p, "\377tOc\0\0\0\2", 8) != 0 ||
		    (size_t)st.st_size < 8 + 1024 + (size_t)n * GIT_OID_RAWSZ) {
			if (m != MAP_FAILED)
				munmap(m, (size_t)st.st_size);
			b->idx_state = -1;
			continue;
		}
		b->idx = umpire_xrealloc(b->idx, (b->nidx + 1) * sizeof(*b->idx));
		b->idx[b->nidx++] = (struct idx_map){ p, (size_t)st.st_size, n };
	}
	closedir(dp);
}

static void
idx_drop(struct backend *b)
{
	for (size_t i = 0; i < b->nidx; i++)
		munmap((void *)b->idx[i].p, b->idx[i].len);
	free(b->idx);
	b->idx = NULL;
	b->nidx = 0;
	b->idx_state = 0;
}

/* Whether a mapped index lists id: its fan-out's range, then halves. */
static bool
idx_has(const struct backend *b, const git_oid *id)
{
	for (size_t i = 0; i < b->nidx; i++) {
		const unsigned char *fan = b->idx[i].p + 8;
		unsigned first = id->id[0];
#define FAN(k) ((uint32_t)fan[4 * (k)] << 24 | (uint32_t)fan[4 * (k) + 1] << 16 | \
	(uint32_t)fan[4 * (k) + 2] << 8 | fan[4 * (k) + 3])
		uint32_t lo = first ? FAN(first - 1) : 0, hi = FAN(first);
#undef FAN
		if (hi > b->idx[i].n)
			hi = b->idx[i].n;
		const unsigned char *ids = fan + 1024;
		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;
			int c = memcmp(ids + (size_t)mid * GIT_OID_RAWSZ, id->id,
				GIT_OID_RAWSZ);
			if (c == 0)
				return true;
			if (c < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
	}
	return false;
}

/*
 * As libgit2's loose backend does: git gc keeps what was just reused.
 * Most objects a step writes are new, and libgit2's pack backend looks
 * for each in every pack, at some 2,000 instructions a pack (it formats
 * an error for each miss): an object no pack's index lists is answered
 * here, so that a step's cost does not grow with the packs (issue 29).
 */
static int
b_freshen(git_odb_backend *be, const git_oid *id)
{
	struct backend *b = (struct backend *)be;
	char path[4096];

	struct stat st;

	loose_path(b, id, path, sizeof(path));
	/* Another player's object of a shared game may not take the time. */
	if (utimensat(AT_FDCWD, path, NULL, AT_SYMLINK_NOFOLLOW) == 0 ||
	    lstat(path, &st) == 0)
		return 0;
	if (!b->packs || !b->packs->freshen)
		return GIT_ENOTFOUND;
	if (b->idx_state == 0)
		idx_load(b);
	if (b->idx_state > 0 && !idx_has(b, id))
		return GIT_ENOTFOUND;
	return b->packs->freshen(b->packs, id);
}

/* Whether dir/pack holds a pack. */
static bool
has_packs(const char *objdir)
{
	char path[4096];
	struct dirent *e;
	bool packs = false;

	umpire_pathf(path, sizeof(path), "%spack", objdir);
	DIR *dp = opendir(path);
	if (!dp)
		return false;
	while (!packs && (e = readdir(dp)))
		packs = strlen(e->d_name) > 5 &&
			strcmp(e->d_name + strlen(e->d_name) - 5, ".pack") == 0;
	closedir(dp);
	return packs;
}

/*
 * A game's first pack (pack.c) is read from the moment it appears.
 * libgit2 refreshes after every object it does not find, a step's new
 * ones too, and its pack backend then reads objects/pack again, at a
 * cost that grows with the packs.  So the folder is read again only if
 * it changed: its mtime is not the one of the last reading, or that one
 * was too recent to tell (a file system's clock ticks coarsely, and a
 * pack linked in the same tick leaves the mtime as it was), as git
 * treats a racy index.
 */
static int
b_refresh(git_odb_backend *be)
{
	struct backend *b = (struct backend *)be;
	char path[4096];
	struct stat st;
	struct timespec now;

	umpire_pathf(path, sizeof(path), "%spack", b->objdir);
	bool seen = stat(path, &st) == 0;
	if (b->packs && b->settled && seen && st.st_ino == b->ino &&
	    st.st_mtim.tv_sec == b->mtim.tv_sec &&
	    st.st_mtim.tv_nsec == b->mtim.tv_nsec)
		return 0;
	idx_drop(b);	/* read again at the next freshen */
	b->settled = seen && clock_gettime(CLOCK_REALTIME, &now) == 0 &&
		st.st_mtim.tv_sec + 1 < now.tv_sec;
	b->mtim = seen ? st.st_mtim : (struct timespec){ 0, 0 };
	b->ino = seen ? st.st_ino : 0;
	if (!b->packs && has_packs(b->objdir) &&
	    git_odb_backend_pack(&b->packs, b->objdir) != 0)
		b->packs = NULL;
	if (!b->packs) {
		b->settled = false;
		return 0;
	}
	return b->packs->refresh ? b->packs->refresh(b->packs) : 0;
}

static void
b_free(git_odb_backend *be)
{
	struct backend *b = (struct backend *)be;

	if (b->packs)
		b->packs->free(b->packs);
	idx_drop(b);
	free(b->objdir);
	free(b);
}

static git_odb_backend *
backend_new(const char *objdir)
{
	struct backend *b = umpire_xmalloc(sizeof(*b));
	size_t len = strlen(objdir);

	memset(b, 0, sizeof(*b));
	b->parent.version = GIT_ODB_BACKEND_VERSION;
	b->objdir = umpire_xmalloc(len + 2);
	memcpy(b->objdir, objdir, len + 1);
	if (len == 0 || objdir[len - 1] != '/')
		strcat(b->objdir, "/");
	b->parent.read = b_read;
	b->parent.read_prefix = b_read_prefix;
	b->parent.read_header = b_read_header;
	b->parent.exists = b_exists;
	b->parent.exists_prefix = b_exists_prefix;
	b->parent.freshen = b_freshen;
	b->parent.refresh = b_refresh;
	b->parent.free = b_free;
	/*
	 * While there is no pack (a game an umpire before 0.4.0 made holds
	 * loose objects), libgit2's pack backend, which rescans objects/pack
	 * on every miss, is not even made.
	 */
	if (has_packs(b->objdir) &&
	    git_odb_backend_pack(&b->packs, b->objdir) != 0)
		b->packs = NULL;
	return &b->parent;
}

int
umpire_odb_open(struct umpire_history *h)
{
	const char *gitdir = git_repository_path(h->repo);
	char objdir[4096], path[4096];
	git_odb *odb;

	umpire_pathf(objdir, sizeof(objdir), "%sobjects/", gitdir);
	if (git_odb_new(&odb) != 0)
		return -1;
	if (git_odb_add_backend(odb, backend_new(objdir), 10) != 0) {
		git_odb_free(odb);
		return -1;
	}
	/*
	 * objects/info/alternates (a clone made with --reference or
	 * --shared): each directory it names is read the same way.  Only
	 * the host makes alternates; a push cannot.
	 */
	umpire_pathf(path, sizeof(path), "%sinfo/alternates", objdir);
	FILE *f = fopen(path, "re");
	char line[4096];
	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!*line || *line == '#')
			continue;
		if (*line == '/')
			umpire_pathf(path, sizeof(path), "%s", line);
		else
			umpire_pathf(path, sizeof(path), "%s%s", objdir, line);
		git_odb_add_alternate(odb, backend_new(path), 5);
	}
	if (f)
		fclose(f);
	git_repository_set_odb(h->repo, odb);
	git_odb_free(odb);	/* the repository holds its own reference */
	return 0;
}

int
umpire_odb_check(struct umpire_history *h, const git_oid *id,
	const char *path, size_t max, struct umpire_diags *d)
{
	git_odb *odb;
	size_t size;
	git_object_t type;
	char hex[GIT_OID_HEXSZ + 1];

	if (git_repository_odb(&odb, h->repo) != 0)
		return d ? umpire_repo_fail(d, h->dir, EX_IOERR,
			"cannot read objects") : EX_IOERR;
	int rc = git_odb_read_header(&size, &type, odb, id);
	git_odb_free(odb);
	if (rc != 0)
		return d ? umpire_repo_fail(d, h->dir, EX_IOERR, path) : EX_IOERR;
	if (size > max && !d)
		return EX_DATAERR;
	if (size > max) {
		git_oid_tostr(hex, sizeof(hex), id);
		umpire_diag(d, UMPIRE_ERROR, h->dir, 0, 0, "%s: object %.12s is %zu "
			"bytes, over the limit of %zu; it is not read", path, hex,
			size, max);
		return EX_DATAERR;
	}
	return 0;
}

