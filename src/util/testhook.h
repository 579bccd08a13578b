/*
 * testhook.h - named points in a commit where the test build of umpire
 * (tests/hooks/, make's $(BUILD)/tests/umpire-hooks) runs a command, so
 * that a test can move the branch, or take a lock, at an exact moment
 * rather than after a guessed delay.  In umpire itself they do nothing.
 *
 *   "objects"  the step's objects are written, the branch not yet locked
 *   "migrated" the branch is locked, its objects moved in; it has not moved
 *   "moved"    the branch has moved; the work tree is not yet updated
 */
#ifndef UMPIRE_TESTHOOK_H
#define UMPIRE_TESTHOOK_H

void umpire_test_hook(const char *point);

#endif
