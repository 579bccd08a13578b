/*
 * version.c - comparing umpire's versions (version.h).
 */
#include "game/version.h"

bool
umpire_version_parse(const char *s, unsigned long v[3])
{
	for (int k = 0; k < 3; k++) {
		const char *start = s;
		v[k] = 0;
		while (*s >= '0' && *s <= '9' && s - start < 9)
			v[k] = v[k] * 10 + (unsigned long)(*s++ - '0');
		if (s == start || (*start == '0' && s - start > 1) ||
		    *s != (k < 2 ? '.' : '\0'))
			return false;
		s += k < 2;
	}
	return true;
}

int
umpire_version_cmp(const unsigned long a[3], const unsigned long b[3])
{
	for (int k = 0; k < 3; k++)
		if (a[k] != b[k])
			return a[k] < b[k] ? -1 : 1;
	return 0;
}

bool
umpire_version_older(const char *v, const char *w)
{
	unsigned long a[3], b[3];

	return v && w && umpire_version_parse(v, a) && umpire_version_parse(w, b) &&
		umpire_version_cmp(a, b) < 0;
}
