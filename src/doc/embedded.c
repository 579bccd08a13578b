#include "doc/embedded.h"

#include <string.h>

const struct umpire_embedded *
umpire_embedded_find(const char *path)
{
	for (const struct umpire_embedded *e = umpire_embedded; e->path; e++)
		if (strcmp(e->path, path) == 0)
			return e;
	return NULL;
}
