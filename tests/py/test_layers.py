#!/usr/bin/env python3
"""The folders of src/ and what each may call (issue #23).

Every folder of src/ has a README whose "May call:" line names the
folders it stands on.  This test holds the code to those lines, at two
levels: the includes the compiler reads, and the calls the linker
resolves (read from the objects with nm, so a call through a prototype
written by hand is caught too).  The folders' own graph must have no
circle, and no two files below the rulesets and the verbs may call each
other in a circle.  main.c, at the top, may call anything.

The rulesets' files are held to their own one-way chain by check-chain;
the verbs reach each other only through cli.c's table of verbs.
"""
import collections
import os
import re
import subprocess

import umpiretest as ut

SRC = os.path.join(ut.ROOT, 'src')
BUILD = os.path.dirname(os.environ['UMPIRE'])
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folders():
    """{folder: set of folders it may call}, from the READMEs."""
    allowed = {}
    for name in sorted(os.listdir(SRC)):
        path = os.path.join(SRC, name)
        if not os.path.isdir(path):
            continue
        readme = os.path.join(path, 'README')
        ut.check(os.path.exists(readme),
                 'src/%s has no README saying what it holds and may call'
                 % name)
        text = open(readme).read()
        m = re.search(r'^May call: (.*)$', text, re.M)
        ut.check(m, 'src/%s/README has no "May call:" line' % name)
        line = m.group(1).rstrip('.')
        if line.startswith('nothing'):
            allowed[name] = set()
        else:
            allowed[name] = {w.strip() for w in line.split(',')}
    for name, calls in allowed.items():
        for c in calls:
            ut.check(c in allowed, 'src/%s/README may call %s, which is '
                     'no folder of src/' % (name, c))
    return allowed


def folder_of(relpath):
    """'rules/amb/state.c' -> 'rules'; 'main.c' -> None."""
    parts = relpath.split('/')
    return parts[0] if len(parts) > 1 else None


def circles(edges):
    """The strongly connected components of more than one node."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_folders_form_no_circle():
    allowed = folders()
    found = circles({f: allowed[f] for f in allowed})
    ut.check(not found, 'the READMEs let folders call each other in a '
             'circle: %s' % found)
    # The ones the issue asks for are there.
    for name in ('util', 'doc', 'crypto', 'history', 'game', 'render',
                 'play', 'cli', 'mail', 'geom', 'rules'):
        ut.check(name in allowed, 'src/%s is missing' % name)


def test_includes_point_down():
    allowed = folders()
    wrong = []
    for root, _, files in os.walk(SRC):
        for fn in files:
            if not fn.endswith(('.c', '.h')):
                continue
            path = os.path.join(root, fn)
            rel = os.path.relpath(path, SRC)
            mine = folder_of(rel)
            if mine is None:
                continue
            for inc in INCLUDE.findall(open(path).read()):
                if '/' not in inc:
                    ut.check(os.path.exists(os.path.join(root, inc)),
                             '%s includes "%s", which is not beside it'
                             % (rel, inc))
                    continue
                theirs = inc.split('/')[0]
                if theirs != mine and theirs not in allowed[mine]:
                    wrong.append('%s includes %s (src/%s/README: may call %s)'
                                 % (rel, inc, mine,
                                    ', '.join(sorted(allowed[mine]))
                                    or 'nothing'))
    ut.check(not wrong, 'includes that point up or sideways:\n  '
             + '\n  '.join(wrong))


def link_graph():
    """{object: objects whose symbols it uses}, objects as 'game/game'."""
    defs, uses = {}, collections.defaultdict(set)
    objs = []
    for root, _, files in os.walk(os.path.join(BUILD, 'src')):
        objs += [os.path.join(root, f) for f in files if f.endswith('.o')]
    ut.check(len(objs) > 50, 'no objects under %s/src: build first' % BUILD)
    for o in sorted(objs):
        name = os.path.relpath(o, os.path.join(BUILD, 'src'))[:-2]
        if not os.path.exists(os.path.join(SRC, name + '.c')):
            continue    # left by a build of an older tree
        out = subprocess.run(['nm', o], capture_output=True, text=True,
                             check=True).stdout
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in 'TDRBCV':
                defs[f[2]] = name
            elif len(f) == 2 and f[0] == 'U':
                uses[name].add(f[1])
    edges = collections.defaultdict(set)
    for a, syms in uses.items():
        for s in syms:
            b = defs.get(s)
            if b and b != a:
                edges[a].add(b)
    return edges


def test_calls_point_down():
    allowed = folders()
    edges = link_graph()
    wrong = []
    for a, bs in sorted(edges.items()):
        fa = folder_of(a + '.o')
        if fa is None or fa not in allowed:
            continue
        for b in sorted(bs):
            fb = folder_of(b + '.o')
            if fb != fa and fb not in allowed[fa]:
                wrong.append('%s calls %s' % (a, b))
    ut.check(not wrong, 'calls that point up or sideways:\n  '
             + '\n  '.join(wrong))
    # Below the rulesets and the verbs, no files call each other in a
    # circle.
    core = {a: {b for b in bs if folder_of(b + '.o') not in
                (None, 'rules', 'cli')}
            for a, bs in edges.items()
            if folder_of(a + '.o') not in (None, 'rules', 'cli')}
    found = circles(core)
    ut.check(not found, 'files that call each other in a circle: %s' % found)


if __name__ == '__main__':
    ut.main([test_folders_form_no_circle, test_includes_point_down,
             test_calls_point_down])
